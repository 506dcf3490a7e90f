import TraceModel

/// Why a `.trace` bundle could not be read or recorded through `xctrace`.
enum XCTraceBundleError: Error, CustomStringConvertible {
  /// There is no `xctrace` to run; `named` is what `TRACECLI_XCTRACE` names, if set.
  case unavailable(bundle: String, named: String?)
  /// There is no `xctrace` to record `bundle` with; `named` as for ``unavailable(bundle:named:)``.
  case unavailableToRecord(bundle: String, named: String?)
  /// `xctrace record` kept failing to start: how the last attempt ended, whether it left a
  /// bundle (one without a table of contents), its last line of output, and the number of attempts.
  case recordFailed(
    bundle: String, outcome: XCTraceProcess.Outcome, leftBundle: Bool, lastLine: String?, attempts: Int)
  /// The folder `bundle` is to be recorded in does not exist.
  case noFolderToRecordIn(bundle: String)
  /// The recording to write exists, and `--force` was not given.
  case outputExists(bundle: String)
  /// An existing `bundle` could not be removed to record it again (the reason).
  case cannotReplace(bundle: String, reason: String)
  /// An export kept failing: the table (nil for the table of contents), how the last attempt
  /// ended, its last line on standard error, and the number of attempts.
  case exportFailed(
    bundle: String, table: String?, outcome: XCTraceProcess.Outcome, lastLine: String?, attempts: Int)
  /// The bundle holds several runs and none was picked, or the picked one does not exist.
  case runs(bundle: String, available: [Int], asked: Int?)
  /// The run holds none of the tables tracecli reads.
  case noTables(bundle: String, run: Int, schemas: [String])

  /// The sysexits status: 69 no xctrace, 74 an export or a recording failed, 73 no folder to
  /// record in, 64 a run to pick, 65 nothing to read.
  var exitCode: ExitCode {
    switch self {
    case .unavailable, .unavailableToRecord: .unavailable
    case .exportFailed, .recordFailed, .cannotReplace: .ioError
    case .noFolderToRecordIn, .outputExists: .cannotCreate
    case .runs: .usage
    case .noTables: .dataError
    }
  }

  var description: String {
    switch self {
    case .unavailable(let bundle, let named):
      return """
        \(bundle): an Instruments recording; reading it needs xctrace (Xcode, on a Mac), and \(Self.missing(named))
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
    case .unavailableToRecord(let bundle, let named):
      return "cannot record \(bundle): recording needs xctrace (Xcode, on a Mac), and \(Self.missing(named))"
    case .noFolderToRecordIn(let bundle):
      return "cannot record \(bundle): its folder does not exist"
    case .outputExists(let bundle):
      return "\(bundle) exists; --force replaces it (or give another file)"
    case .cannotReplace(let bundle, let reason):
      return "cannot replace \(bundle): \(reason)"
    case .recordFailed(let bundle, let outcome, let leftBundle, let lastLine, let attempts):
      var message =
        "\(bundle): xctrace record failed \(attempts) times; the last "
        + Self.recordingEnd(outcome, leftBundle: leftBundle)
      message += lastLine.map { ", saying: \($0)" } ?? " (xctrace wrote nothing)"
      return message
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

  /// How an attempt of `xctrace record` ended that left no recording to read: `exited with
  /// status 1 and left no recording`.
  static func recordingEnd(_ outcome: XCTraceProcess.Outcome, leftBundle: Bool) -> String {
    "\(outcome) and left " + (leftBundle ? "a bundle without a table of contents" : "no recording")
  }

  /// Why there is no xctrace: what `TRACECLI_XCTRACE` names (`named`), or nothing on `PATH`.
  private static func missing(_ named: String?) -> String {
    named.map { "TRACECLI_XCTRACE names \($0), which is not a program tracecli can run" }
      ?? "there is no xcrun or xctrace on PATH (TRACECLI_XCTRACE may name another program)"
  }
}
