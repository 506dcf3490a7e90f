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
      run.errors == "\(file.path): error: no updates in the trace — did the recording fail? "
        + "(--allow-empty accepts an empty trace)\n")
    #expect(run.output.isEmpty)
    let allowed = CLIRun([command[0], file.path, "--allow-empty"] + command.dropFirst())
    #expect(allowed.status == .success)
  }

  @Test func aRangeWithoutUpdatesIsBadDataToo() {
    let run = CLIRun(
      ["check", "Fixtures/traces/minimal.jsonl", "--max-red", "0", "--from", "5s"].relativeToRoot)
    #expect(run.status == .dataError)
    #expect(run.errors.contains("no updates in the range 5.000 s ..< end — check --from and --to"))
  }

  @Test func diffRefusesAnEmptyRun() throws {
    let file = try TemporaryFile(#"{"type":"trace","version":1}"# + "\n")
    defer { file.remove() }
    let minimal = Fixture.path("traces/minimal.jsonl")
    #expect(CLIRun(["diff", minimal, file.path]).status == .dataError)
    #expect(CLIRun(["diff", minimal, file.path, "--allow-empty"]).status == .success)
  }
}
