import TraceModel

/// Why a `.trace` bundle could not be read through `xctrace`.
enum XCTraceBundleError: Error, CustomStringConvertible {
  /// There is no `xctrace` to run; `named` is what `TRACECLI_XCTRACE` names, if set.
  case unavailable(bundle: String, named: String?)
  /// An export kept failing: the table (nil for the table of contents), how the last attempt
  /// ended, its last line on standard error, and the number of attempts.
  case exportFailed(
    bundle: String, table: String?, outcome: XCTraceProcess.Outcome, lastLine: String?, attempts: Int)
  /// The bundle holds several runs and none was picked, or the picked one does not exist.
  case runs(bundle: String, available: [Int], asked: Int?)
  /// The run holds none of the tables tracecli reads.
  case noTables(bundle: String, run: Int, schemas: [String])

  /// The sysexits status: 69 no xctrace, 74 an export failed, 64 a run to pick, 65 nothing to read.
  var exitCode: ExitCode {
    switch self {
    case .unavailable: .unavailable
    case .exportFailed: .ioError
    case .runs: .usage
    case .noTables: .dataError
    }
  }

  var description: String {
    switch self {
    case .unavailable(let bundle, let named):
      let missing =
        named.map { "TRACECLI_XCTRACE names \($0), which is not a program tracecli can run" }
        ?? "there is no xcrun or xctrace on PATH (TRACECLI_XCTRACE may name another program)"
      return """
        \(bundle): an Instruments recording; reading it needs xctrace (Xcode, on a Mac), and \(missing)
        On a Mac, export the table of contents and the tables tracecli reads, then give tracecli the folder here:
          mkdir exports
          xcrun xctrace export --input \(bundle) --toc --output exports/toc.xml
          for table in \(XCTraceTables.all.joined(separator: " ")); do
            xcrun xctrace export --input \(bundle) \\
              --xpath "/trace-toc/run[@number=\\"1\\"]/data/table[@schema=\\"$table\\"]" --output "exports/$table.xml"
          done
          tracecli summarize exports/
        (tables a recording does not have fail to export, or export empty; leave them out)
        """
    case .exportFailed(let bundle, let table, let outcome, let lastLine, let attempts):
      let what = table.map { "table \($0)" } ?? "the table of contents"
      var message = "\(bundle): xctrace export of \(what) failed \(attempts) times; the last \(outcome)"
      message += lastLine.map { ", saying: \($0)" } ?? " (xctrace wrote nothing to standard error)"
      return message
    case .runs(let bundle, let available, let asked):
      let list = available.map(String.init).joined(separator: ", ")
      if let asked {
        return "\(bundle) has no run \(asked); its runs: \(list)"
      }
      return "\(bundle) holds \(available.count) runs (\(list)); pick one with --run N"
    case .noTables(let bundle, let run, let schemas):
      let shown = schemas.isEmpty ? "no tables" : "only " + schemas.prefix(12).joined(separator: ", ")
      return
        "\(bundle): run \(run) holds none of the tables tracecli reads (\(shown)); record it with the SwiftUI instrument (and Time Profiler for samples)"
    }
  }
}
