import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// The icicle of a slow body's samples: its numbers are the profile's, its boxes nest and stay
/// bounded, and the report draws it in the finding's card.
struct IcicleTests {
  private func finding(_ story: String) throws -> Finding {
    let (report, _) = try TraceAnalysis.report(
      paths: [Fixture.path("traces/\(story).jsonl")], name: "\(story).jsonl")
    return try #require(report.diagnosis.findings.first { $0.measured?.icicle != nil })
  }

  /// Every box inside its caller's: no wider, within its span, one row below; a caller's boxes
  /// side by side and together no wider than it.
  private func expectNested(_ icicle: Icicle, sourceLocation: SourceLocation = #_sourceLocation) {
    let boxes = icicle.boxes
    #expect(boxes.first?.kind == .node && boxes.first?.ns == icicle.totalNs, sourceLocation: sourceLocation)
    var children: [Int: [Icicle.Box]] = [:]
    for (index, box) in boxes.enumerated().dropFirst() {
      guard let parent = box.parent, parent < index else {
        Issue.record("box \(index) comes before its caller", sourceLocation: sourceLocation)
        continue
      }
      let caller = boxes[parent]
      #expect(box.ns > 0 && box.ns <= caller.ns, sourceLocation: sourceLocation)
      #expect(box.depth == caller.depth + 1, sourceLocation: sourceLocation)
      #expect(
        box.offsetNs >= caller.offsetNs && box.offsetNs + box.ns <= caller.offsetNs + caller.ns,
        sourceLocation: sourceLocation)
      children[parent, default: []].append(box)
    }
    for (parent, siblings) in children {
      #expect(siblings.reduce(0) { $0 + $1.ns } <= boxes[parent].ns, sourceLocation: sourceLocation)
      let ordered = siblings.sorted { $0.offsetNs < $1.offsetNs }
      for (left, right) in zip(ordered, ordered.dropFirst()) {
        #expect(left.offsetNs + left.ns <= right.offsetNs, sourceLocation: sourceLocation)
      }
    }
  }

  @Test func theSlowBodysIcicleWeighsWhatTheProfileSaysAndOpensOnTheFixsFunction() throws {
    let finding = try finding("landmarks-before")
    #expect(finding.rule == .longBody)
    let icicle = try #require(finding.measured?.icicle)
    #expect(icicle.label == "LandmarkListItemView.body")
    // The root weighs the node's samples as `tracecli profile --format json` reports them.
    let (_, profile) = try TraceAnalysis.profile(
      paths: [Fixture.path("traces/landmarks-before.jsonl")], view: "LandmarkListItemView.body")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ProfileRenderer.renderJSON(profile).utf8)) as? [String: Any]
    )
    #expect(icicle.totalNs == json["sampledNs"] as? Int64)
    #expect(icicle.samples == json["samples"] as? Int)
    #expect(icicle.boxes.first?.ns == 309_000_000)
    // The frames every sample shares are folded; the widest box under the root is the function
    // the fix names.
    #expect(icicle.trunk.first == "start" && icicle.trunk.last == "LandmarkListItemView.body.getter")
    let widest = try #require(icicle.boxes.filter { $0.parent == 0 }.max { $0.ns < $1.ns })
    #expect(widest.name == "LandmarkListItemView.distance.getter")
    #expect(widest.kind == .user)
    #expect(finding.suggestion.hasPrefix("\(widest.name) spends"))
    #expect(icicle.boxes.contains { $0.name == "-[NSMeasurementFormatter init]" && $0.kind == .system })
    expectNested(icicle)
  }

  @Test func aBlockedBodysIcicleIsItsSamplesToo() throws {
    let finding = try finding("slow-init")
    #expect(finding.rule == .blockingUpdate)
    let icicle = try #require(finding.measured?.icicle)
    #expect(icicle.totalNs == 16_000_000 && icicle.samples == 16)
    expectNested(icicle)
  }

  /// A deep and wide tree: 4 functions at each of 70 levels, 20 000 random stacks.
  private func deepAndWideTree() -> (tree: CallTree, functions: [FunctionCatalog.Function], ns: Int64) {
    var generator = SplitMix(seed: 36)
    var tree = CallTree()
    var total: Int64 = 0
    for _ in 0..<20_000 {
      let depth = 1 + Int(generator.next() % 70)
      let path = (0..<depth).map { level in level * 4 + Int(generator.next() % 4) }
      let ns = Int64(1 + generator.next() % 1_000_000)
      tree.add(path, ns: ns)
      total += ns
    }
    let functions = (0..<(70 * 4)).map {
      FunctionCatalog.Function(name: "f\($0)", binary: $0 % 2 == 0 ? "App" : "UIKitCore", user: $0 % 2 == 0)
    }
    return (tree, functions, total)
  }

  @Test func theBoxesStayBoundedWhateverTheStacks() {
    let (tree, functions, total) = deepAndWideTree()
    #expect(tree.count > 100_000)
    let icicle = Icicle(tree, functions: functions, label: "Deep.body", samples: 20_000)
    #expect(icicle.totalNs == total)
    #expect(icicle.boxes.count <= Icicle.boxLimit)
    #expect(icicle.boxes.count > Icicle.boxLimit / 2)
    #expect(icicle.boxes.allSatisfy { $0.depth < Icicle.rowLimit })
    #expect(icicle.mergeBelowNs >= Int64(Double(total) * Icicle.minimumShare))
    #expect(icicle.boxes.contains { $0.kind == .other && $0.functions > 1 })
    expectNested(icicle)
    // Fewer boxes asked for, fewer given.
    let small = Icicle(tree, functions: functions, label: "Deep.body", samples: 20_000, boxLimit: 50)
    #expect(small.boxes.count <= 50 && small.mergeBelowNs > icicle.mergeBelowNs)
    expectNested(small)
  }

  @Test func framesTooNarrowForABoxShareTheirCallersOtherBox() {
    // 1 000 callees of one caller, each 0.1 % of the samples: one `other` box holds them (the
    // caller, under every sample, is folded into the top box).
    var tree = CallTree()
    for callee in 1...1_000 { tree.add([0, callee], ns: 1_000) }
    tree.add([0], ns: 1_000)
    let functions = (0...1_000).map { FunctionCatalog.Function(name: "f\($0)", binary: nil, user: false) }
    let icicle = Icicle(tree, functions: functions, label: "Wide.body", samples: 1_001)
    #expect(icicle.trunk == ["f0"])
    #expect(icicle.boxes.map(\.name) == ["Wide.body", "other"])
    #expect(icicle.boxes[1].functions == 1_000 && icicle.boxes[1].ns == 1_000_000)
    expectNested(icicle)
  }

  @Test func aDeepChainIsCutAtTheLastRow() {
    var tree = CallTree()
    tree.add([0], ns: 5)
    tree.add(1...100, ns: 10)
    let functions = (0...100).map { FunctionCatalog.Function(name: "f\($0)", binary: nil, user: false) }
    let icicle = Icicle(tree, functions: functions, label: "Chain.body", samples: 2)
    #expect(icicle.rowsCut)
    #expect(icicle.boxes.count == Icicle.rowLimit + 1)
    #expect(icicle.boxes.map(\.depth).max() == Icicle.rowLimit - 1)
    expectNested(icicle)
  }

  @Test(arguments: [
    ("LandmarkListItemView.distance.getter", 400.0, "LandmarkListItemView.distance.getter"),
    ("LandmarkListItemView.distance.getter", 100.0, "LandmarkListI…"),
    ("Text.init(_:tableName:bundle:comment:)", 50.0, "Text.…"),
    ("body", 32.0, "body"),
  ])
  func aLabelIsWholeOrCutWithAnEllipsis(name: String, width: Double, shown: String) {
    #expect(ReportRenderer.label(name, width: width) == shown)
  }

  @Test(arguments: [("f", 6.0), ("Function12()", 40.0), ("Text.init(_:tableName:bundle:comment:)", 19.0)])
  func aBoxTooNarrowForItsNameOrFiveCharactersHasNoLabel(name: String, width: Double) {
    #expect(ReportRenderer.label(name, width: width) == nil)
  }

  @Test func theReportDrawsTheIcicleInTheFindingsCard() throws {
    let icicle = try #require(try finding("landmarks-before").measured?.icicle)
    let figure = ReportRenderer.icicle(icicle)
    Fixture.assertSnapshot(figure, named: "landmarks-before.icicle.html")
    // Every box has its tooltip: the whole name, the time and the share.
    #expect(figure.components(separatedBy: "<title>").count - 1 == icicle.boxes.count)
    #expect(
      figure.contains(
        "<title>LandmarkListItemView.distance.getter (Landmarks)&#10;274 ms · 88.7 % of the samples</title>"))
    #expect(figure.contains(#"<g class="ic-user">"#) && figure.contains(#"<g class="ic-system">"#))
    let (report, _) = try TraceAnalysis.report(
      paths: [Fixture.path("traces/landmarks-before.jsonl")], name: "landmarks-before.jsonl")
    let page = ReportRenderer.render(report)
    let card = try #require(page.range(of: "<article id=\"finding-1\""))
    let end = try #require(page.range(of: "</article>", range: card.upperBound..<page.endIndex))
    #expect(page[card.upperBound..<end.lowerBound].contains(figure))
  }

  @Test func aTraceWithoutSamplesDrawsNoIcicle() throws {
    let (report, _) = try TraceAnalysis.report(
      paths: [Fixture.path("traces/favorites-before.jsonl")], name: "favorites-before.jsonl")
    #expect(report.diagnosis.findings.allSatisfy { $0.measured == nil })
    #expect(!ReportRenderer.render(report).contains("<figure class=\"icicle\">"))
  }

  @Test func onlyTheFirstFindingsDrawAnIcicle() throws {
    // Two bodies block the main thread (6 frame budgets each at 60 Hz), each sampled 5 times.
    var lines = [
      #"{"type":"trace","version":1,"app":"App","refreshRate":60}"#,
      #"{"type":"symbol","id":1,"name":"App.slow()","binary":"App","user":true}"#,
      #"{"type":"update","id":1,"kind":"body","view":"A","module":"App","start":0,"duration":100000000}"#,
      #"{"type":"update","id":2,"kind":"body","view":"B","module":"App","start":200000000,"duration":110000000}"#,
    ]
    for index in 0..<5 {
      for start in [0, 200] {
        lines.append(
          #"{"type":"sample","time":\#((start + 10 * index + 1) * 1_000_000),"weight":1000000,"stack":[1]}"#)
      }
    }
    let trace = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { trace.remove() }
    let run = try TraceRun(paths: [trace.path])
    var diagnosis = try TraceAnalysis.diagnose(run, settings: FindingSettings(), measuring: false)
    #expect(diagnosis.findings.filter { $0.rule == .blockingUpdate }.count == 2)
    var all = diagnosis
    try diagnosis.measureSamples(of: run, icicles: 1)
    #expect(diagnosis.findings.filter { $0.measured != nil }.count == 2)
    #expect(
      diagnosis.findings.compactMap(\.measured?.icicle).map(\.label) == [diagnosis.findings[0].nodes[0]])
    try all.measureSamples(of: run, icicles: Report.icicleLimit)
    #expect(all.findings.compactMap(\.measured?.icicle).count == 2)
  }

  @Test func aNodesIcicleIsDrawnOnceAndItsOtherFindingsLinkToIt() throws {
    // A's three updates block the main thread and are red: long-body and blocking-update of A.
    var lines = [
      #"{"type":"trace","version":1,"app":"App","refreshRate":60}"#,
      #"{"type":"symbol","id":1,"name":"App.slow()","binary":"App","user":true}"#,
    ]
    for update in 0..<3 {
      let start = update * 200
      lines.append(
        #"{"type":"update","id":\#(update + 1),"kind":"body","view":"A","module":"App","start":\#(start * 1_000_000),"duration":100000000}"#
      )
      lines.append(#"{"type":"sample","time":\#((start + 1) * 1_000_000),"weight":1000000,"stack":[1]}"#)
    }
    let trace = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { trace.remove() }
    let (report, _) = try TraceAnalysis.report(paths: [trace.path])
    let measured = report.diagnosis.findings.enumerated().filter { $0.element.measured?.icicle != nil }
    #expect(measured.map(\.element.rule).sorted() == [.blockingUpdate, .longBody].sorted())
    let page = ReportRenderer.render(report)
    #expect(page.components(separatedBy: "<figure class=\"icicle\">").count == 2)
    let first = try #require(measured.first?.offset)
    #expect(
      page.contains(
        "Where its samples went: the icicle of <a href=\"#finding-\(first + 1)\">A.body</a> above."))
  }
}
