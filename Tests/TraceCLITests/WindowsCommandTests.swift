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
      ["summarize", Self.trace, "--window", "com.example.feed/Scroll Feed", "--format", format].relativeToRoot)
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "windows.scroll-feed.summary.\(ext)")
  }

  @Test func aPlainNameTakesEverySubsystemsIntervalsAndSubsystemSlashNameOneOnly() throws {
    func counts(_ arguments: [String]) throws -> (updates: Int, intervals: Int) {
      let run = CLIRun((["summarize", Self.trace, "--format", "json"] + arguments).relativeToRoot)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
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
          + " 'Open Detail' (com.example.feed), 'Scroll Feed' (com.example.feed, com.vendor.ads)"), "\(run.errors)")
  }

  @Test func everyAnalysisCommandTakesAWindow() {
    for arguments in [
      ["diagnose"], ["cause-graph", "--format", "json"], ["hitches"], ["report"], ["updates", "--view", "FeedRow"],
      ["check", "--max-red", "100"],
    ] {
      let windowed = CLIRun(
        ([arguments[0], Self.trace] + arguments.dropFirst() + ["--window", "Open Detail"]).relativeToRoot)
      #expect(windowed.status == .success, "\(arguments): \(windowed.errors)")
      let whole = CLIRun(([arguments[0], Self.trace] + arguments.dropFirst()).relativeToRoot)
      #expect(windowed.output != whole.output, "\(arguments)")
    }
    let export = CLIRun(["export", Self.trace, "--format", "chrome", "--window", "Launch"].relativeToRoot)
    #expect(export.status == .usage)
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
    #expect(run.status == .usage)
    #expect(run.errors.contains("\(budget.path):1:14: window \"Scrol Feed\": no interval of that name"), "\(run.errors)")
    #expect(run.errors.contains("did you mean 'Scroll Feed'?"))
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
}
