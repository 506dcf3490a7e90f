import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// A finding's fingerprint is its rule and its subject nodes, module-qualified: stable where
/// run-to-run noise moves other nodes, apart where the subject differs.
struct FindingFingerprintTests {
  static let model = CauseGraph.NodeID(
    kind: .source(.observable), name: "LandmarkCollection.landmarks", module: nil)
  static let row = CauseGraph.NodeID(kind: .update(.body), name: "LandmarkListItemView", module: "Landmarks")
  static let image = CauseGraph.NodeID(kind: .update(.body), name: "Image", module: "SwiftUI")
  static let header = CauseGraph.NodeID(kind: .update(.body), name: "HeaderView", module: "Landmarks")
  static let environment = CauseGraph.NodeID(
    kind: .source(.environmentWriter), name: "EnvironmentWriter: RootEnvironmentModifier", module: nil)

  static func finding(_ rule: FindingRule, _ nodes: [CauseGraph.NodeID], title: String = "t") -> Finding {
    Finding(
      rule: rule, severity: .warning, title: title, nodes: nodes, count: 1, costNs: 1, examples: [],
      evidence: [],
      backtraces: [], path: [], view: nil, edges: [])
  }

  /// ``Finding/listedOrder(_:)`` is a sort by ``Finding/listedBefore(_:_:)``, ties included.
  @Test func theListedOrderIsTheSortByListedBefore() {
    var random = SplitMix(seed: 11)
    let rules: [FindingRule] = [.fanOut, .longBody, .updateLoop]
    let nodes = [Self.model, Self.row, Self.image, Self.header]
    let findings = (0..<500).map { index in
      var finding = Self.finding(
        rules[Int(random.next() % 3)], [nodes[Int(random.next() % 4)], nodes[Int(random.next() % 4)]],
        title: "\(index)")
      finding.severity = random.next() % 2 == 0 ? .warning : .error
      finding.costNs = Int64(random.next() % 3)
      return finding
    }
    let order = Finding.listedOrder(findings)
    #expect(order.map { findings[$0].title } == findings.sorted(by: Finding.listedBefore).map(\.title))
  }

  @Test func theHashIsFNV1aOfTheRuleAndSubjectKeys() {
    let fingerprint = Self.finding(.fanOut, [Self.model, Self.row]).fingerprint
    #expect(
      fingerprint.key
        == "fan-out|observable::LandmarkCollection.landmarks|body:Landmarks:LandmarkListItemView")
    // 64-bit FNV-1a of that key, computed apart (Python).
    #expect(fingerprint.description == "4b52fd988a8a9392")
  }

  @Test func eachRuleHashesItsDeclaredSubject() {
    // Churn: the source alone; the views it happened to skip vary run to run.
    #expect(
      Self.finding(.environmentChurn, [Self.environment, Self.row]).fingerprint
        == Self.finding(.environmentChurn, [Self.environment, Self.header, Self.image]).fingerprint)
    // Accumulation: one a trace, whichever nodes spent most in its frames.
    #expect(
      Self.finding(.accumulation, [Self.row, Self.image]).fingerprint
        == Self.finding(.accumulation, [Self.image, Self.header, Self.row]).fingerprint)
    #expect(Self.finding(.accumulation, [Self.row]).fingerprint.subject.isEmpty)
    // A loop: its component, whatever order it is listed in.
    #expect(
      Self.finding(.updateLoop, [Self.header, Self.model]).fingerprint
        == Self.finding(.updateLoop, [Self.model, Self.header]).fingerprint)
    // Fan-out and over-broad input: both ends; long-body: the node.
    #expect(
      Self.finding(.fanOut, [Self.model, Self.row]).fingerprint
        != Self.finding(.fanOut, [Self.model, Self.image]).fingerprint)
    #expect(
      Self.finding(.longBody, [Self.row]).fingerprint != Self.finding(.blockingUpdate, [Self.row]).fingerprint
    )
  }

  @Test func theModuleTellsTwoViewsOfOneNameApart() {
    var other = Self.row
    other.module = "Widgets"
    #expect(Self.finding(.longBody, [Self.row]).fingerprint != Self.finding(.longBody, [other]).fingerprint)
    // The title (a display label with counts) is no part of it.
    #expect(
      Self.finding(.longBody, [Self.row], title: "116 red").fingerprint
        == Self.finding(.longBody, [Self.row], title: "3 red").fingerprint)
  }

  @Test func aWrittenBaselineReadsBackAndAcceptsItsFindings() throws {
    let findings = [
      Self.finding(.fanOut, [Self.model, Self.row], title: "fans out"), Self.finding(.longBody, [Self.row]),
      Self.finding(.longBody, [Self.row]),
    ]
    let baseline = Baseline(file: "accepted.json", accepting: findings)
    // One entry a fingerprint, in the rules' order.
    #expect(baseline.entries.map(\.rule) == ["long-body", "fan-out"])
    let read = try BaselineParser.parse(Array(BaselineRenderer.render(baseline).utf8), file: "accepted.json")
    #expect(read == baseline)
    #expect(read.accepts(Self.finding(.fanOut, [Self.model, Self.row], title: "another title")))
    #expect(!read.accepts(Self.finding(.fanOut, [Self.model, Self.image])))
    #expect(read.fixed(given: [findings[1]]).map(\.rule) == ["fan-out"])
  }

  @Test(arguments: [
    (#"{"findings": []}"#, "1:1: not a tracecli baseline"),
    (#"{"tracecliBaseline": 2, "findings": []}"#, "1:22: unsupported baseline version 2"),
    (
      #"{"tracecliBaseline": 1, "finding": []}"#,
      #"1:25: unknown key "finding" in the baseline; did you mean "findings"?"#
    ),
    (
      #"{"tracecliBaseline": 1, "findings": [{"rule": "fan-out", "fingerprint": "XYZ"}]}"#,
      "1:73: \"fingerprint\" must be 16 lowercase"
    ),
    (
      #"{"tracecliBaseline": 1, "findings": [{"rule": "fan-out"}]}"#,
      "1:38: a baseline entry needs \"fingerprint\""
    ),
    (
      #"{"tracecliBaseline": 1, "findings": [{"rule": "long-body", "fingerprint": "0000000000000000", "subject": ["body:A:B"]}]}"#,
      "1:75: fingerprint 0000000000000000 does not match the entry's rule and subject"
    ),
  ])
  func aBaselineIsReadStrictly(text: String, message: String) {
    #expect(throws: BudgetError.self) { try BaselineParser.parse(Array(text.utf8), file: "b.json") }
    do {
      _ = try BaselineParser.parse(Array(text.utf8), file: "b.json")
    } catch {
      #expect(error.description.hasPrefix("b.json:" + message), "\(error.description)")
    }
  }
}
