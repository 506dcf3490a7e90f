import Foundation
import TraceAnalyzer
import TraceModel

/// `tracecli record --launch <app> --time-limit <duration> -o <path>.trace [-- <command> …]`:
/// records with `xctrace record` (``XCTraceRecorder``), then reads the recording.
enum RecordCommand: Command {
  static let name = "record"
  static let synopsis = [
    "--launch <app> --time-limit <duration> -o <path>.trace",
    "--attach <name|pid> --time-limit <duration> -o <path>.trace",
  ]
  static let synopsisEnd = "[-- <command> [<args>...]]"

  static let about = """
    Records an Instruments trace with the instruments whose tables tracecli reads, then
    reads it. It runs

      xcrun xctrace record --instrument SwiftUI --instrument Hitches --instrument Hangs
        --instrument 'Time Profiler' --instrument 'Points of Interest'
        [--instrument os_signpost] [--device <device>] --time-limit <duration>
        --output <path>.trace --no-prompt --launch -- <app> [<arg>...]

    (with --attach <name|pid> in place of --launch), then prints where it wrote the
    recording on standard error and its summary (tracecli summarize <path>.trace). A
    command after -- runs on the recording instead, with its path added last:
    `record … -- check --budget budget.json` runs `tracecli check --budget budget.json
    <path>.trace` and exits with its status.

    A start that fails (xctrace ends without success and leaves no recording, or one
    without a table of contents) is tried twice more, with a note on standard error
    quoting xctrace; a partial recording is removed first.

    Launch the app from xctrace: attached to an app that is already running (one an
    XCUITest launched, say), the SwiftUI tables may come back empty. Points of Interest
    intervals are always recorded, os_signpost intervals only with --signposts: --window
    on intervals an app emits with os_signpost needs them.
    """

  static let options = [
    Option("--launch", value: "<app>", help: "the app xctrace launches and records: a path or a bundle id"),
    Option("--arg", value: "<value>", help: "an argument for the launched app; repeatable, in order"),
    Option(
      "--attach", value: "<name|pid>", help: "attach to a running process instead of launching one (its",
      "SwiftUI tables may come back empty)"),
    Option("--device", value: "<name|udid>", help: "the device or simulator (default: this Mac)"),
    Option(
      "--time-limit", value: "<duration>", help: "how long to record (required), in whole milliseconds:",
      "e.g. 15s or 500ms"),
    Option("-o", "--output", value: "<path>.trace", help: "the recording to write (required)"),
    Option("--force", help: "replace an existing recording at the output's path"),
    Option(
      "--signposts", help: "record os_signpost intervals too (Points of Interest always",
      "are), for --window on intervals emitted with os_signpost"),
    Option(
      "--xctrace-timeout", value: "<seconds>", help: "how long xctrace record may run past --time-limit",
      "before it is stopped and tried again (default 120)"),
    Option.help,
  ]

  static let notes = """
    The command after -- reads the recording as it reads any .trace bundle (through
    xctrace export; it takes --run and --xctrace-timeout for that), and record exits with
    its status. record cannot run record.
    """

  static let exitStatuses = [
    ExitStatus(.success, "recorded and summarized (after --: the command's own status instead)"),
    ExitStatus.usage,
    ExitStatus(.dataError, "the recording holds no table tracecli reads, or a malformed one"),
    ExitStatus.noInput,
    ExitStatus(.unavailable, "no xctrace to record with"),
    ExitStatus(
      .cannotCreate, "the output's folder does not exist, or the output exists (--force replaces it)"),
    ExitStatus(
      .ioError, "xctrace record failed to start 3 times (or an export of the recording kept failing)"),
  ]

  static let examples = [
    "tracecli record --launch com.example.Landmarks --device \"iPhone 16 Pro\" --time-limit 15s \\",
    "  -o run.trace",
    "tracecli record --launch com.example.Landmarks --time-limit 15s -o run.trace \\",
    "  -- check --budget budget.json",
    "tracecli record --launch Landmarks.app --arg -ScrollDemo --time-limit 20s -o run.trace \\",
    "  --signposts -- summarize --window 'Scroll Feed'",
    "tracecli record --attach Landmarks --time-limit 10s -o run.trace",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    try run(
      arguments, output: &output, errors: &errors, style: style,
      environment: XCTraceProcess.processEnvironment, progress: nil)
  }

  /// Records, then reads the recording with `summarize` or the command after `--`, through
  /// ``TraceCLI/run(arguments:output:errors:style:environment:progress:)`` as any command line.
  ///
  /// - Parameters:
  ///   - environment: the environment xctrace is found by and runs in.
  ///   - progress: the terminal's progress display, if any.
  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle, environment: [String: String], progress: ProgressDisplay?
  ) throws -> ExitCode {
    var parsed = try parse(arguments)
    let launch = parsed.value("--launch")
    let appArguments = parsed.values("--arg")
    let attach = parsed.value("--attach")
    let device = parsed.value("--device")
    let timeLimit = try parsed.duration("--time-limit")
    let bundle = parsed.outputFile()
    let force = parsed.flag("--force")
    let signposts = parsed.flag("--signposts")
    let grace = parsed.value("--xctrace-timeout")
    try parsed.finish()

    let end = parsed.positionalsBeforeEndOfOptions ?? parsed.positionals.count
    if let stray = parsed.positionals.prefix(end).first {
      throw UsageError(
        "record takes no trace ('\(stray)'); a command to run on the recording goes after --", command: name)
    }
    let target = try Self.target(launch: launch, attach: attach, appArguments: appArguments)
    guard let timeLimit else {
      throw UsageError("missing --time-limit <duration> (e.g. 15s): how long to record", command: name)
    }
    guard XCTraceRecorder.isTimeLimit(timeLimit) else {
      throw UsageError(
        "--time-limit must be a positive whole number of milliseconds (e.g. 15s or 500ms)", command: name)
    }
    guard let bundle else {
      throw UsageError("missing -o <path>.trace: where to write the recording", command: name)
    }
    guard bundle.hasSuffix(".trace") && bundle != ".trace" else {
      throw UsageError("-o '\(bundle)' must end in .trace (xctrace writes a .trace bundle)", command: name)
    }
    let graceTime = try grace.map { text throws(UsageError) in
      guard let value = TraceBundles.timeout(text), value > 0 else {
        throw UsageError(
          "--xctrace-timeout '\(text)' is not a time; write seconds (e.g. 120) or a duration (e.g. 90s)",
          command: name)
      }
      return value
    }
    let command = Array(parsed.positionals.dropFirst(end))
    if let help = try helpOfCommand(command) {
      output.write(help)
      return .success
    }
    // The command's options are read before recording, so that a mistyped one costs no
    // recording (what they mean together is the command's to say, after).
    if let first = command.first, let type = Usage.command(named: first) {
      _ = try type.parse(Array(command.dropFirst()) + [bundle])
    }
    if FileManager.default.fileExists(atPath: bundle) && !force {
      throw XCTraceBundleError.outputExists(bundle: bundle)
    }

    let (program, kept) = try Self.program(toRecord: bundle, environment: environment)
    var recorder = XCTraceRecorder(
      program: program, target: target, timeLimit: timeLimit, device: device, signposts: signposts)
    if let graceTime { recorder.grace = graceTime }
    recorder.temporaryFolder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    if case .attach = target {
      errors.write(
        "tracecli: warning: attaching to a running app, the SwiftUI tables may come back empty"
          + " (an app an XCUITest launched, say); launching it from xctrace (--launch) is the reliable way\n")
    }
    do {
      try recorder.record(into: bundle, note: { errors.write($0 + "\n") }, progress: { progress?.show($0) })
    } catch {
      // The recording it was to replace comes back.
      if let kept, !FileManager.default.fileExists(atPath: bundle) {
        try? FileManager.default.moveItem(atPath: kept, toPath: bundle)
      }
      throw error
    }
    if let kept { try? FileManager.default.removeItem(atPath: kept) }

    let what =
      switch target {
      case .launch(let app, _): "launched \(app)"
      case .attach(let process): "attached to \(process)"
      }
    errors.write(
      "tracecli: recorded \(bundle) (\(what)\(device.map { " on \($0)" } ?? ""), \(recorder.timeLimitArgument))\n"
    )
    let reading = command.isEmpty ? ["summarize", bundle] : command + [bundle]
    return TraceCLI.run(
      arguments: reading, output: &output, errors: &errors, style: style, environment: environment,
      progress: progress)
  }

  /// What to record: `--launch` (with `--arg`) or `--attach`, exactly one of them.
  private static func target(launch: String?, attach: String?, appArguments: [String]) throws(UsageError)
    -> XCTraceRecorder.Target
  {
    switch (launch, attach) {
    case (let app?, nil):
      guard !app.isEmpty else { throw UsageError("--launch needs an app", command: name) }
      return .launch(app, arguments: appArguments)
    case (nil, let process?):
      guard !process.isEmpty else { throw UsageError("--attach needs a name or pid", command: name) }
      guard appArguments.isEmpty else {
        throw UsageError("--arg is for an app xctrace launches; it does not go with --attach", command: name)
      }
      return .attach(process)
    case (nil, nil):
      throw UsageError("missing --launch <app> (or --attach <name|pid>): what to record", command: name)
    case (.some, .some):
      throw UsageError("--launch and --attach exclude each other; give one", command: name)
    }
  }

  /// The xctrace to record `bundle` with, once its folder is known to exist; an existing
  /// `bundle` (the caller checked `--force`) is moved aside beside it, to be removed once the
  /// new recording is made (or put back if none is): the path it was moved to.
  private static func program(toRecord bundle: String, environment: [String: String])
    throws(XCTraceBundleError)
    -> (program: XCTraceProcess, kept: String?)
  {
    var isFolder: ObjCBool = false
    let folder = bundle.lastIndex(of: "/").map { String(bundle[...$0]) } ?? "."
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw .noFolderToRecordIn(bundle: bundle)
    }
    guard let program = XCTraceProcess.find(environment: environment) else {
      throw .unavailableToRecord(
        bundle: bundle, named: environment["TRACECLI_XCTRACE"].flatMap { $0.isEmpty ? nil : $0 })
    }
    guard FileManager.default.fileExists(atPath: bundle) else { return (program, nil) }
    let name = bundle.split(separator: "/").last.map(String.init) ?? bundle
    let kept = folder + (folder.hasSuffix("/") ? "" : "/") + ".\(name).tracecli-replaced-\(UUID().uuidString)"
    do {
      try FileManager.default.moveItem(atPath: bundle, toPath: kept)
    } catch {
      throw .cannotReplace(bundle: bundle, reason: error.localizedDescription)
    }
    return (program, kept)
  }

  /// The help of the command after `--` when it asks for it; nil when it does not; a usage error
  /// when it names no command record can run.
  private static func helpOfCommand(_ command: [String]) throws(UsageError) -> String? {
    guard let first = command.first else { return nil }
    guard first != name else { throw UsageError("record cannot run record on its recording", command: name) }
    guard let type = Usage.command(named: first) else {
      let names = Usage.subcommands.map(\.name).filter { $0 != name }
      throw UsageError(
        "no command '\(first)' to run on the recording" + Suggestion.didYouMean(first, among: names),
        command: name)
    }
    let options = command.dropFirst().prefix { $0 != "--" }
    return options.contains("-h") || options.contains("--help") ? type.help : nil
  }
}
