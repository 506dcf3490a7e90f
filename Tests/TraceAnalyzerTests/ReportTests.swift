import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// Which parts of the cause graph a report draws: one that shows each finding, never lone
/// nodes when the trace has edges.
struct ReportTests {
  private func report(_ story: String, view: String? = nil) throws -> Report {
    try TraceAnalysis.report(
      paths: [Fixture.path("traces/\(story).jsonl")], name: "\(story).jsonl", view: view
    ).report
  }

  @Test(arguments: Fixture.storyNames)
  func everyFindingWithNodesHasAGraphThatShowsIt(story: String) throws {
    let report = try report(story)
    for (index, finding) in report.diagnosis.findings.enumerated() where !finding.nodeIDs.isEmpty {
      let graph = try #require(report.graphIndex(showing: index), "\(story): finding \(index + 1)")
      let ids = Set(report.graphs[graph].graph.nodes.map(\.id))
      #expect(finding.nodeIDs.allSatisfy(ids.contains))
    }
    #expect(report.graphs.count <= Report.graphLimit)
  }

  @Test(arguments: Fixture.storyNames)
  func theFirstGraphHasEdgesWhenTheTraceHas(story: String) throws {
    let report = try report(story)
    if !report.diagnosis.graph.edges.isEmpty { #expect(!report.graph.edges.isEmpty, "\(story)") }
  }

  /// The accumulation finding names views without causes of their own (`CategoryRow.body`):
  /// its graph holds all three views it names and the causes of the one that has some.
  @Test func anAccumulationsGraphHoldsTheViewsItNames() throws {
    let report = try report("many-small-updates")
    let first = try #require(report.diagnosis.findings.first)
    #expect(first.rule == .accumulation)
    #expect(report.graphs.first?.subject == .finding(0))
    let labels = Set(report.graph.nodes.map(\.label))
    #expect(labels.isSuperset(of: ["CategoryRow.body", "Image.body", "LandmarkListItemView.body"]))
    #expect(labels.contains("@Observable ModelData.landmarks"))
    #expect(report.graph.edges.count >= 1)
    #expect(report.graph.focus.count == 3)
    // The fan-out finding is in the same graph.
    #expect(report.graphs.count == 1)
    #expect(report.graphs[0].findings == [0, 1])
  }

  @Test func aNamedViewComesFirst() throws {
    let report = try report("landmarks-before", view: "LandmarkList")
    #expect(report.graphs.first?.subject == .view("LandmarkList"))
    #expect(report.graphView == "LandmarkList")
    #expect(report.graph.focus.map { report.graph.nodes[$0].label } == ["LandmarkList.body"])
  }

  /// A node without causes or effects in a graph with edges: the graph's largest edges, with
  /// the node among them.
  @Test func aLoneNodeIsDrawnWithTheLargestEdges() {
    let whole = CauseGraph(
      nodes: ["A", "B", "Lone"].map { CauseGraph.Node(kind: .update(.body), name: $0) },
      edges: [CauseGraph.Edge(from: 0, to: 1, label: "update", count: 3)])
    let graph = Report.graph(of: whole, around: [2])
    #expect(graph.nodes.map(\.name) == ["A", "B", "Lone"])
    #expect(graph.edges.count == 1)
    #expect(graph.focus == [2])
  }

  @Test func aNodeWithOnlyEffectsIsDrawnWithThem() {
    let whole = CauseGraph(
      nodes: ["A", "B", "C"].map { CauseGraph.Node(kind: .update(.body), name: $0) },
      edges: [
        CauseGraph.Edge(from: 0, to: 1, label: "update", count: 3),
        CauseGraph.Edge(from: 2, to: 2, label: "update", count: 1),
      ])
    let graph = Report.graph(of: whole, around: [0])
    #expect(graph.nodes.map(\.name) == ["A", "B"])
    #expect(graph.focus == [0])
  }
}
