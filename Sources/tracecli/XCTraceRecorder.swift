import Foundation
import TraceModel

/// Records an Instruments `.trace` bundle through `xctrace record`, with the instruments whose
/// tables tracecli reads, and starts it again when it fails to start.
///
/// The arguments are those of Xcode 26's `xctrace help record`, in this order:
/// `record --instrument SwiftUI --instrument Hitches --instrument Hangs --instrument 'Time
/// Profiler' --instrument 'Points of Interest' [--instrument os_signpost] [--device D]
/// --time-limit T --output B --no-prompt`, then `--attach P` or, last, `--launch -- APP [ARGS…]`.
/// A start fails when xctrace ends without success (a non-zero exit, a signal, the timeout)
/// and leaves no bundle, or one whose table of contents does not export; that bundle is removed
/// and the start tried again, up to ``attempts`` times in all, with a note.
struct XCTraceRecorder {
  /// What xctrace records: an app it launches, or a process it attaches to.
  enum Target: Hashable, Sendable {
    /// The app (a path or a bundle id) and the arguments it is launched with.
    case launch(String, arguments: [String])
    /// A running process, by name or pid.
    case attach(String)
  }

  /// The instruments of every recording, in order: the tables tracecli reads come from them.
  static let instruments = ["SwiftUI", "Hitches", "Hangs", "Time Profiler", "Points of Interest"]

  let program: XCTraceProcess
  let target: Target
  /// How long to record, ns; xctrace counts whole milliseconds (see ``timeLimitArgument``).
  let timeLimit: Int64
  /// The device or simulator, by name or UDID; nil for xctrace's default (this Mac).
  var device: String?
  /// Whether `os_signpost` is recorded too (the intervals an app emits with os_signpost).
  var signposts = false
  /// How long a run may go on past ``timeLimit`` before it is killed, ns.
  var grace: Int64 = 120_000_000_000
  /// Tries in all (the first and the retries).
  var attempts = 3
  /// Where a run's captured output goes; nil for `$TMPDIR` (else `/tmp`).
  var temporaryFolder: String?

  /// Whether `ns` is a time limit xctrace takes: a positive whole number of milliseconds.
  static func isTimeLimit(_ ns: Int64) -> Bool { ns > 0 && ns % 1_000_000 == 0 }

  /// The value of `--time-limit`: whole seconds as `15s`, else milliseconds (`500ms`).
  var timeLimitArgument: String {
    timeLimit % 1_000_000_000 == 0 ? "\(timeLimit / 1_000_000_000)s" : "\(timeLimit / 1_000_000)ms"
  }

  /// The arguments of `xctrace record` writing `bundle`.
  func arguments(bundle: String) -> [String] {
    var arguments = ["record"]
    for instrument in Self.instruments + (signposts ? ["os_signpost"] : []) {
      arguments += ["--instrument", instrument]
    }
    if let device { arguments += ["--device", device] }
    arguments += ["--time-limit", timeLimitArgument, "--output", bundle, "--no-prompt"]
    switch target {
    case .attach(let process): arguments += ["--attach", process]
    case .launch(let app, let appArguments): arguments += ["--launch", "--", app] + appArguments
    }
    return arguments
  }

  /// Records into `bundle`, which must not exist.
  ///
  /// - Parameters:
  ///   - note: receives a line for standard error (a failed start, or xctrace ending badly
  ///     after writing a recording).
  ///   - progress: receives a progress line (recording, and which attempt).
  /// - Throws: ``XCTraceBundleError/recordFailed(bundle:outcome:leftBundle:lastLine:attempts:)``
  ///   when no attempt leaves a recording; ``TraceReadError`` when there is no temporary folder.
  func record(into bundle: String, note: (String) -> Void, progress: (String) -> Void) throws {
    let folder = try SystemFile.makeTemporaryFolder(prefix: "tracecli-record", in: temporaryFolder)
    defer { SystemFile.removeFolder(folder) }
    let outputPath = folder + "/stdout"
    let errorPath = folder + "/stderr"
    let (timeout, overflow) = timeLimit.addingReportingOverflow(grace)
    var attempt = 1
    while true {
      let tries = attempt > 1 ? " (attempt \(attempt) of \(attempts))" : ""
      progress("tracecli: recording \(bundle) for \(timeLimitArgument) with xctrace\(tries)…")
      let outcome = program.run(
        arguments(bundle: bundle), output: outputPath, errorOutput: errorPath,
        timeout: overflow ? .max : timeout)
      // Where xctrace says what went wrong is not documented: standard error, else its output.
      let lastLine = XCTraceProcess.lastLine(of: errorPath) ?? XCTraceProcess.lastLine(of: outputPath)
      let leftBundle = FileManager.default.fileExists(atPath: bundle)
      if leftBundle && outcome.succeeded { return }
      if leftBundle && hasTableOfContents(bundle, folder: folder) {
        note(
          "tracecli: note: \(bundle): xctrace record \(outcome)\(lastLine.map { " (\($0))" } ?? "");"
            + " reading the recording it wrote")
        return
      }
      if leftBundle { try? FileManager.default.removeItem(atPath: bundle) }
      guard attempt < attempts else {
        throw XCTraceBundleError.recordFailed(
          bundle: bundle, outcome: outcome, leftBundle: leftBundle, lastLine: lastLine, attempts: attempt)
      }
      var message = "tracecli: note: \(bundle): xctrace record "
      message += XCTraceBundleError.recordingEnd(outcome, leftBundle: leftBundle)
      message += lastLine.map { " (\($0))" } ?? ""
      note(message + "; trying again (\(attempt + 1) of \(attempts))")
      attempt += 1
    }
  }

  /// Whether the table of contents of `bundle` exports (once, into `folder`) and lists a run.
  private func hasTableOfContents(_ bundle: String, folder: String) -> Bool {
    var exporter = XCTraceBundleExporter(program: program)
    exporter.attempts = 1
    let toc = try? exporter.tableOfContents(of: bundle, in: folder, note: { _ in })
    return !(toc?.runs.isEmpty ?? true)
  }
}
