import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// Diff JSON, Markdown and workflow commands parse as what they claim to be.
struct DiffFormatTests {
  private static func diff(_ base: [String], _ head: [String]) throws -> TraceDiff {
    try TraceAnalysis.diff(
      base: base.map { Fixture.path("traces/\($0).jsonl") },
      head: head.map { Fixture.path("traces/\($0).jsonl") })
  }

  @Test func jsonHasTheContractShapeAndConsistentExtras() throws {
    let diff = try Self.diff(["landmarks-before"], ["landmarks-after"])
    let verdicts = [try DiffRule.parse("red>0"), try DiffRule.parse("p95>+20%")].map { $0.evaluate(diff) }
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(DiffJSONRenderer.render(diff, verdicts: verdicts).utf8))
        as? [String: Any])
    let views = try #require(object["views"] as? [[String: Any]])
    #expect(views.count == 8)
    for view in views {
      for key in ["module", "kind", "name"] { #expect(view[key] is String) }
      let base = try #require(view["base"] as? [String: Int])
      let head = try #require(view["head"] as? [String: Int])
      let delta = try #require(view["delta"] as? [String: Int])
      #expect(Set(base.keys) == ["count", "orange", "red", "p95Ns", "totalNs"])
      for key in base.keys { #expect(delta[key] == (head[key] ?? 0) - (base[key] ?? 0)) }
    }
    let item = try #require(views.first)
    #expect(item["name"] as? String == "LandmarkListItemView")
    #expect((item["base"] as? [String: Int])?["red"] == 116 && (item["head"] as? [String: Int])?["red"] == 0)
    let frames = try #require(object["frames"] as? [String: Any])
    #expect(
      (frames["base"] as? [String: Int])?["missed"] == 6 && (frames["head"] as? [String: Int])?["missed"] == 0
    )
    let edges = try #require(object["edges"] as? [[String: Any]])
    #expect(
      edges.allSatisfy {
        $0["from"] is String && $0["to"] is String && $0["base"] is Int && $0["head"] is Int
      })
    #expect(object["verdict"] as? String == "pass")
  }

  @Test func markdownTablesKeepTheirColumns() throws {
    let diff = try Self.diff(["ci/search-main"], ["ci/search-pr"])
    let verdicts = try DiffRule.parseList(["red>0,edge>+50%"]).map { $0.evaluate(diff) }
    let markdown = DiffMarkdownRenderer.render(diff, verdicts: verdicts)
    #expect(markdown.hasPrefix("### ❌ tracecli diff: regression\n"))
    var widths: [Int] = []
    for block in markdown.components(separatedBy: "\n\n") where block.hasPrefix("| ") {
      let rows = block.split(separator: "\n")
      let cells = rows.map {
        $0.replacing("\\|", with: "").split(separator: "|", omittingEmptySubsequences: false).count
      }
      #expect(Set(cells).count == 1, "\(block)")
      #expect(rows[1].allSatisfy { "|-: ".contains($0) })
      widths.append(cells[0])
    }
    #expect(widths == [5, 10, 7])  // rules, views, edges
  }

  @Test func githubLinesAreWorkflowCommands() throws {
    let pattern = #/^::(error|warning|notice)( [a-z]+=[^,:\r\n]*(,[a-z]+=[^,:\r\n]*)*)?::[^\r\n]*$/#
    let noisy = try Self.diff((1...3).map { "ci/scroll-main-\($0)" }, (1...3).map { "ci/scroll-pr-\($0)" })
    let regression = try Self.diff(["ci/search-main"], ["ci/search-pr"])
    let rules = try DiffRule.parseList(["p95>+1%,red>0,missed>0"])
    for diff in [noisy, regression] {
      let lines = GitHubRenderer.render(diff, verdicts: rules.map { $0.evaluate(diff) }).split(
        separator: "\n")
      for line in lines { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
    }
    let noisyLines = GitHubRenderer.render(noisy, verdicts: rules.map { $0.evaluate(noisy) }).split(
      separator: "\n")
    #expect(noisyLines.filter { $0.hasPrefix("::warning title=inconclusive%3A p95>+1%25::") }.count == 2)
    #expect(!noisyLines.contains { $0.hasPrefix("::error") })
  }

  @Test func theNoisyTrioIsNoiseNotARegression() throws {
    let diff = try Self.diff((1...3).map { "ci/scroll-main-\($0)" }, (1...3).map { "ci/scroll-pr-\($0)" })
    let row = try #require(diff.views.first { $0.key.name == "FeedRow" })
    #expect(row[.p95].delta > 0 && row[.p95].isNoise)
    #expect(row.status == "noise" && !row.hasRealChange)
    #expect(try DiffRule.parse("p95>+1%").evaluate(diff).outcome == .inconclusive)
    #expect(try DiffRule.parse("p95>+20%").evaluate(diff).outcome == .pass)
    #expect(try DiffRule.parse("total>+1%").evaluate(diff).outcome == .inconclusive)
    #expect(DiffRenderer.render(diff).contains("400 µs → 408 µs (+2%) ~"))
  }
}
