import TestSupport
import Testing

@testable import tracecli

/// Times and durations at the ends of Int64: every command answers, none traps on overflow.
struct ExtremeValuesTests {
  /// Updates at both ends of the clock, a frame ending at `Int64.max`, and hitches, hangs and a
  /// group whose durations add past `Int64.max`.
  private static let trace = """
    {"type":"trace","version":1,"refreshRate":0.001}
    {"type":"update","id":1,"kind":"body","view":"A","start":-9223372036854775808,"duration":1}
    {"type":"update","id":2,"kind":"body","view":"A","start":9223372036854775806,"duration":3599999999999}
    {"type":"cause","from":1,"to":2,"time":9223372036854775807}
    {"type":"frame","start":9223372036854775806,"deadline":9223372036854775807}
    {"type":"hitch","start":0,"duration":9223372036854775807}
    {"type":"hitch","start":1,"duration":9223372036854775807}
    {"type":"hang","start":0,"duration":9223372036854775807}
    {"type":"hang","start":1,"duration":9223372036854775807}
    {"type":"group","id":1,"start":9223372036854775807,"duration":9223372036854775807}

    """

  @Test func summaryTimesSaturateInsteadOfTrapping() throws {
    let file = try TemporaryFile(Self.trace)
    defer { file.remove() }
    let text = CLIRun(["summarize", file.path])
    #expect(text.status == .success)
    #expect(text.output.contains("span 9223372037 s · 0.001 Hz, frame budget 1000 s"))
    #expect(text.output.contains("#0     9223372036.855 s  +3600 s"))
    // Hitches and hangs an hour long or more are counted, never timed.
    #expect(text.output.contains("2 hitches (0 ns), 2 hangs (0 ns)"))
    let json = CLIRun(["summarize", file.path, "--format", "json"])
    #expect(json.status == .success)
    #expect(json.output.contains(#""endNs": 9223372036854775807"#))
    #expect(json.output.contains(#""worstOverrunNs": 3599999999998"#))
    #expect(json.output.contains(#""totalNs": 3600000000000"#))
    let range = CLIRun(["summarize", file.path, "--from", "1s", "--to", "2s", "--format", "json"])
    #expect(range.status == .success)
    #expect(range.output.contains(#""withUpdates": 0"#))
  }

  @Test func everyOtherCommandAnswers() throws {
    let file = try TemporaryFile(Self.trace)
    defer { file.remove() }
    let base = try TemporaryFile(
      #"{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":1}"# + "\n")
    defer { base.remove() }
    #expect(CLIRun(["cause-graph", file.path, "--all"]).output.contains(#""n1" -> "n1""#))
    #expect(CLIRun(["why", file.path, "--update", "2"]).output.contains("cycle"))
    #expect(CLIRun(["updates", file.path, "--view", "A"]).output.contains("9223372036.855 s"))
    #expect(CLIRun(["check", file.path, "--max-red", "0"]).status == .failure)
    let diff = CLIRun(["diff", base.path, "--vs", file.path, "--fail-on", "p95>+20%"])
    #expect(diff.status == .failure)
    #expect(diff.output.contains("1 ns → 3600 s (+359999999999800%)"))
  }

  @Test func diagnoseAnswersWithEveryRuleAtItsLowestThreshold() throws {
    let file = try TemporaryFile(
      Self.trace + """
        {"type":"source","id":3,"kind":"environment","label":"E","time":-9223372036854775808}
        {"type":"source","id":4,"kind":"state","label":"S","time":9223372036854775807}
        {"type":"cause","from":3,"to":1,"time":-9223372036854775808}
        {"type":"cause","from":4,"to":2,"changed":"@self"}
        {"type":"cause","from":2,"to":4,"time":9223372036854775807}
        {"type":"cause","from":1,"to":2,"changed":"@self"}

        """)
    defer { file.remove() }
    let plain = CLIRun(["diagnose", file.path, "--format", "json", "--blocking-frames", "3"])
    #expect(plain.status == .success)
    #expect(plain.output.contains(#""rule": "blocking-update""#))
    let lowest = CLIRun(
      [
        "diagnose", file.path, "--min-red", "0", "--blocking-frames", "0", "--fan-out", "0", "--churn-frames",
        "0",
        "--loop-frames", "0", "--loop-gestures", "100%", "--self-min", "0", "--accumulation-frames", "0",
      ])
    #expect(lowest.status == .success, "\(lowest.errors)")
    #expect(lowest.output.contains("update-loop"))
  }

  /// A 1 ns budget over the whole clock: the report's time axis and timeline columns (whose
  /// ticks once never advanced at that distance from the origin) stay bounded.
  @Test func theReportDrawsTheWholeClock() throws {
    let file = try TemporaryFile(
      """
      {"type":"trace","version":1,"refreshRate":1000000000,"start":-9223372036854775808}
      {"type":"frame","start":9223372036854775768,"deadline":9223372036854775769}
      {"type":"update","id":8,"kind":"body","view":"C","start":9223372036854775777,"duration":0}
      {"type":"update","id":4,"kind":"body","view":"B","start":9223372036854775789,"duration":9223372036854775807}
      {"type":"update","id":9,"kind":"body","view":"B","start":-9223372036854775808,"duration":2}

      """)
    defer { file.remove() }
    let run = CLIRun(["report", file.path])
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.count < 2_000_000 && run.output.contains("</html>"))
  }
}
