import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `--window`, `summarize --list-windows` and a budget's `"windows"` section on
/// Fixtures/traces/windows.jsonl: two "Scroll Feed" intervals of the app (and one of an ads SDK),
/// an "Open Detail" with a slow DetailView and a hitch, a "Launch".
struct WindowsCommandTests {
  private static let trace = "Fixtures/traces/windows.jsonl"

  @Test(arguments: [("txt", "text"), ("json", "json")])
  func listWindowsMatchesItsGoldenFile(ext: String, format: String) {
    let run = CLIRun(["summarize", Self.trace, "--list-windows", "--format", format].relativeToRoot)
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "windows.list-windows.\(ext)")
  }

  @Test(arguments: [("txt", "text"), ("json", "json")])
  func aWindowedSummaryMatchesItsGoldenFile(ext: String, format: String) {
    let run = CLIRun(
      ["summarize", Self.trace, "--window", "com.example.feed/Scroll Feed", "--format", format].relativeToRoot
    )
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "windows.scroll-feed.summary.\(ext)")
  }

  @Test func aPlainNameTakesEverySubsystemsIntervalsAndSubsystemSlashNameOneOnly() throws {
    func counts(_ arguments: [String]) throws -> (updates: Int, intervals: Int) {
      let run = CLIRun((["summarize", Self.trace, "--format", "json"] + arguments).relativeToRoot)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
      let totals = object["totals"] as? [String: Any]
      let window = object["window"] as? [String: Any]
      return (totals?["count"] as? Int ?? -1, window?["intervals"] as? Int ?? -1)
    }
    let every = try counts(["--window", "Scroll Feed"])
    let app = try counts(["--window", "com.example.feed/Scroll Feed"])
    #expect(every.intervals == 3 && app.intervals == 2)
    #expect(every.updates == app.updates + 1)  // the ads SDK's AdBanner
    let union = try counts(["--window", "Scroll Feed", "--window", "Open Detail"])
    #expect(union.updates == every.updates + 2 && union.intervals == 4)
    let ranged = try counts(["--window", "Scroll Feed", "--from", "1s"])
    #expect(ranged.updates > 0 && ranged.updates < every.updates)
  }

  @Test func anUnknownWindowIsAUsageErrorListingTheTracesWindows() {
    let run = CLIRun(["summarize", Self.trace, "--window", "Scroll"].relativeToRoot)
    #expect(run.status == .usage)
    #expect(
      run.errors.withoutRoot.contains(
        "--window 'Scroll': no interval of that name in Fixtures/traces/windows.jsonl; its windows: 'Launch',"
          + " 'Open Detail' (com.example.feed), 'Scroll Feed' (com.example.feed, com.vendor.ads)"),
      "\(run.errors)")
  }

  /// Open Detail holds a DetailView and one FeedRow; outside it lie SettingsView's 290 ms body
  /// (and the hang it makes) and the scroll gesture's causes.
  @Test(arguments: [["diagnose"], ["cause-graph", "--format", "json"], ["hitches"], ["report"]])
  func everyAnalysisCommandTakesAWindow(_ arguments: [String]) {
    let outside = ["SettingsView", "Gesture: Scroll"]
    let windowed = CLIRun(
      ([arguments[0], Self.trace] + arguments.dropFirst() + ["--window", "Open Detail"]).relativeToRoot)
    #expect(windowed.status == .success, "\(arguments): \(windowed.errors)")
    #expect(!outside.contains { windowed.output.contains($0) }, "\(arguments)")
    let whole = CLIRun(([arguments[0], Self.trace] + arguments.dropFirst()).relativeToRoot)
    #expect(outside.contains { whole.output.contains($0) }, "\(arguments)")
  }

  @Test func updatesCheckProfileAndExportCountTheWindowAlone() {
    let updates = CLIRun(
      ["updates", Self.trace, "--view", "FeedRow", "--window", "Open Detail"].relativeToRoot)
    #expect(updates.output.contains("1 update listed, 0 orange, 0 red"), "\(updates.output)")
    let check = CLIRun(["check", Self.trace, "--max-red", "0", "--window", "Open Detail"].relativeToRoot)
    #expect(check.status == .failure)
    #expect(check.output.contains("FAIL  all updates  red          1    0"), "\(check.output)")
    let profile = CLIRun(
      ["profile", Self.trace, "--view", "FeedRow", "--window", "Open Detail"].relativeToRoot)
    #expect(profile.status == .success, "\(profile.errors)")
    let export = CLIRun(["export", Self.trace, "--format", "rows", "--window", "Open Detail"].relativeToRoot)
    #expect(export.status == .success, "\(export.errors)")
    #expect(export.output.split(separator: "\n").filter { $0.contains(#""view":"FeedRow""#) }.count == 1)
  }

  @Test(arguments: [("txt", "text"), ("json", "json")])
  func aBudgetsWindowsAreCheckedOnThoseWindowsAlone(ext: String, format: String) throws {
    let run = CLIRun(
      ["check", Self.trace, "--budget", "Fixtures/budgets/windows.json", "--format", format].relativeToRoot)
    #expect(run.status == .failure)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "windows.check.\(ext)")
  }

  @Test func aBudgetWindowTheTraceLacksNamesItsLine() throws {
    let budget = try TemporaryFile(#"{"windows": {"Scrol Feed": {"frames": {"missed": 0}}}}"# + "\n")
    defer { budget.remove() }
    let run = CLIRun(["check", Fixture.path("traces/windows.jsonl"), "--budget", budget.path])
    // A gate cannot judge a window the recording lacks (the interaction may not have been
    // recorded); the message names the budget's line, the trace's windows and the likely typo.
    #expect(run.status == .dataError)
    #expect(
      run.errors.contains(
        "\(budget.path):1:14: error: cannot judge window 'Scrol Feed': no interval of that name"),
      "\(run.errors)")
    #expect(run.errors.contains("did you mean 'Scroll Feed'?"))
    let allowed = CLIRun(
      ["check", Fixture.path("traces/windows.jsonl"), "--budget", budget.path, "--allow-missing-window"])
    #expect(allowed.status == .success, "\(allowed.errors)")
    #expect(allowed.output.contains("Scrol Feed"), "\(allowed.output)")
  }

  @Test func tighteningLowersAWindowsLimitsAlone() throws {
    let budget = try TemporaryFile(
      #"{ "frames": { "missed": 9 }, "windows": { "Scroll Feed": { "views": [ { "view": "FeedRow", "red": 40 } ] } } }"#
        + "\n")
    defer { budget.remove() }
    let run = CLIRun(["check", Fixture.path("traces/windows.jsonl"), "--budget", budget.path, "--tighten"])
    #expect(run.status == .success, "\(run.errors)")
    let text = try String(contentsOfFile: budget.path, encoding: .utf8)
    // 18 red FeedRow updates in the window (not the whole trace's), plus the 10% margin.
    #expect(text.contains(#""red": 20"#), "\(text)")
    #expect(text.contains(#""missed": 9"#), "\(text)")  // frame limits are never tightened
    #expect(!run.errors.contains("rename the limit"), "\(run.errors)")
  }

  @Test func diffComparesTheWindowOfEachRun() throws {
    let run = CLIRun(
      ["diff", Self.trace, Self.trace, "--window", "Open Detail", "--format", "json"].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let views = try #require(object["views"] as? [[String: Any]])
    // Open Detail holds DetailView and one FeedRow: nothing else is compared.
    #expect(Set(views.compactMap { $0["name"] as? String }) == ["DetailView", "FeedRow"])
    #expect(views.allSatisfy { ($0["status"] as? String) == "unchanged" })
  }

  @Test func anIntervalBeforeEveryOtherEventPlacesTheTraceStart() throws {
    // No header start: the interval at 3 ms is the trace's start, for the range and the grid.
    let trace = try TemporaryFile(
      """
      {"type":"interval","name":"Load","start":3000000,"duration":30000000}
      {"type":"update","id":1,"kind":"body","view":"A","start":10000000,"duration":100000}
      {"type":"update","id":2,"kind":"body","view":"B","start":19700000,"duration":100000}

      """)
    defer { trace.remove() }
    let run = CLIRun(["summarize", trace.path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect((object["trace"] as? [String: Any])?["startNs"] as? Int == 3_000_000)
    // The 60 Hz grid from 3 ms: 10 ms and 19.7 ms fall in frames #0 and #1.
    #expect((object["frames"] as? [String: Any])?["withUpdates"] as? Int == 2)
    let ranged = CLIRun(["summarize", trace.path, "--format", "json", "--from", "8ms"])  // 11 ms
    let rangedObject = try #require(
      try JSONSerialization.jsonObject(with: Data(ranged.output.utf8)) as? [String: Any])
    #expect((rangedObject["totals"] as? [String: Any])?["count"] as? Int == 1)
  }

  @Test func aMalformedTraceIsBadDataWhateverTheWindow() throws {
    let trace = try TemporaryFile(
      """
      {"type":"interval","name":"Load","start":0,"duration":30000000}
      {"type":"update","id":1,"kind":"body","view":"A","start":10000000,"duration":-5}

      """)
    defer { trace.remove() }
    for arguments in [["--list-windows"], ["--window", "Nowhere"], ["--window", "Load"]] {
      let run = CLIRun(["summarize", trace.path] + arguments)
      #expect(run.status == .dataError, "\(arguments): \(run.errors)")
      #expect(run.errors.contains(":2:"), "\(arguments): \(run.errors)")
    }
  }

  @Test func aBudgetWindowThatKeepsNoUpdateCannotPass() throws {
    let budget = try TemporaryFile(#"{"windows": {"Launch": {"frames": {"missed": 0}}}}"# + "\n")
    defer { budget.remove() }
    let arguments = ["check", Fixture.path("traces/windows.jsonl"), "--budget", budget.path, "--from", "1s"]
    let run = CLIRun(arguments)
    #expect(run.status == .dataError)
    #expect(
      run.errors.contains("no updates in the range 1.000 s ..< end and the window 'Launch'"), "\(run.errors)")
    #expect(CLIRun(arguments + ["--allow-empty"]).status == .success)
  }
}
