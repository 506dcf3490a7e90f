import TestSupport
import Testing

@testable import tracecli

/// A gate never passes on a trace without updates: a recording that failed and wrote nothing.
struct EmptyTraceTests {
  static let commands: [[String]] = [["check", "--max-red", "0"], ["diagnose"]]
  static let traces = [
    "", #"{"type":"trace","version":1}"# + "\n", #"{"type":"hitch","start":0,"duration":5}"# + "\n",
  ]

  @Test(arguments: commands, traces)
  func aTraceWithoutUpdatesIsBadData(command: [String], trace: String) throws {
    let file = try TemporaryFile(trace)
    defer { file.remove() }
    let run = CLIRun([command[0], file.path] + command.dropFirst())
    #expect(run.status == .dataError)
    #expect(
      run.errors == "\(file.path): error: cannot judge: no updates in the trace — did the recording fail? "
        + "(--allow-empty accepts an empty trace)\n")
    #expect(run.output.isEmpty)
    let allowed = CLIRun([command[0], file.path, "--allow-empty"] + command.dropFirst())
    #expect(allowed.status == .success)
  }

  @Test func aRangeWithoutUpdatesIsBadDataToo() {
    let run = CLIRun(
      ["check", "Fixtures/traces/minimal.jsonl", "--max-red", "0", "--from", "5s"].relativeToRoot)
    #expect(run.status == .dataError)
    #expect(run.errors.contains("cannot judge: no updates in the range 5.000 s ..< end — check --from and --to"))
  }

  @Test func diffRefusesAnEmptyRun() throws {
    let file = try TemporaryFile(#"{"type":"trace","version":1}"# + "\n")
    defer { file.remove() }
    let minimal = Fixture.path("traces/minimal.jsonl")
    #expect(CLIRun(["diff", minimal, file.path]).status == .dataError)
    #expect(CLIRun(["diff", minimal, file.path, "--allow-empty"]).status == .success)
  }
}

/// Times outside the trace are said, not passed over.
struct OutOfTraceTimeTests {
  @Test func aRangeBeyondTheTraceNamesItsSpan() {
    let run = CLIRun(["summarize", "Fixtures/traces/minimal.jsonl", "--from", "5s"].relativeToRoot)
    #expect(run.status == .success)
    #expect(
      run.errors
        == "tracecli: note: no updates in the range 5.000 s ..< end; the trace spans 0.000 s ..< 0.003 s\n")
  }

  @Test func whyAtATimeWithoutAnUpdateSaysHowFarTheChosenOneIs() {
    let far = CLIRun(
      ["why", "Fixtures/traces/update-loop.jsonl", "--view", "HeaderView", "--at", "12.41s"].relativeToRoot)
    #expect(far.status == .success)
    #expect(far.errors.contains("no update of HeaderView runs at 12.410 s"))
    #expect(far.errors.contains("at 2.085 s, which ended 10.3 s earlier"))
    let inside = CLIRun(
      ["why", "Fixtures/traces/update-loop.jsonl", "--view", "HeaderView", "--at", "0.5012s"].relativeToRoot)
    #expect(inside.errors.isEmpty, "\(inside.errors)")
  }
}
