import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// The cause graph of tracecli against the independent Python reference
/// (`Scripts/reference/analysis.py cause-graph`), on the story fixtures and on random traces
/// with dangling ids: the same nodes (kind, module, label, user, dimmed, count) and the same
/// edges (from, to, label, count), node ends named by (kind, module, label).
@Suite(.tags(.slow), .notInQuickLoop)
struct CauseGraphReferenceTests {
  private static let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path

  /// One comparison: a selection and, for the reference, the same options.
  struct Case: Sendable, CustomStringConvertible {
    var view: String?
    var direction = CauseGraph.Direction.upstream
    var depth: Int?
    var minCount = 1
    var range = TimeRange()

    var description: String {
      "\(view ?? "whole") \(direction) depth \(depth.map(String.init) ?? "-") min \(minCount) \(range)"
    }

    var referenceArguments: [String] {
      var arguments: [String] = []
      if let view { arguments += ["--view", view] }
      if direction != .upstream { arguments.append("--downstream") }
      if direction == .both { arguments.append("--upstream") }
      if let depth { arguments += ["--depth", String(depth)] }
      if minCount > 1 { arguments += ["--min-count", String(minCount)] }
      if let from = range.from { arguments += ["--from", String(from)] }
      if let to = range.to { arguments += ["--to", String(to)] }
      return arguments
    }
  }

  private static let fixtureCases: [(String, Case)] =
    Fixture.storyNames.map { ($0, Case()) } + [
      ("favorites-before", Case(view: "LandmarkListItemView")),
      ("favorites-after", Case(view: "Landmarks.LandmarkListItemView")),
      ("environment-churn", Case(view: "View2")),
      ("update-loop", Case(view: "HomeView", direction: .downstream)),
      ("update-loop", Case(view: "HeaderView", depth: 2)),
      ("update-loop", Case(view: "HeaderView", direction: .both, minCount: 120)),
      ("update-loop", Case(range: TimeRange(from: 100_000_000, to: 400_000_000))),
      ("landmarks-before", Case(range: TimeRange(from: 1_000_000_000))),
    ]

  private static let randomCases: [Case] = [
    Case(), Case(view: "LandmarkListItemView"), Case(view: "Café", direction: .downstream),
    Case(view: "Landmarks.ContentView", direction: .both), Case(view: "Image", depth: 1),
    Case(minCount: 2), Case(range: TimeRange(from: 20_000_000, to: 300_000_000)),
    Case(view: "Text", range: TimeRange(to: 150_000_000)),
  ]

  @Test(arguments: fixtureCases)
  func fixturesAgreeWithTheReference(name: String, selection: Case) throws {
    guard Tool.python3.require() != nil else { return }
    try compare(path: Fixture.path("traces/\(name).jsonl"), selection, label: name)
  }

  @Test(arguments: 1...6)
  func randomTracesAgreeWithTheReference(seed: Int) throws {
    guard Tool.python3.require() != nil else { return }
    let trace = try TemporaryFile(
      bytes: [UInt8](run(["\(Self.scripts)/random_trace.py", String(seed), "400"])))
    defer { trace.remove() }
    for selection in Self.randomCases {
      try compare(path: trace.path, selection, label: "seed \(seed)")
    }
  }

  // MARK: - Helpers

  private func compare(path: String, _ selection: Case, label: String) throws {
    let graph = try TraceAnalysis.causeGraph(paths: [path], options: AnalysisOptions(range: selection.range))
    let chosen = graph.selecting(
      CauseGraph.Selection(
        view: selection.view, direction: selection.direction, depth: selection.depth,
        minCount: selection.minCount,
        edgeLimit: nil))
    let reference = try run(
      ["\(Self.scripts)/analysis.py", "cause-graph", path] + selection.referenceArguments, allowFailure: true)
    guard let chosen else {
      #expect(reference.isEmpty, "\(label) \(selection): tracecli found no view, the reference did")
      return
    }
    let ours = try canonical(Data(CauseGraphJSONRenderer.render(chosen).utf8), ids: true)
    let theirs = try canonical(reference, ids: false)
    #expect(ours.edges == theirs.edges, "\(label) \(selection): edges differ")
    #expect(ours.nodes == theirs.nodes, "\(label) \(selection): nodes differ")
  }

  /// Sorted `kind|module|label|user|dimmed|count` nodes and `from => to|label|count` edges.
  private func canonical(_ data: Data, ids: Bool) throws -> (nodes: [String], edges: [String]) {
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let nodes = object["nodes"] as? [[String: Any]] ?? []
    func name(_ node: [String: Any]) -> String {
      "\(node["kind"] ?? "?")|\(node["module"] as? String ?? "<none>")|\(node["label"] ?? "?")"
    }
    var byID: [String: String] = [:]
    for node in nodes { if let id = node["id"] as? String { byID[id] = name(node) } }
    let nodeLines = nodes.map { node in
      "\(name(node))|\(node["user"] as? Bool ?? false)|\(node["dimmed"] as? Bool ?? false)|\(node["count"] as? Int ?? -1)"
    }
    let edges = (object["edges"] as? [[String: Any]] ?? []).map { edge in
      let from =
        ids ? byID[edge["from"] as? String ?? ""] ?? "?" : name(edge["from"] as? [String: Any] ?? [:])
      let to = ids ? byID[edge["to"] as? String ?? ""] ?? "?" : name(edge["to"] as? [String: Any] ?? [:])
      return "\(from) => \(to)|\(edge["label"] ?? "?")|\(edge["count"] as? Int ?? -1)"
    }
    return (nodeLines.sorted(), edges.sorted())
  }

  /// The standard output of python3 with `arguments`; empty when it fails and `allowFailure`.
  private func run(_ arguments: [String], allowFailure: Bool = false) throws -> Data {
    let (output, status) = try Python.run(arguments)
    guard status == 0 else {
      if !allowFailure { Issue.record("python3 \(arguments) exited \(status)") }
      return Data()
    }
    return output
  }
}
