import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer
@testable import tracecli

/// A rule of a test's own, in one file: registered, it is in `diagnose --help`, its option
/// parses, the budget parser takes its key, the settings JSON, the report and docs' table show
/// it, and it finds what it finds — with no edit anywhere else.
struct RuleRegistrationTests {
  /// `busy-view`: a view that updates more than a number of times.
  struct BusyViewRule: FindingsRule {
    static let maxUpdates = RuleThreshold(
      option: "--busy-updates", key: "busyUpdates", default: 1000, help: "updates of one view")

    static let declaration = RuleDeclaration(
      rule: FindingRule("busy-view"), finds: "a view that updates very often",
      suggestion: "Update it less.", thresholds: [maxUpdates], subject: .first(1))

    let context: RuleContext

    init(_ context: RuleContext) { self.context = context }

    func findings(_ scan: NoScan) -> [Finding] {
      let limit = context.settings.count(Self.maxUpdates)
      return context.keys.indices.filter { context.statistics[$0].count > limit }.map { group in
        let label = RuleContext.label(of: context.keys[group])
        return Finding(
          rule: Self.declaration.rule, severity: .warning, title: "\(label) updates often",
          nodes: [CauseGraph.NodeID(view: context.keys[group])],
          count: context.statistics[group].count, costNs: context.statistics[group].totalNs, examples: [],
          evidence: [], backtraces: [], path: [], view: context.keys[group].qualifiedName, edges: [])
      }
    }
  }

  @Test func aRegisteredRuleIsAnOptionABudgetKeyAHelpLineAndARowOfTheDocs() throws {
    try FindingRules.registering(BusyViewRule.self) {
      let help = CLIRun(["diagnose", "--help"])
      #expect(help.output.contains("[--busy-updates <n>]"))
      #expect(help.output.contains("--busy-updates <n>"))
      #expect(help.output.contains(" busy-view: updates of one view (default 1000)\n"))
      #expect(
        FindingRules.markdownTable.contains(
          "| `busy-view` | a view that updates very often | `--busy-updates <n>` | `busyUpdates` | 1000 | updates of one view |"
        ))
      let budget = try BudgetParser.parse(
        Array(#"{"findings": {"busyUpdates": 3, "forbid": ["busy-view"]}}"#.utf8), file: "b.json")
      #expect(budget.findingSettings?.count(BusyViewRule.maxUpdates) == 3)
      #expect(budget.limits.map(\.scope) == [.finding(BusyViewRule.declaration.rule)])
      let trace = Fixture.path("traces/landmarks-before.jsonl")
      let found = CLIRun(["diagnose", trace, "--busy-updates", "20", "--format", "json"])
      #expect(found.status == .success, "\(found.errors)")
      #expect(found.output.contains(#""rule": "busy-view""#))
      #expect(found.output.contains(#""busyUpdates": 20"#))
      let gated = try TraceAnalysis.check(paths: [trace], budget: budget, options: AnalysisOptions())
      #expect(try !gated.evaluate().passed)
      // The report makes part of its page on other threads; the rule's fix and threshold are
      // on it all the same.
      let page = CLIRun(["report", trace, "--busy-updates", "20", "-o", "-"])
      #expect(page.status == .success, "\(page.errors)")
      #expect(page.output.contains("Update it less."))
      #expect(page.output.contains(#""busyUpdates": 20"#) || page.output.contains(#""busyUpdates":20"#))
    }
    // Outside the registration, nothing of it remains.
    #expect(!CLIRun(["diagnose", "--help"]).output.contains("busy-updates"))
    #expect(
      CLIRun(["diagnose", Fixture.path("traces/minimal.jsonl"), "--busy-updates", "2"]).status == .usage)
  }

  @Test func theDocsTableIsTheRulesDeclarations() throws {
    let docs = try String(
      contentsOf: Fixture.root.appendingPathComponent("docs/analysis.md"), encoding: .utf8)
    let begin = "<!-- rules table: generated from the rules' declarations -->\n"
    let start = try #require(docs.range(of: begin)?.upperBound)
    let end = try #require(
      docs.range(of: "<!-- end of rules table -->", range: start..<docs.endIndex)?.lowerBound)
    #expect(String(docs[start..<end]) == FindingRules.markdownTable)
  }

  @Test func everyBuiltInRuleDeclaresOnce() {
    let declarations = FindingRules.declarations
    #expect(declarations.map(\.rule) == FindingRule.allCases)
    #expect(Set(declarations.map(\.rule.rawValue)).count == declarations.count)
    let thresholds = FindingRules.thresholds
    #expect(Set(thresholds.map(\.option)).count == thresholds.count)
    #expect(Set(thresholds.map(\.key)).count == thresholds.count)
    for declaration in declarations {
      #expect(!declaration.suggestion.isEmpty && !declaration.finds.isEmpty)
      #expect(declaration.rule.suggestion == declaration.suggestion)
    }
  }

  /// Many findings are written on every core: a registered rule's fix reaches them all.
  @Test func manyFindingsOfARegisteredRuleKeepItsFixOnEveryThread() {
    FindingRules.registering(BusyViewRule.self) {
      let findings = (0..<600).map { index in
        Finding(
          rule: BusyViewRule.declaration.rule, severity: .warning, title: "busy \(index)",
          nodes: [CauseGraph.NodeID(kind: .update(.body), name: "View\(index)", module: "App")],
          count: index, costNs: Int64(index), examples: [], evidence: [], backtraces: [], path: [],
          view: nil, edges: [])
      }
      var json = JSONWriter()
      json.array { FindingsJSONRenderer.write(findings, to: &$0) }
      let fixes = json.text.components(separatedBy: #""suggestion": "Update it less.""#).count - 1
      #expect(fixes == findings.count)
    }
  }
}
