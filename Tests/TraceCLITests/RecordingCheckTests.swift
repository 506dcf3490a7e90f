import Foundation
import TestSupport
import Testing

@testable import tracecli

/// The gates say "cannot judge" (65) rather than pass or fail a recording that cannot
/// support a verdict, and accept each case on purpose with its `--allow-…` flag.
struct RecordingCheckTests {
  static let environment = [
    "TRACECLI_XCTRACE": Fixture.path("xctrace/standin/xctrace"), "PATH": "/usr/bin:/bin",
  ]
  /// A stand-in recording whose SwiftUI tables are empty while its hitches and hangs have rows.
  static let attached = Fixture.path("xctrace/standin/Attached.trace")

  @Test(arguments: [["check", "--max-hitches", "100"], ["diagnose"]])
  func emptySwiftUITablesGetTheLaunchAdvice(command: [String]) {
    let run = CLIRun([command[0], Self.attached] + command.dropFirst(), environment: Self.environment)
    #expect(run.status == .dataError)
    #expect(
      run.errors.contains(
        "Attached.trace[run 1]: error: cannot judge: the recording's SwiftUI tables are empty"))
    #expect(run.errors.contains("while it holds 11 hitches and 23 hangs"))
    #expect(run.errors.contains("record by launching the app from xctrace, not by attaching"))
    #expect(run.output.isEmpty)
    let allowed = CLIRun(
      [command[0], Self.attached, "--allow-empty"] + command.dropFirst(), environment: Self.environment)
    #expect(allowed.status == .success, "\(allowed.errors)")
  }

  @Test func diffCannotJudgeAnAttachedRun() {
    let minimal = Fixture.path("traces/minimal.jsonl")
    let run = CLIRun(["diff", minimal, Self.attached], environment: Self.environment)
    #expect(run.status == .dataError)
    #expect(run.errors.contains("not by attaching"))
  }

  @Test func aTraceWithoutTheSwiftUITablesIsNotTheAttachCase() throws {
    // Hitches alone, and nothing says SwiftUI was recorded: the plain "no updates" message.
    let file = try TemporaryFile(
      #"{"type":"trace","version":1,"recorded":["hitches"]}"# + "\n"
        + #"{"type":"hitch","start":0,"duration":5}"# + "\n")
    defer { file.remove() }
    let run = CLIRun(["diagnose", file.path])
    #expect(run.status == .dataError)
    #expect(run.errors.contains("cannot judge: no updates in the trace — did the recording fail?"))
    // The JSON Lines an import writes of an attached recording says it recorded updates.
    let imported = try TemporaryFile(
      #"{"type":"trace","version":1,"recorded":["updates","causes","hitches"]}"# + "\n"
        + #"{"type":"hitch","start":0,"duration":5}"# + "\n")
    defer { imported.remove() }
    let attached = CLIRun(["check", imported.path, "--max-red", "0"])
    #expect(attached.status == .dataError)
    #expect(attached.errors.contains("SwiftUI tables are empty while it holds 1 hitch"))
  }

  @Test func aWindowTheRecordingLacksCannotBeJudgedByAGate() {
    let trace = Fixture.path("traces/windows.jsonl")
    for command in [["diagnose"], ["check", "--max-red", "100"], ["diff", trace]] {
      let run = CLIRun([command[0], trace] + command.dropFirst() + ["--window", "Checkout"])
      #expect(run.status == .dataError, "\(command)")
      #expect(run.errors.contains("cannot judge window 'Checkout'"), "\(command): \(run.errors)")
      let allowed = CLIRun(
        [command[0], trace] + command.dropFirst() + ["--window", "Checkout", "--allow-missing-window"])
      #expect(allowed.status == .success, "\(command): \(allowed.errors)")
    }
    // An analysing command that is no gate keeps the usage error (a name is likely mistyped).
    #expect(CLIRun(["summarize", trace, "--window", "Checkout"]).status == .usage)
  }

  @Test func limitsOnWhatWasNotRecordedPassOnlyWhenAllowed() {
    let trace = Fixture.path("traces/landmarks-before.jsonl")
    let unjudged = CLIRun(["check", trace, "--max-hang", "100ms"])
    #expect(unjudged.status == .dataError)
    let allowed = CLIRun(["check", trace, "--max-hang", "100ms", "--allow-unrecorded"])
    #expect(allowed.status == .success)
    #expect(allowed.output.contains("  not judged  hangs"))
    #expect(allowed.output.contains("(1 not judged: not recorded, allowed by --allow-unrecorded)"))
  }

  @Test func frameLimitsAtAnAssumedRateAreWarnedAbout() throws {
    let file = try TemporaryFile(
      #"{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":20000000,"thread":"main"}"#
        + "\n")
    defer { file.remove() }
    let run = CLIRun(["check", file.path, "--max-missed-frames", "5"])
    #expect(run.status == .success)
    #expect(run.errors.contains("frame limits judged at 60 Hz, assumed"))
    #expect(CLIRun(["check", file.path, "--max-missed-frames", "5", "--refresh-rate", "120"]).errors.isEmpty)
    #expect(CLIRun(["check", file.path, "--max-red", "5"]).errors.isEmpty)
  }

  @Test func allowingAMissingWindowAcceptsNothingElse() throws {
    let empty = try TemporaryFile(#"{"type":"trace","version":1}"# + "\n")
    defer { empty.remove() }
    let run = CLIRun(["check", empty.path, "--max-red", "0", "--window", "W", "--allow-missing-window"])
    #expect(run.status == .dataError)
    #expect(run.errors.contains("cannot judge: no updates in the trace"))
    let attached = CLIRun(
      ["diagnose", Self.attached, "--window", "W", "--allow-missing-window"], environment: Self.environment)
    #expect(attached.status == .dataError)
    #expect(attached.errors.contains("SwiftUI tables are empty"))
  }

  @Test func aDiffWhoseRunsDisagreeOnTheWindowCannotBeJudged() throws {
    let trace = Fixture.path("traces/windows.jsonl")
    let renamed = try String(contentsOfFile: trace, encoding: .utf8).replacingOccurrences(
      of: #""name":"Scroll Feed""#, with: #""name":"Scrolled""#)
    let head = try TemporaryFile(renamed)
    defer { head.remove() }
    let run = CLIRun(["diff", trace, head.path, "--window", "Scroll Feed", "--allow-missing-window"])
    #expect(run.status == .dataError)
    #expect(run.errors.contains("the window 'Scroll Feed' is missing from 1 of 2 runs"), "\(run.errors)")
  }

  @Test func aWindowAHangHeldTheMainThreadThroughIsJudgedOnItsHangs() throws {
    let trace = try TemporaryFile(
      [
        #"{"type":"trace","version":1,"refreshRate":60,"recorded":["updates","hangs","intervals"]}"#,
        #"{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":1000000,"thread":"main"}"#,
        #"{"type":"interval","name":"Sync","start":100000000,"duration":500000000}"#,
        #"{"type":"hang","start":150000000,"duration":400000000}"#,
      ].joined(separator: "\n") + "\n")
    defer { trace.remove() }
    #expect(CLIRun(["check", trace.path, "--window", "Sync", "--max-hang", "100ms"]).status == .failure)
    let budget = try TemporaryFile(#"{"windows": {"Sync": {"hangs": {"count": 0}}}}"# + "\n")
    defer { budget.remove() }
    #expect(CLIRun(["check", trace.path, "--budget", budget.path]).status == .failure)
    // A limit on updates cannot be judged on a window without any.
    #expect(CLIRun(["check", trace.path, "--window", "Sync", "--max-red", "0"]).status == .dataError)
  }

  @Test func aSARIFLogIsWrittenWhenTheRecordingCannotBeJudged() throws {
    let empty = try TemporaryFile(#"{"type":"trace","version":1}"# + "\n")
    defer { empty.remove() }
    for command in [["check", "--max-red", "0"], ["diagnose"]] {
      let run = CLIRun([command[0], empty.path] + command.dropFirst() + ["--format", "sarif"])
      #expect(run.status == .dataError)
      let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
      let log = try #require((json["runs"] as? [[String: Any]])?.first)
      let results = try #require(log["results"] as? [[String: Any]])
      #expect(results.map { $0["ruleId"] as? String } == ["recording/cannot-judge"])
      #expect((log["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)
    }
  }

  @Test func waivedLimitsAreSkippedInJUnitAndMarkedInJSON() {
    let trace = Fixture.path("traces/landmarks-before.jsonl")
    let junit = CLIRun(["check", trace, "--max-hang", "100ms", "--allow-unrecorded", "--format", "junit"])
    #expect(junit.status == .success)
    #expect(junit.output.contains(#"skipped="1""#))
    #expect(junit.output.contains("<skipped message=\"not recorded; --allow-unrecorded lets it pass\"/>"))
    let json = CLIRun(["check", trace, "--max-hang", "100ms", "--allow-unrecorded", "--format", "json"])
    #expect(json.output.contains(#""waived": true"#))
  }
}
