import Foundation
import TestSupport
import Testing

@testable import tracecli

struct TraceCLITests {
  @Test func helpAndVersion() {
    let help = CLIRun(["--help"])
    #expect(help.status == .success)
    #expect(help.output.contains("USAGE: tracecli <command>"))
    #expect(CLIRun(["--version"]).output == "tracecli 0.1.0\n")
    for command in ["summarize", "updates", "cause-graph", "why", "check", "diff", "import"] {
      let run = CLIRun(["help", command])
      #expect(run.status == .success, "\(command)")
      #expect(run.output.contains("USAGE: tracecli \(command)"), "\(command)")
      #expect(CLIRun([command, "--help"]).output == run.output, "\(command)")
    }
  }

  @Test(arguments: [
    [], ["frobnicate"], ["summarize"], ["summarize", "a.jsonl", "--format", "yaml"],
    ["summarize", "a.jsonl", "--orange"], ["summarize", "a.jsonl", "--red", "fast"],
    ["summarize", "a.jsonl", "--bogus", "1"], ["updates", "a.jsonl"], ["help", "nope"],
    ["summarize", "a.jsonl", "--orange", "2ms", "--red", "1ms"], ["summarize", "-", "b.jsonl"],
    ["summarize", "a.jsonl", "--from", "4s", "--to", "2s"], ["summarize", "a.jsonl", "--orange", "-1ms"],
  ])
  func usageErrorsExit64WithAHint(_ arguments: [String]) {
    let run = CLIRun(arguments)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains("tracecli") && run.errors.contains("help"))
  }

  @Test(arguments: [
    (["summarise", "a.jsonl"], "unknown command 'summarise'; did you mean 'summarize'?"),
    (["help", "diagnos"], "no command 'diagnos'; did you mean 'diagnose'?"),
    (["summarize", "a.jsonl", "--fromat", "json"], "unknown option --fromat; did you mean --format?"),
    (["diagnose", "a.jsonl", "--fan-ot", "3"], "unknown option --fan-ot; did you mean --fan-out?"),
    (["check", "a.jsonl", "--max-redd", "0"], "unknown option --max-redd; did you mean --max-red?"),
    (["import", "run.xml"], "tracecli import xctrace run.xml"),
  ])
  func misspeltCommandsAndOptionsGetASuggestion(arguments: [String], suggestion: String) {
    let run = CLIRun(arguments)
    #expect(run.status == .usage)
    #expect(run.errors.contains(suggestion), "\(run.errors)")
  }

  @Test func aMissingFileExits66() {
    let run = CLIRun(["summarize", "/nonexistent/trace.jsonl"])
    #expect(run.status == .noInput)
    #expect(run.errors == "tracecli: /nonexistent/trace.jsonl: no such file\n")
  }

  /// The malformed fixtures and the location each error must name (see Fixtures/README.md).
  static let malformed: [(String, String)] = [
    ("bad-json", ":3:39: "), ("not-object", ":2:1: "), ("no-type", ":2:1: "), ("missing-key", ":3:1: "),
    ("wrong-type", ":2:90: "), ("fraction", ":2:68: "), ("exponent", ":2:90: "), ("int-overflow", ":2:68: "),
    ("bad-kind", ":2:32: "), ("bad-source-kind", ":2:33: "), ("negative-duration", ":2:90: "),
    ("deadline", ":2:47: "), ("duplicate-id", ":4:23: "), ("header-not-first", ":3:1: "),
    ("version", ":1:27: "),
    ("invalid-utf8", ":3:55: "), ("bad-escape", ":2:"), ("control-char", ":2:54: "),
  ]

  @Test(arguments: malformed)
  func malformedTracesExit65WithFileLineAndColumn(_ name: String, location: String) {
    let path = Fixture.path("traces/malformed/\(name).jsonl")
    let run = CLIRun(["summarize", path])
    #expect(run.status == .dataError, "\(name): \(run.errors)")
    #expect(run.errors.hasPrefix(path + location), "\(name): \(run.errors)")
    #expect(run.errors.contains(": error: "))
    #expect(run.output.isEmpty)
  }

  @Test func aTruncatedTailIsAWarningAndTheRestIsSummarized() {
    let run = CLIRun(["summarize", Fixture.path("traces/malformed/truncated-tail.jsonl"), "--format", "json"])
    #expect(run.status == .success)
    #expect(run.errors.contains(":5: warning: ignored a truncated last line"))
    #expect(run.output.contains(#""updates""#))
  }

  @Test func theProcessExitsWithSysexitsCodes() async {
    await #expect(processExitsWith: .exitCode(64)) {
      TraceCLI.exitAfterRunning(["frobnicate"])
    }
    await #expect(processExitsWith: .exitCode(66)) {
      TraceCLI.exitAfterRunning(["summarize", "/nonexistent.jsonl"])
    }
    await #expect(processExitsWith: .success) {
      TraceCLI.exitAfterRunning(["--version"])
    }
  }
}
