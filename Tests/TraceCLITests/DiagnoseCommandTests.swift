import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli diagnose`, and the findings in `summarize`, `check` and `diff`.
struct DiagnoseCommandTests {
  /// Each story's own finding (analysis.md "Findings"); the "after" traces must not have it.
  static let stories: [(trace: String, rule: String, fixed: String?)] = [
    ("landmarks-before", "long-body", "landmarks-after"),
    ("favorites-before", "fan-out", "favorites-after"),
    ("many-small-updates", "accumulation", nil),
    ("environment-churn", "environment-churn", nil),
    ("dog-inputs", "over-broad-input", nil),
    ("slow-init", "blocking-update", nil),
    ("update-loop", "update-loop", nil),
  ]

  private func rules(_ trace: String) throws -> [String] {
    let run = CLIRun(["diagnose", "Fixtures/traces/\(trace).jsonl", "--format", "json"].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let findings = try #require(object?["findings"] as? [[String: Any]])
    return findings.compactMap { $0["rule"] as? String }
  }

  @Test(arguments: stories)
  func everyStoryGetsItsOwnFindingAndItsFixNone(_ story: (trace: String, rule: String, fixed: String?)) throws
  {
    #expect(try rules(story.trace).contains(story.rule))
    if let fixed = story.fixed { #expect(try !rules(fixed).contains(story.rule)) }
  }

  @Test(arguments: Fixture.storyNames)
  func textAndJSONMatchTheirGoldenFiles(_ name: String) {
    let text = CLIRun(["diagnose", "Fixtures/traces/\(name).jsonl"].relativeToRoot)
    #expect(text.status == .success)
    Fixture.assertSnapshot(text.output.withoutRoot, named: "\(name).diagnose.txt")
    let json = CLIRun(["diagnose", "Fixtures/traces/\(name).jsonl", "--format", "json"].relativeToRoot)
    #expect(json.status == .success)
    Fixture.assertSnapshot(json.output.withoutRoot, named: "\(name).diagnose.json")
  }

  @Test(arguments: [("markdown", "md"), ("github", "github.txt")])
  func pullRequestFormatsMatchTheirGoldenFiles(format: String, ext: String) {
    let run = CLIRun(["diagnose", "Fixtures/traces/update-loop.jsonl", "--format", format].relativeToRoot)
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "update-loop.diagnose.\(ext)")
  }

  @Test func thresholdsAreOptions() throws {
    #expect(try rules("favorites-before").contains("fan-out"))
    let strict = CLIRun(
      ["diagnose", "Fixtures/traces/favorites-before.jsonl", "--fan-out", "41", "--format", "json"]
        .relativeToRoot)
    #expect(!strict.output.contains(#""rule": "fan-out""#))
    let loop = CLIRun(
      ["diagnose", "Fixtures/traces/update-loop.jsonl", "--loop-frames", "121", "--format", "json"]
        .relativeToRoot)
    #expect(!loop.output.contains(#""rule": "update-loop""#))
    let gestures = CLIRun(
      ["diagnose", "Fixtures/traces/update-loop.jsonl", "--loop-gestures", "0.5%", "--format", "json"]
        .relativeToRoot)
    #expect(!gestures.output.contains(#""rule": "update-loop""#), "1 gesture frame of 120 is 0.83%")
  }

  @Test(arguments: [
    ["--loop-gestures", "150%"], ["--loop-gestures", "ten"], ["--fan-out", "-1"], ["--bogus"],
    ["--format", "yaml"],
  ])
  func badOptionsAreUsageErrors(_ options: [String]) {
    let run = CLIRun((["diagnose", "Fixtures/traces/minimal.jsonl"] + options).relativeToRoot)
    #expect(run.status == .usage)
    #expect(run.errors.contains("diagnose"))
  }

  @Test func aTraceWithoutProblemsSaysSoAndExitsZero() {
    let run = CLIRun(["diagnose", "Fixtures/traces/minimal.jsonl"].relativeToRoot)
    #expect(run.status == .success)
    #expect(run.output.contains("no findings"))
  }

  // MARK: - summarize --findings

  @Test func summarizeEndsWithTheFindingsWhenAsked() throws {
    let plain = CLIRun(["summarize", "Fixtures/traces/update-loop.jsonl"].relativeToRoot)
    let with = CLIRun(["summarize", "Fixtures/traces/update-loop.jsonl", "--findings"].relativeToRoot)
    #expect(with.output.hasPrefix(plain.output))
    #expect(!plain.output.contains("Findings"))
    Fixture.assertSnapshot(with.output.withoutRoot, named: "update-loop.summary-findings.txt")
    let json = CLIRun(
      ["summarize", "Fixtures/traces/update-loop.jsonl", "--findings", "--format", "json"].relativeToRoot)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    let findings = try #require(object?["findings"] as? [[String: Any]])
    #expect(findings.map { $0["rule"] as? String } == ["update-loop"])
    #expect(object?["views"] != nil)
  }

  // MARK: - check --forbid

  @Test func checkForbidFailsOnAFindingOfTheRule() throws {
    let run = CLIRun(
      ["check", "Fixtures/traces/update-loop.jsonl", "--forbid", "update-loop,fan-out", "--format", "json"]
        .relativeToRoot)
    #expect(run.status == .failure)
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let violations = try #require(object?["violations"] as? [[String: Any]])
    #expect(violations.count == 1)
    #expect(violations.first?["limit"] as? String == "update-loop")
    #expect(violations.first?["measure"] as? String == "finding")
    #expect(violations.first?["max"] as? Int == 0)
    #expect(violations.first?["value"] as? Int == 120)
    #expect((violations.first?["subject"] as? String)?.hasPrefix("update loop: ") == true)
    let fixed = CLIRun(
      ["check", "Fixtures/traces/favorites-after.jsonl", "--forbid", "fan-out"].relativeToRoot)
    #expect(fixed.status == .success)
    let unknown = CLIRun(
      ["check", "Fixtures/traces/favorites-after.jsonl", "--forbid", "loops"].relativeToRoot)
    #expect(unknown.status == .usage)
    #expect(unknown.errors.contains("unknown rule 'loops'"))
  }

  @Test func aBudgetForbidsRulesAndSetsTheirThresholds() throws {
    let forbid = try TemporaryFile(
      #"{ "findings": { "forbid": ["fan-out"], "fanOut": 41 } }"#, name: "budget.json")
    defer { forbid.remove() }
    let trace = Fixture.path("traces/favorites-before.jsonl")
    #expect(CLIRun(["check", trace, "--budget", forbid.path]).status == .success, "median 40 < 41")
    let strict = try TemporaryFile(
      #"{ "findings": { "forbid": ["fan-out"], "fanOut": 40 } }"#, name: "budget.json")
    defer { strict.remove() }
    #expect(CLIRun(["check", trace, "--budget", strict.path]).status == .failure)
    let typo = try TemporaryFile(
      "{\n  \"findings\": { \"forbid\": [\"fan-out\", \"loop\"] }\n}\n", name: "budget.json")
    defer { typo.remove() }
    let run = CLIRun(["check", trace, "--budget", typo.path])
    #expect(run.status == .dataError)
    #expect(run.errors.contains("budget.json:2:39: error: unknown rule \"loop\""), "\(run.errors)")
  }

  // MARK: - diff

  @Test func diffSaysWhichFindingsAppearedAndFailsOnNewOnes() throws {
    let fixed = CLIRun(
      [
        "diff", "Fixtures/traces/favorites-before.jsonl", "Fixtures/traces/favorites-after.jsonl",
        "--fail-on",
        "finding>0",
      ].relativeToRoot)
    #expect(fixed.status == .success)
    #expect(fixed.output.contains("gone  warning  fan-out"))
    let broken = CLIRun(
      [
        "diff", "Fixtures/traces/favorites-after.jsonl", "Fixtures/traces/favorites-before.jsonl",
        "--fail-on",
        "finding>0", "--format", "json",
      ].relativeToRoot)
    #expect(broken.status == .failure)
    let object = try JSONSerialization.jsonObject(with: Data(broken.output.utf8)) as? [String: Any]
    let findings = try #require(object?["findings"] as? [[String: Any]])
    #expect(findings.map { $0["status"] as? String } == ["new"])
  }
}
