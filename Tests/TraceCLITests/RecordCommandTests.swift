import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli record` through the stand-in `xctrace` (`Fixtures/xctrace/standin/xctrace`), which
/// checks the arguments of `record` word for word, logs them, and "records" by copying a test bundle.
struct RecordCommandTests {
  typealias Scratch = TraceBundlesTests.Scratch

  /// The arguments every recording starts with.
  static let instruments = [
    "record", "--instrument", "SwiftUI", "--instrument", "Hitches", "--instrument", "Hangs", "--instrument",
    "Time Profiler", "--instrument", "Points of Interest",
  ]

  /// The stand-in's log line of `record` calls, as it writes them: shell-quoted where needed.
  private static func logged(_ words: [String]) -> String {
    words.map { word in
      let plain =
        !word.isEmpty
        && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./:=@%+,-".contains($0)) }
      return plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
    }.joined(separator: " ")
  }

  /// The stand-in's `record` calls.
  private static func recordCalls(_ scratch: Scratch) -> [String] {
    scratch.calls.filter { $0.hasPrefix("record ") }
  }

  // MARK: - The arguments

  @Test func launchPassesTheAppsArgumentsAndTheDeviceInXctracesOrder() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      [
        "record", "--launch", "com.example.Landmarks", "--arg", "-UITestScenario", "--arg", "it's two words",
        "--device", "iPhone 16 Pro", "--time-limit", "15s", "-o", bundle,
      ], environment: scratch.environment())
    #expect(run.status == .success, "\(run.errors)")
    let argv =
      Self.instruments + [
        "--device", "iPhone 16 Pro", "--time-limit", "15s", "--output", bundle, "--no-prompt", "--launch",
        "--",
        "com.example.Landmarks", "-UITestScenario", "it's two words",
      ]
    #expect(Self.recordCalls(scratch) == [Self.logged(argv)])
    // The summary of the recording, as `tracecli summarize run.trace` prints it.
    #expect(
      run.output.hasPrefix("MyApp on iPhone 16 Pro, iOS 18.2 (22C152)  \(bundle)[run 1]\n"), "\(run.output)")
    #expect(run.output.contains("MyApp.ContentView (body)"))
    #expect(
      run.errors.contains(
        "tracecli: recorded \(bundle) (launched com.example.Landmarks on iPhone 16 Pro, 15s)\n"))
    #expect(!run.errors.contains("warning: attaching"))
    #expect(FileManager.default.fileExists(atPath: bundle + "/standin/toc.xml"))
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func theRecordersArgumentsAreXctracesWordForWord() {
    let program = XCTraceProcess(executable: "/bin/true", leadingArguments: [])
    var recorder = XCTraceRecorder(
      program: program, target: .launch("/Apps/Landmarks.app", arguments: ["--", "x"]),
      timeLimit: 1_500_000_000)
    #expect(
      recorder.arguments(bundle: "a b.trace")
        == Self.instruments + [
          "--time-limit", "1500ms", "--output", "a b.trace", "--no-prompt", "--launch", "--",
          "/Apps/Landmarks.app", "--", "x",
        ])
    recorder = XCTraceRecorder(
      program: program, target: .attach("4242"), timeLimit: 60_000_000_000, device: "0000-UDID",
      signposts: true)
    #expect(
      recorder.arguments(bundle: "r.trace")
        == Self.instruments + [
          "--instrument", "os_signpost", "--device", "0000-UDID", "--time-limit", "60s", "--output",
          "r.trace",
          "--no-prompt", "--attach", "4242",
        ])
  }

  @Test func attachWarnsThatTheSwiftUITablesMayComeBackEmpty() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      ["record", "--attach", "Landmarks", "--time-limit", "10s", "-o", bundle],
      environment: scratch.environment())
    #expect(run.status == .success, "\(run.errors)")
    #expect(
      Self.recordCalls(scratch)
        == [
          Self.logged(
            Self.instruments + [
              "--time-limit", "10s", "--output", bundle, "--no-prompt", "--attach", "Landmarks",
            ])
        ])
    #expect(
      run.errors.hasPrefix(
        "tracecli: warning: attaching to a running app, the SwiftUI tables may come back empty (an app an "
          + "XCUITest launched, say); launching it from xctrace (--launch) is the reliable way\n"),
      "\(run.errors)")
    #expect(run.errors.contains("tracecli: recorded \(bundle) (attached to Landmarks, 10s)\n"))
  }

  @Test func signpostsAddTheOSSignpostInstrumentAfterTheOthers() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      ["record", "--launch", "Landmarks.app", "--time-limit", "500ms", "--signposts", "--output", bundle],
      environment: scratch.environment())
    #expect(run.status == .success, "\(run.errors)")
    #expect(
      Self.recordCalls(scratch)
        == [
          Self.logged(
            Self.instruments + [
              "--instrument", "os_signpost", "--time-limit", "500ms", "--output", bundle, "--no-prompt",
              "--launch",
              "--", "Landmarks.app",
            ])
        ])
  }

  @Test(
    arguments: [
      ("15s", "15s"), ("500ms", "500ms"), ("1.5s", "1500ms"), ("90s", "90s"), ("2500000us", "2500ms"),
      ("1ms", "1ms"),
    ])
  func timeLimitsAreWrittenInXctracesUnits(_ given: String, _ passed: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      [
        "record", "--launch", "App", "--time-limit", given, "-o", bundle, "--", "summarize", "--format",
        "json",
      ],
      environment: scratch.environment())
    #expect(run.status == .success, "\(run.errors)")
    let call = try #require(Self.recordCalls(scratch).first)
    #expect(call.contains(" --time-limit \(passed) --output "), "\(call)")
  }

  // MARK: - Failed starts

  @Test func aFailedStartIsRemovedAndTriedAgain() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle],
      environment: scratch.environment(fail: "first", only: "record"))
    #expect(run.status == .success, "\(run.errors)")
    #expect(Self.recordCalls(scratch).count == 2)
    #expect(
      run.errors.hasPrefix(
        "tracecli: note: \(bundle): xctrace record exited with status 1 and left a bundle without a table of "
          + "contents (xctrace[4242]: Recording failed: the target could not be started (stand-in)); trying "
          + "again (2 of 3)\n"), "\(run.errors)")
    #expect(run.output.contains("\(bundle)[run 1]"))
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func threeFailedStartsExit74QuotingXctrace() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle],
      environment: scratch.environment(fail: "always", only: "record"))
    #expect(run.status == .ioError)
    #expect(run.output.isEmpty)
    #expect(Self.recordCalls(scratch).count == 3)
    #expect(run.errors.components(separatedBy: "trying again").count == 3)
    #expect(
      run.errors.hasSuffix(
        "tracecli: \(bundle): xctrace record failed 3 times; the last exited with status 1 and left a bundle "
          + "without a table of contents, saying: xctrace[4242]: Recording failed: the target could not be "
          + "started (stand-in)\n"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: bundle))
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func aRecordingLeftByAFailingXctraceIsRead() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle],
      environment: scratch.environment(fail: "after", only: "record"))
    #expect(run.status == .success, "\(run.errors)")
    #expect(Self.recordCalls(scratch).count == 1)
    #expect(
      run.errors.contains(
        "tracecli: note: \(bundle): xctrace record exited with status 1 (xctrace[4242]: the target exited with "
          + "status 1 (stand-in)); reading the recording it wrote\n"), "\(run.errors)")
    #expect(run.output.contains("\(bundle)[run 1]"))
  }

  @Test(.tags(.slow), .notInQuickLoop) func aHungRecordingIsStoppedPastItsTimeLimit() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      ["record", "--launch", "App", "--time-limit", "100ms", "-o", bundle, "--xctrace-timeout", "0.2"],
      environment: scratch.environment(fail: "hang", only: "record"))
    #expect(run.status == .ioError)
    #expect(
      run.errors.hasSuffix(
        "xctrace record failed 3 times; the last did not finish within 300 ms and left no recording "
          + "(xctrace wrote nothing)\n"), "\(run.errors)")
    #expect(Self.recordCalls(scratch).count == 3)
  }

  // MARK: - The command line

  @Test(
    arguments: [
      (["--launch", "App", "-o", "run.trace"], "missing --time-limit <duration>"),
      (["--launch", "App", "--time-limit", "15s"], "missing -o <path>.trace"),
      (["--time-limit", "15s", "-o", "run.trace"], "missing --launch <app> (or --attach <name|pid>)"),
      (
        ["--launch", "App", "--attach", "App", "--time-limit", "15s", "-o", "run.trace"],
        "--launch and --attach exclude each other"
      ),
      (["--attach", "App", "--arg", "x", "--time-limit", "15s", "-o", "run.trace"], "--arg is for an app"),
      (
        ["--launch", "App", "--time-limit", "15", "-o", "run.trace"], "--time-limit must be a positive whole"
      ),
      (
        ["--launch", "App", "--time-limit", "1.5ms", "-o", "run.trace"],
        "--time-limit must be a positive whole"
      ),
      (["--launch", "App", "--time-limit", "2m", "-o", "run.trace"], "--time-limit '2m' is not a duration"),
      (["--launch", "App", "--time-limit", "15s", "-o", "run.jsonl"], "-o 'run.jsonl' must end in .trace"),
      (
        ["--launch", "App", "--time-limit", "15s", "-o", "run.trace", "--xctrace-timeout", "soon"],
        "--xctrace-timeout 'soon' is not a time"
      ),
      (
        ["--launch", "App", "--time-limit", "15s", "-o", "run.trace", "--", "record"],
        "record cannot run record"
      ),
      (
        ["--launch", "App", "--time-limit", "15s", "-o", "run.trace", "--", "chek"],
        "no command 'chek' to run on the recording; did you mean 'check'?"
      ),
      (
        ["old.trace", "--launch", "App", "--time-limit", "15s", "-o", "run.trace"],
        "record takes no trace ('old.trace')"
      ),
      (
        ["--launch", "App", "--time-limit", "15s", "-o", "run.trace", "--bogus", "1"],
        "unknown option '--bogus'"
      ),
    ] as [([String], String)])
  func usageErrorsExit64BeforeRecording(_ arguments: [String], _ message: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = CLIRun(["record"] + arguments, environment: scratch.environment())
    #expect(run.status == .usage)
    #expect(run.errors.contains("tracecli: " + message), "\(run.errors)")
    #expect(run.errors.hasSuffix("run 'tracecli help record' for its options\n"))
    #expect(scratch.calls.isEmpty)
  }

  @Test func anExistingOutputIsReplacedOnlyWithForce() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: false)
    try Data("old".utf8).write(to: URL(fileURLWithPath: bundle + "/old-run"))
    let arguments = ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle]
    let refused = CLIRun(arguments, environment: scratch.environment())
    #expect(refused.status == .cannotCreate)
    #expect(
      refused.errors == "tracecli: \(bundle) exists; --force replaces it (or give another file)\n",
      "\(refused.errors)")
    #expect(FileManager.default.fileExists(atPath: bundle + "/old-run"))
    #expect(scratch.calls.isEmpty)

    let replaced = CLIRun(arguments + ["--force"], environment: scratch.environment())
    #expect(replaced.status == .success, "\(replaced.errors)")
    #expect(!FileManager.default.fileExists(atPath: bundle + "/old-run"))
    #expect(FileManager.default.fileExists(atPath: bundle + "/standin/toc.xml"))
    #expect(Self.recordCalls(scratch).count == 1)
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func aRecordingThatKeepsFailingLeavesTheOneItWasToReplace() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: false)
    try Data("old".utf8).write(to: URL(fileURLWithPath: bundle + "/old-run"))
    let run = CLIRun(
      ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle, "--force"],
      environment: scratch.environment(fail: "always", only: "record"))
    #expect(run.status == .ioError)
    #expect(FileManager.default.fileExists(atPath: bundle + "/old-run"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains("replaced") }
        .isEmpty)
  }

  @Test func noXctraceExits69AndKeepsAnExistingOutput() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: false)
    var environment = scratch.environment()
    environment["TRACECLI_XCTRACE"] = nil
    environment["PATH"] = scratch.path
    let arguments = ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle, "--force"]
    let run = CLIRun(arguments, environment: environment)
    #expect(run.status == .unavailable)
    #expect(
      run.errors
        == "tracecli: cannot record \(bundle): recording needs xctrace (Xcode, on a Mac), and there is no xcrun "
        + "or xctrace on PATH (TRACECLI_XCTRACE may name another program)\n")
    #expect(FileManager.default.fileExists(atPath: bundle))
    environment["TRACECLI_XCTRACE"] = scratch.path + "/no-such-xctrace"
    let named = CLIRun(arguments, environment: environment)
    #expect(named.status == .unavailable)
    #expect(named.errors.contains("TRACECLI_XCTRACE names \(scratch.path)/no-such-xctrace"))
  }

  @Test func aMissingOutputFolderExits73() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/no-such-folder/run.trace"
    let run = CLIRun(
      ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle], environment: scratch.environment())
    #expect(run.status == .cannotCreate)
    #expect(run.errors == "tracecli: cannot record \(bundle): its folder does not exist\n")
    #expect(scratch.calls.isEmpty)
  }

  @Test func aMistypedOptionOfTheCommandAfterTheOptionsCostsNoRecording() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = CLIRun(
      [
        "record", "--launch", "App", "--time-limit", "15s", "-o", scratch.path + "/run.trace", "--", "check",
        "--max-rde", "0",
      ],
      environment: scratch.environment())
    #expect(run.status == .usage)
    #expect(run.errors.contains("unknown option '--max-rde'; did you mean '--max-red'?"))
    #expect(scratch.calls.isEmpty)
  }

  // MARK: - Reading the recording

  @Test func aCommandAfterTheOptionsReadsTheRecordingAndGivesItsStatus() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      ["record", "--launch", "App", "--time-limit", "15s", "-o", bundle, "--", "check", "--max-red", "0"],
      environment: scratch.environment())
    // The recording has one red update: check fails, and record with it.
    #expect(run.status == .failure, "\(run.errors)")
    #expect(run.output.hasPrefix("tracecli check  \(bundle)[run 1] against command line\n"), "\(run.output)")
    #expect(run.output.contains("FAIL  all updates  red          1    0  no red updates"))
    #expect(run.errors.contains("tracecli: recorded \(bundle) (launched App, 15s)\n"))
    // The export of the recording followed the recording.
    let calls = scratch.calls
    #expect(calls.first?.hasPrefix("record ") == true)
    #expect(calls.dropFirst().first == "toc")

    let passing = CLIRun(
      [
        "record", "--launch", "App", "--time-limit", "15s", "-o", bundle, "--force", "--", "check",
        "--max-red", "1",
      ],
      environment: scratch.environment())
    #expect(passing.status == .success, "\(passing.errors)")
  }

  @Test func summarizeAsJSONAfterTheOptionsPrintsJSONAlone() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bundle = scratch.path + "/run.trace"
    let run = CLIRun(
      [
        "record", "--launch", "App", "--time-limit", "15s", "-o", bundle, "--", "summarize", "--format",
        "json",
      ],
      environment: scratch.environment())
    #expect(run.status == .success, "\(run.errors)")
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
    let summary = try #require(object as? [String: Any])
    let trace = try #require(summary["trace"] as? [String: Any])
    #expect(trace["file"] as? String == "\(bundle)[run 1]")
    #expect(summary["views"] is [Any])
  }

  @Test func helpIsRecordsAndAfterTheOptionsTheCommands() throws {
    let help = CLIRun(["record", "--help"])
    #expect(help.status == .success)
    #expect(help.output == RecordCommand.help)
    #expect(
      help.output.hasPrefix("USAGE: tracecli record --launch <app> --time-limit <duration> -o <path>.trace\n")
    )
    #expect(help.output.contains("--instrument 'Time Profiler' --instrument 'Points of Interest'"))
    #expect(help.output.contains("  74  xctrace record failed to start 3 times"))
    #expect(CLIRun(["help", "record"]).output == help.output)

    // After --, --help is the command's: check's help, and nothing recorded.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let check = CLIRun(
      [
        "record", "--launch", "App", "--time-limit", "15s", "-o", scratch.path + "/run.trace", "--", "check",
        "--help",
      ],
      environment: scratch.environment())
    #expect(check.status == .success)
    #expect(check.output == CheckCommand.help)
    #expect(scratch.calls.isEmpty)
  }
}
