import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli diff`: pairs and runs, formats, `--fail-on` exit codes.
struct DiffCommandTests {
  private static let scroll =
    (1...3).map { "Fixtures/traces/ci/scroll-main-\($0).jsonl" } + ["--vs"]
    + (1...3).map { "Fixtures/traces/ci/scroll-pr-\($0).jsonl" }

  /// Five runs a side of 12 views; View0003 is twice as slow on head.
  private static let runs =
    (1...5).map { "Fixtures/traces/runs/base-\($0).jsonl" } + ["--vs"]
    + (1...5).map { "Fixtures/traces/runs/head-\($0).jsonl" }

  @Test(arguments: [
    (
      "landmarks", ["Fixtures/traces/landmarks-before.jsonl", "Fixtures/traces/landmarks-after.jsonl"],
      ["red>0"], ExitCode.success
    ),
    (
      "favorites", ["Fixtures/traces/favorites-before.jsonl", "Fixtures/traces/favorites-after.jsonl"],
      ["count>0,edge>+10"], .success
    ),
    (
      "search", ["Fixtures/traces/ci/search-main.jsonl", "Fixtures/traces/ci/search-pr.jsonl"],
      ["red>0,p95>+20%,missed>0,edge>+50%"], .failure
    ),
    ("scroll", scroll, ["p95>+1%", "red>0"], .inconclusive),
    ("runs", runs, ["total>10%", "View0003:p95>10%,hitches>0"], .failure),
  ])
  func pairsMatchTheirGoldenFiles(name: String, traces: [String], rules: [String], status: ExitCode) {
    let ruleArguments = rules.flatMap { ["--fail-on", $0] }
    for (format, ext) in [("text", "txt"), ("json", "json"), ("markdown", "md"), ("github", "github.txt")] {
      let run = CLIRun((["diff"] + traces + ruleArguments + ["--format", format]).relativeToRoot)
      #expect(run.status == status, "\(format): \(run.errors)")
      #expect(run.errors.isEmpty)
      Fixture.assertSnapshot(run.output.withoutRoot, named: "\(name).diff.\(ext)")
    }
  }

  @Test func story1RedDropsToZero() throws {
    let run = CLIRun(
      [
        "diff", "Fixtures/traces/landmarks-before.jsonl", "Fixtures/traces/landmarks-after.jsonl", "--format",
        "json",
      ]
      .relativeToRoot)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let item = try #require((object["views"] as? [[String: Any]])?.first)
    #expect(item["name"] as? String == "LandmarkListItemView")
    #expect((item["base"] as? [String: Int])?["red"] == 116)
    #expect((item["head"] as? [String: Int])?["red"] == 0)
    #expect(item["status"] as? String == "better")
  }

  @Test func story2EdgeFallsToTwo() throws {
    let run = CLIRun(
      [
        "diff", "Fixtures/traces/favorites-before.jsonl", "Fixtures/traces/favorites-after.jsonl", "--format",
        "json",
      ]
      .relativeToRoot)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let edges = try #require(object["edges"] as? [[String: Any]])
    let into = edges.filter { $0["to"] as? String == "LandmarkListItemView.body" }
    #expect(into.map { $0["base"] as? Int ?? -1 }.reduce(0, +) == 80)
    #expect(into.map { $0["head"] as? Int ?? -1 }.reduce(0, +) == 2)
    #expect(Set(into.map { $0["status"] as? String ?? "" }) == ["added", "removed"])
  }

  @Test func theRegressionPairFailsItsRulesAndItsBudget() {
    let base = Fixture.path("traces/ci/search-main.jsonl")
    let head = Fixture.path("traces/ci/search-pr.jsonl")
    #expect(CLIRun(["diff", base, head, "--fail-on", "red>0"]).status == .failure)
    #expect(CLIRun(["diff", base, head, "--fail-on", "p95>+400%"]).status == .success)
    #expect(CLIRun(["diff", base, head, "--fail-on", "p95>+300%"]).status == .failure)
    #expect(CLIRun(["diff", head, base, "--fail-on", "red>0,missed>0,edge>+50%"]).status == .success)
    #expect(CLIRun(["check", head, "--budget", Fixture.path("budgets/search.json")]).status == .failure)
  }

  @Test func twoPositionalsAreOneRunASide() throws {
    let base = Fixture.path("traces/landmarks-before.jsonl")
    let head = Fixture.path("traces/landmarks-after.jsonl")
    let pair = CLIRun(["diff", base, head, "--format", "json"])
    let split = CLIRun(["diff", "--format", "json", base, "--vs", head])
    #expect(pair.output == split.output)
    #expect(pair.status == .success)
    // Where --vs sits among the traces is what counts, whatever options come between them.
    let spaced = CLIRun(["diff", base, "--format", "json", "--vs", "--min-change", "5%,50us", head])
    #expect(spaced.output == split.output)
    let runs = (1...3).map { Fixture.path("traces/ci/scroll-main-\($0).jsonl") }
    let twoAndOne = CLIRun(["diff", runs[0], "--limit", "5", runs[1], "--vs", runs[2], "--format", "json"])
    #expect(twoAndOne.status == .success, "\(twoAndOne.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(twoAndOne.output.utf8))
    let sides = try #require(json as? [String: Any])
    let named = try #require(sides["runs"] as? [String: [String]])
    #expect(named["base"] == [runs[0], runs[1]])
    #expect(named["head"] == [runs[2]])
  }

  @Test func usageAndInputErrors() {
    let a = Fixture.path("traces/minimal.jsonl")
    #expect(CLIRun(["diff", a]).status == .usage)
    #expect(CLIRun(["diff", a, a, a]).status == .usage)
    #expect(CLIRun(["diff", a, "--vs"]).status == .usage)
    #expect(CLIRun(["diff", "--vs", a]).status == .usage)
    #expect(CLIRun(["diff", a, "--vs", a, "--vs", a]).status == .usage)
    #expect(CLIRun(["diff", a, "-"]).status == .usage)
    let rule = CLIRun(["diff", a, a, "--fail-on", "p95>fast"])
    #expect(rule.status == .usage)
    #expect(rule.errors.contains("--fail-on: rule 'p95>fast'"))
    #expect(CLIRun(["diff", a, a, "--format", "junit"]).status == .usage)
    #expect(CLIRun(["diff", a, "/nonexistent.jsonl"]).status == .noInput)
    #expect(CLIRun(["diff", a, Fixture.path("traces/malformed/bad-json.jsonl")]).status == .dataError)
    #expect(CLIRun(["diff", a, a, "--fail-on", "red>0"]).status == .success)
    #expect(CLIRun(["help", "diff"]).output.contains("--fail-on"))
  }

  @Test func aRuleNamingAViewTestsItAloneWhileEveryViewIsAdjusted() {
    let alone = CLIRun((["diff"] + Self.runs + ["--fail-on", "View0003:total>10%"]).relativeToRoot)
    #expect(alone.status == .failure)
    let every = CLIRun((["diff"] + Self.runs + ["--fail-on", "total>10%"]).relativeToRoot)
    #expect(every.status == .inconclusive)
    #expect(every.output.contains("not shown by the runs (p 0.00794 q 0.0952 ≥ α 0.05)"))
  }

  @Test func alphaWidensWhatTheRunsShow() {
    let run = CLIRun((["diff"] + Self.runs + ["--fail-on", "total>10%", "--alpha", "0.1"]).relativeToRoot)
    #expect(run.status == .failure)
    #expect(run.output.contains("at α 0.1"))
  }

  @Test(arguments: [
    (["--alpha", "1.5"], "--alpha '1.5' must be a number between 0 and 1"),
    (["--alpha", "x"], "--alpha 'x' must be a number between 0 and 1"),
    (["--fail-on", "Nope:p95>10%"], "no view 'Nope' in either side"),
    (["--fail-on", "View0003:missed>0"], "only a view's figure"),
    (["--fail-on", ":p95>1"], "name a view before ':'"),
  ])
  func badVerdictArgumentsAreUsageErrors(arguments: [String], message: String) {
    let run = CLIRun((["diff"] + Self.runs + arguments).relativeToRoot)
    #expect(run.status == .usage)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test func threeRunsASideGiveNoVerdictsAndSayWhy() throws {
    let three =
      (1...3).map { "Fixtures/traces/runs/base-\($0).jsonl" } + ["--vs"]
      + (1...3).map { "Fixtures/traces/runs/head-\($0).jsonl" }
    let text = CLIRun((["diff"] + three).relativeToRoot)
    #expect(
      text.output.contains("no verdicts: a verdict needs 4 or more runs a side (this diff has 3 and 3)"))
    let json = CLIRun((["diff"] + three + ["--format", "json"]).relativeToRoot)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["alpha"] is NSNull)
    let views = try #require(object["views"] as? [[String: Any]])
    #expect(!views.isEmpty)
    #expect(views.allSatisfy { $0["verdicts"] == nil })
    #expect((object["frames"] as? [String: Any])?["verdicts"] == nil)
  }
}
