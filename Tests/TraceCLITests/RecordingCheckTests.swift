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
}
