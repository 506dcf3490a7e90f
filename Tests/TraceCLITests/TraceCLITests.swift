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
    (["summarize", "a.jsonl", "--fromat", "json"], "unknown option '--fromat'; did you mean '--format'?"),
    (["diagnose", "a.jsonl", "--fan-ot", "3"], "unknown option '--fan-ot'; did you mean '--fan-out'?"),
    (["check", "a.jsonl", "--max-redd", "0"], "unknown option '--max-redd'; did you mean '--max-red'?"),
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

  /// The malformed fixtures with the line, column and message of their error, word for word
  /// (Fixtures/README.md quotes the same).
  static let malformed: [(name: String, line: Int, column: Int, message: String)] = [
    ("bad-json", 3, 39, "expected ',' or '}'"),
    ("not-object", 2, 1, "expected a JSON object, one per line"),
    ("no-type", 2, 1, #"missing required key "type""#),
    ("missing-key", 3, 1, #"missing required key "duration" in a "update" event"#),
    ("wrong-type", 2, 90, #""duration" must be an integer, not a string"#),
    ("fraction", 2, 68, #""start" must be an integer (no fraction or exponent)"#),
    ("exponent", 2, 90, #""duration" must be an integer (no fraction or exponent)"#),
    ("int-overflow", 2, 68, #""start" does not fit in a 64-bit integer"#),
    ("bad-kind", 2, 32, #"update "kind" must be body, representable or other, not "bogus""#),
    (
      "bad-source-kind", 2, 33,
      #"source "kind" must be one of gesture, state, observable, environment, environmentWriter, "#
        + #"preference, transaction, creation, other, not "button""#
    ),
    ("negative-duration", 2, 90, #""duration" must not be negative"#),
    ("deadline", 2, 47, #""deadline" must be later than "start""#),
    ("duplicate-id", 4, 23, "duplicate id 2: ids must be unique across update and source events"),
    ("header-not-first", 3, 1, #"the "trace" header must be the first line of the trace"#),
    ("version", 1, 27, "unsupported trace format version 2; this tracecli reads version 1"),
    ("invalid-utf8", 3, 55, "invalid UTF-8"),
    ("bad-escape", 2, 55, #"invalid escape '\x'"#),
    ("control-char", 2, 54, "control character U+0009 in string must be escaped"),
  ]

  @Test(arguments: malformed)
  func malformedTracesExit65WithTheirWholeMessage(_ name: String, line: Int, column: Int, message: String)
    throws
  {
    let path = Fixture.path("traces/malformed/\(name).jsonl")
    let run = CLIRun(["summarize", path])
    #expect(run.status == .dataError, "\(name): \(run.errors)")
    #expect(run.errors == "\(path):\(line):\(column): error: \(message)\n")
    #expect(run.output.isEmpty)
    let readme = try String(decoding: Fixture.data("README.md"), as: UTF8.self)
    #expect(
      readme.contains("`\(name).jsonl` — ")
        && readme.contains("prints `FILE:\(line):\(column): error: \(message)`"),
      "Fixtures/README.md must quote tracecli's message for \(name)")
  }

  /// The independent reference (`Fixtures/reference/malformed/*.error.json`, written by
  /// Scripts/reference/analysis.py) agrees on the exit code, line and column of every error; its
  /// messages are its own words, so only their presence is checked.
  @Test(arguments: malformed)
  func theReferenceFindsTheSameErrorLocations(_ name: String, line: Int, column: Int, message: String) throws
  {
    let reference = try ReferenceError(Fixture.data("reference/malformed/\(name).error.json"))
    #expect(reference.exit == Int(ExitCode.dataError.rawValue), "\(name)")
    #expect(reference.line == line, "\(name)")
    #expect(reference.column == column, "\(name)")
    #expect(!reference.message.isEmpty)
  }

  @Test func aTruncatedTailIsAWarningAndTheRestIsSummarized() throws {
    let path = Fixture.path("traces/malformed/truncated-tail.jsonl")
    let run = CLIRun(["summarize", path, "--format", "json"])
    #expect(run.status == .success)
    #expect(
      run.errors == """
        \(path):5: warning: ignored a truncated last line (no line end and unterminated string at \
        column 52); the recorder may have stopped mid-write

        """)
    #expect(run.output.contains(#""updates""#))
    let reference = try ReferenceError(Fixture.data("reference/malformed/truncated-tail.error.json"))
    #expect(reference.exit == 0 && reference.line == 5 && reference.column == 52)
    let readme = try String(decoding: Fixture.data("README.md"), as: UTF8.self)
    #expect(
      readme.contains("prints `FILE:5: warning: ignored a truncated last line (no line end and unterminated"))
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

/// One `Fixtures/reference/malformed/<name>.error.json`: the reference's exit code and error.
struct ReferenceError: Decodable {
  var exit: Int
  var line: Int
  var column: Int
  var message: String

  init(_ data: Data) throws {
    self = try JSONDecoder().decode(ReferenceError.self, from: data)
  }
}
