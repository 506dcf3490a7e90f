import Foundation
import TestSupport
import Testing
import TraceModel

@testable import tracecli

/// `.trace` bundles read through a stand-in `xctrace` (`Fixtures/xctrace/standin/xctrace`, a shell
/// script serving the tables each test bundle keeps under `standin/`), which fails on demand.
struct TraceBundlesTests {
  static let standIn = Fixture.path("xctrace/standin/xctrace")
  static let bundle = Fixture.path("xctrace/standin/Landmarks.trace")
  static let twoRuns = Fixture.path("xctrace/standin/TwoRuns.trace")

  /// A scratch folder for one test: the stand-in's memory, its call log, and `TMPDIR`.
  struct Scratch {
    let path: String

    init() throws {
      path =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "tracecli-bundle-tests-\(UUID().uuidString)"
        ).path
      for folder in ["state", "tmp"] {
        try FileManager.default.createDirectory(
          atPath: path + "/" + folder, withIntermediateDirectories: true)
      }
    }

    /// The environment of a run through the stand-in, failing as `fail` says (only on calls whose
    /// xpath holds `only`, when given).
    func environment(fail: String? = nil, only: String? = nil) -> [String: String] {
      var environment = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "TRACECLI_XCTRACE": TraceBundlesTests.standIn,
        "XCTRACE_STANDIN_STATE": path + "/state",
        "XCTRACE_STANDIN_LOG": path + "/calls.log",
        "TMPDIR": path + "/tmp",
      ]
      environment["XCTRACE_STANDIN_FAIL"] = fail
      environment["XCTRACE_STANDIN_ONLY"] = only
      return environment
    }

    /// The stand-in's calls, one line each (`toc` or the xpath).
    var calls: [String] {
      let text = (try? String(contentsOfFile: path + "/calls.log", encoding: .utf8)) ?? ""
      return text.split(separator: "\n").map(String.init)
    }

    /// What is left in the temporary folder tracecli was given.
    var leftovers: [String] {
      (try? FileManager.default.contentsOfDirectory(atPath: path + "/tmp")) ?? ["(unreadable)"]
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The summary JSON without the `trace` object (file, app and device differ by design).
  private func analysis(_ json: String) throws -> NSDictionary {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let dictionary = try #require(object as? [String: Any])
    // Warnings name the files read, which differ between a bundle and a folder.
    return dictionary.filter { $0.key != "trace" && $0.key != "warnings" } as NSDictionary
  }

  @Test func aBundleCrashingOnEveryFirstExportReadsAsItsExportedTables() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = CLIRun(
      ["summarize", Self.bundle, "--format", "json", "--findings"],
      environment: scratch.environment(fail: "first"))
    #expect(run.status == .success, "\(run.errors)")

    // The same tables, exported by hand into a folder.
    let folder = scratch.path + "/exports"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let tables = XCTraceTables.all.filter {
      FileManager.default.fileExists(atPath: Self.bundle + "/standin/run-1/\($0).xml")
    }
    #expect(tables.count == 7)
    for table in tables {
      try FileManager.default.copyItem(
        atPath: Self.bundle + "/standin/run-1/\(table).xml", toPath: folder + "/\(table).xml")
    }
    let exported = CLIRun(["summarize", folder, "--format", "json", "--findings"])
    #expect(exported.status == .success, "\(exported.errors)")
    #expect(try analysis(run.output) == analysis(exported.output))
    for output in [run.output, exported.output] {
      #expect(output.contains("the vsyncs run at 60 Hz while the display can do 120 Hz"))
    }
    #expect(run.output.contains(#""views""#) && run.output.contains(#""frames""#))

    // Every export crashed once and was tried again, with a note saying so.
    let calls = scratch.calls
    #expect(calls.filter { $0 == "toc" }.count == 2)
    #expect(calls.filter { $0.contains("@schema=\"swiftui-updates\"") }.count == 2)
    #expect(calls.count == 2 * (1 + tables.count))
    #expect(!calls.contains { $0.contains("swiftui-changes") || $0.contains("SwiftUIFilteredUpdates") })
    #expect(
      run.errors.contains(
        "xctrace export of table swiftui-causes was killed by signal 11 (a segmentation fault) "
          + "(xctrace[4242]: export crashed (stand-in)); trying again (2 of 3)"), "\(run.errors)")
    // The bundle's header: app and device from its table of contents; messages name the bundle.
    #expect(run.output.contains(#""device": "iPhone 16 Pro, iOS 18.2 (22C152)""#))
    #expect(run.output.contains(#""app": "MyApp""#))
    #expect(run.output.contains(#""file": "\#(Self.bundle)[run 1]""#))
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func anOptionsValueIsNoTraceEvenWhenItNamesABundle() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // `--budget` takes a value: a bundle there is the budget file (a folder, refused), not a
    // trace to export; the command's flags tell the two apart.
    let trace = Fixture.path("traces/minimal.jsonl")
    let run = CLIRun(["check", trace, "--budget", Self.bundle], environment: scratch.environment())
    #expect(run.status == .noInput)
    #expect(run.errors.contains("is a directory, not a budget file"), "\(run.errors)")
    #expect(scratch.calls.isEmpty)
    // After a flag, a bundle is a trace again.
    let summary = CLIRun(["summarize", "--findings", Self.bundle], environment: scratch.environment())
    #expect(summary.status == .success, "\(summary.errors)")
    #expect(!scratch.calls.isEmpty)
  }

  @Test func importWritesTheBundleAsJSONLines() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = CLIRun(["import", "xctrace", Self.bundle], environment: scratch.environment())
    #expect(run.status == .success, "\(run.errors)")
    let header = try #require(run.output.split(separator: "\n").first)
    #expect(
      header
        == #"{"type":"trace","version":1,"app":"MyApp","device":"iPhone 16 Pro, iOS 18.2 (22C152)","refreshRate":60,"refreshRateSource":"vsyncs","start":0,"recorded":["updates","causes","frames","hitches","hangs"],"producer":"tracecli import xctrace"}"#
    )
    #expect(run.output.contains(#""type":"hitch""#) && run.output.contains(#""type":"frame""#))
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func anExportThatAlwaysFailsNamesTheTableAndQuotesXctrace() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = CLIRun(
      ["diagnose", Self.bundle], environment: scratch.environment(fail: "always", only: "swiftui-causes"))
    #expect(run.status == .ioError)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasSuffix(
        "xctrace export of table swiftui-causes failed 3 times; the last exited with status 1, saying: "
          + "Export failed: Document Missing Template Error (stand-in)\n"), "\(run.errors)")
    #expect(run.errors.components(separatedBy: "trying again").count == 3)
    #expect(scratch.calls.filter { $0.contains("swiftui-causes") }.count == 3)
    #expect(scratch.leftovers.isEmpty)
  }

  @Test(.tags(.slow), .notInQuickLoop) func aHungExportIsKilledAfterTheTimeoutAndTriedAgain() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let clock = ContinuousClock()
    let started = clock.now
    let run = CLIRun(
      ["summarize", Self.bundle, "--xctrace-timeout", "0.3"],
      environment: scratch.environment(fail: "hang", only: "hitches"))
    let elapsed = clock.now - started
    #expect(run.status == .ioError)
    #expect(
      run.errors.contains(
        "xctrace export of table hitches did not finish within 300 ms; trying again (3 of 3)"),
      "\(run.errors)")
    #expect(run.errors.contains("table hitches failed 3 times; the last did not finish within 300 ms"))
    #expect(scratch.calls.filter { $0.contains("hitches") }.count == 3)
    #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(20))
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func severalRunsAndNoRunListsThem() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = CLIRun(["summarize", Self.twoRuns], environment: scratch.environment())
    #expect(run.status == .usage)
    #expect(run.errors.contains("TwoRuns.trace holds 2 runs (1, 2); pick one with --run N"), "\(run.errors)")
    let missing = CLIRun(["summarize", Self.twoRuns, "--run", "3"], environment: scratch.environment())
    #expect(missing.status == .usage)
    #expect(missing.errors.contains("TwoRuns.trace has no run 3; its runs: 1, 2"), "\(missing.errors)")
    let second = CLIRun(
      ["summarize", "--run=2", Self.twoRuns, "--format", "json"], environment: scratch.environment())
    #expect(second.status == .success, "\(second.errors)")
    #expect(second.output.contains(#""hitches""#))
    #expect(scratch.calls.contains(#"/trace-toc/run[@number="2"]/data/table[@schema="hitches"]"#))
    #expect(scratch.leftovers.isEmpty)
  }

  @Test func bundleOptionsWithoutABundleAreAUsageError() {
    let run = CLIRun(["summarize", Fixture.path("xctrace/hitches.xml"), "--run", "1"])
    #expect(run.status == .usage)
    #expect(run.errors.contains("--run is for Instruments .trace bundles, and none was given"))
    let timeout = CLIRun(["summarize", Self.bundle, "--xctrace-timeout", "soon"])
    #expect(timeout.status == .usage)
    #expect(timeout.errors.contains("--xctrace-timeout 'soon' is not a time"))
  }

  @Test func noXctraceAtAllIsUnavailable() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    var environment = scratch.environment()
    environment["TRACECLI_XCTRACE"] = nil
    environment["PATH"] = scratch.path
    let run = CLIRun(["check", Self.bundle, "--budget", "b.json"], environment: environment)
    #expect(run.status == .unavailable)
    #expect(run.errors.contains("there is no xcrun or xctrace on PATH"))
    #expect(run.errors.contains("tracecli summarize exports/"))
    environment["TRACECLI_XCTRACE"] = scratch.path + "/no-such-xctrace"
    let named = CLIRun(["summarize", Self.bundle], environment: environment)
    #expect(named.status == .unavailable)
    #expect(named.errors.contains("TRACECLI_XCTRACE names \(scratch.path)/no-such-xctrace"))
  }

  #if os(Linux)
    @Test func theProcessExitsWith69WithoutXctrace() async {
      await #expect(processExitsWith: .exitCode(69)) {
        // Linux has no xcrun; TRACECLI_XCTRACE names nothing that exists.
        setenv("TRACECLI_XCTRACE", "/nonexistent/xctrace", 1)
        TraceCLI.exitAfterRunning(["summarize", TraceBundlesTests.bundle])
      }
    }
  #endif

  @Test(
    arguments: [("600", 600_000_000_000), ("0.5", 500_000_000), ("90s", 90_000_000_000)] as [(String, Int64)])
  func timeoutsAreSecondsOrDurations(_ text: String, _ ns: Int64) {
    #expect(TraceBundles.timeout(text) == ns)
  }
}
