import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// Building the whole graph: nodes, counts, dimmed, user, labels, dangling ids, the range.
struct CauseGraphTests {
  /// The graph of `text` (a JSON Lines trace).
  private func graph(_ text: String, range: TimeRange = TimeRange()) throws -> CauseGraph {
    let file = try TemporaryFile(text)
    defer { file.remove() }
    return try TraceAnalysis.causeGraph(
      paths: [file.path], name: "t.jsonl", options: AnalysisOptions(range: range))
  }

  /// `from label -> to label (label) ×count` for every edge, in the graph's order.
  private func edges(_ graph: CauseGraph) -> [String] {
    graph.edges.map {
      "\(graph.nodes[$0.from].label) -> \(graph.nodes[$0.to].label) (\($0.label)) ×\($0.count)"
    }
  }

  private func node(_ graph: CauseGraph, _ label: String) throws -> CauseGraph.Node {
    try #require(graph.nodes.first { $0.label == label }, "no node \(label)")
  }

  @Test func countsCausesPerNodePairAndLabel() throws {
    let graph = try graph(
      """
      {"type":"source","id":1,"kind":"gesture","label":"Gesture: Tap","user":true,"time":10}
      {"type":"source","id":2,"kind":"observable","label":"@Observable Model.items","time":20}
      {"type":"source","id":3,"kind":"observable","label":"@Observable Model.items","user":true,"time":30}
      {"type":"update","id":4,"kind":"body","view":"Row","module":"App","start":40,"duration":5}
      {"type":"update","id":5,"kind":"body","view":"Row","module":"App","start":50,"duration":5}
      {"type":"update","id":6,"kind":"representable","view":"Map","module":"MapKit","start":60,"duration":5}
      {"type":"update","id":7,"kind":"other","label":"Layout: Stack","start":70,"duration":5}
      {"type":"update","id":8,"kind":"other","start":80,"duration":5}
      {"type":"cause","from":1,"to":2}
      {"type":"cause","from":1,"to":3,"label":"update"}
      {"type":"cause","from":2,"to":4,"changed":"items"}
      {"type":"cause","from":3,"to":5}
      {"type":"cause","from":3,"to":5,"label":"creation"}
      {"type":"cause","from":4,"to":6}
      {"type":"cause","from":6,"to":7}
      {"type":"cause","from":7,"to":8}

      """)
    #expect(
      edges(graph) == [
        "Gesture: Tap -> @Observable Model.items (update) ×2",
        "@Observable Model.items -> Row.body (update) ×2",
        "@Observable Model.items -> Row.body (creation) ×1",
        "Row.body -> Map.update (update) ×1",
        "Map.update -> Layout: Stack (update) ×1",
        "Layout: Stack -> (unnamed) (update) ×1",
      ])
    // Sources, then updates by kind (body, representable, other), then by name.
    #expect(
      graph.nodes.map(\.label) == [
        "Gesture: Tap", "@Observable Model.items", "Row.body", "Map.update", "(unnamed)", "Layout: Stack",
      ])
    #expect(try node(graph, "Row.body").events == 2)
    #expect(try node(graph, "@Observable Model.items").events == 2)
    #expect(graph.causes.counted == 8)
    #expect(graph.dangling.count == 0)
  }

  @Test func userComesFromSourcesAndFromTheAppsModules() throws {
    let graph = try graph(
      """
      {"type":"source","id":1,"kind":"state","label":"@State a","time":1}
      {"type":"source","id":2,"kind":"state","label":"@State a","user":true,"time":2}
      {"type":"source","id":3,"kind":"environment","label":"External Environment","user":false,"time":3}
      {"type":"update","id":4,"kind":"body","view":"Mine","module":"Landmarks","start":4,"duration":1}
      {"type":"update","id":5,"kind":"body","view":"Theirs","module":"SwiftUI","start":5,"duration":1}
      {"type":"update","id":6,"kind":"body","view":"Nobody","start":6,"duration":1}

      """)
    #expect(try node(graph, "@State a").user)
    #expect(try !node(graph, "External Environment").user)
    #expect(try node(graph, "Mine.body").user)
    #expect(try !node(graph, "Theirs.body").user)
    #expect(try !node(graph, "Nobody.body").user)
  }

  @Test func aNodeIsDimmedWhenEveryUpdateWasSkipped() throws {
    let graph = try graph(
      """
      {"type":"update","id":1,"kind":"body","view":"Checked","start":1,"duration":1,"skipped":true}
      {"type":"update","id":2,"kind":"body","view":"Checked","start":2,"duration":1,"skipped":true}
      {"type":"update","id":3,"kind":"body","view":"Mixed","start":3,"duration":1,"skipped":true}
      {"type":"update","id":4,"kind":"body","view":"Mixed","start":4,"duration":1}

      """)
    #expect(try node(graph, "Checked.body").dimmed)
    #expect(try node(graph, "Checked.body").skipped == 2)
    #expect(try !node(graph, "Mixed.body").dimmed)
    #expect(try node(graph, "Mixed.body").skipped == 1)
  }

  @Test func danglingIdsBecomeUnknownNodesAndAreReportedWithFileLines() throws {
    let graph = try graph(
      """
      {"type":"trace","version":1}
      {"type":"update","id":1,"kind":"body","view":"A","start":1,"duration":1}
      {"type":"cause","from":99,"to":1}

      {"type":"cause","from":1,"to":77}
      {"type":"cause","from":99,"to":1}
      {"type":"cause","from":5,"to":6}
      {"type":"cause","from":1,"to":1}

      """)
    #expect(
      edges(graph) == [
        "unknown #99 -> A.body (update) ×2", "A.body -> A.body (update) ×1",
        "A.body -> unknown #77 (update) ×1",
        "unknown #5 -> unknown #6 (update) ×1",
      ])
    #expect(graph.dangling.count == 4)
    #expect(graph.dangling.lines == [3, 5, 6, 7])
    #expect(graph.dangling.first.map(\.id) == [99, 77, 99, 5, 6])
    let unknown = try node(graph, "unknown #99")
    #expect(unknown.kind == .unknown)
    #expect(unknown.unknownID == 99)
    #expect(
      graph.notes.contains { $0.hasPrefix("4 causes name an id no update or source defines (#99 on line 3") })
  }

  @Test func theRangeKeepsCausesByTheirTimeElseByTheirTarget() throws {
    // Trace start 1000 (header); range [100, 200) relative = [1100, 1200) absolute.
    let graph = try graph(
      """
      {"type":"trace","version":1,"start":1000}
      {"type":"source","id":1,"kind":"gesture","label":"Tap","time":1050}
      {"type":"source","id":2,"kind":"state","label":"@State s"}
      {"type":"update","id":3,"kind":"body","view":"In","start":1150,"duration":1}
      {"type":"update","id":4,"kind":"body","view":"Out","start":1250,"duration":1}
      {"type":"update","id":5,"kind":"body","view":"In","start":1160,"duration":1,"skipped":true}
      {"type":"update","id":6,"kind":"body","view":"Out","start":1300,"duration":1,"skipped":true}
      {"type":"cause","from":1,"to":3,"time":1100}
      {"type":"cause","from":1,"to":4,"time":1250}
      {"type":"cause","from":1,"to":5}
      {"type":"cause","from":1,"to":4}
      {"type":"cause","from":1,"to":2}
      {"type":"cause","from":1,"to":42}

      """, range: TimeRange(from: 100, to: 200))
    #expect(edges(graph) == ["Tap -> In.body (update) ×2"])
    #expect(graph.causes == CauseGraph.CauseCounts(counted: 2, outOfRange: 2, unplaced: 2))
    #expect(try node(graph, "In.body").events == 2)
    #expect(try !node(graph, "In.body").dimmed)
    // No update of Out in the range: dimmed falls back to all of its updates (one ran).
    #expect(try node(graph, "Out.body").events == 0)
    #expect(try !node(graph, "Out.body").dimmed)
  }

  @Test func theRangeIsRelativeToTheEarliestTimeWithoutAHeaderStart() throws {
    let graph = try graph(
      """
      {"type":"source","id":1,"kind":"gesture","label":"Tap","time":500}
      {"type":"update","id":2,"kind":"body","view":"A","start":600,"duration":1}
      {"type":"update","id":3,"kind":"body","view":"B","start":900,"duration":1}
      {"type":"cause","from":1,"to":2}
      {"type":"cause","from":1,"to":3}

      """, range: TimeRange(from: 50, to: 200))
    #expect(edges(graph) == ["Tap -> A.body (update) ×1"])
  }

  @Test func storyTwoFanOutShrinksAfterTheFix() throws {
    let before = try TraceAnalysis.causeGraph(paths: [Fixture.path("traces/favorites-before.jsonl")])
    let after = try TraceAnalysis.causeGraph(paths: [Fixture.path("traces/favorites-after.jsonl")])
    #expect(
      edges(before) == [
        "@Observable LandmarkCollection.landmarks -> LandmarkListItemView.body (update) ×80",
        "Gesture: Tap -> @Observable LandmarkCollection.landmarks (update) ×2",
      ])
    #expect(
      edges(after) == [
        "Gesture: Tap -> @Observable LandmarkViewModel.isFavorite (update) ×2",
        "@Observable LandmarkViewModel.isFavorite -> LandmarkListItemView.body (update) ×2",
      ])
    #expect(before.nodes.allSatisfy { $0.user })
  }

  @Test func storyFourEnvironmentChurnDimsTheSkippedView() throws {
    let graph = try TraceAnalysis.causeGraph(paths: [Fixture.path("traces/environment-churn.jsonl")])
    #expect(try node(graph, "View2.body").dimmed)
    #expect(try !node(graph, "View1.body").dimmed)
    #expect(try !node(graph, "External Environment").user)
    #expect(edges(graph).contains("EnvironmentWriter: RootEnvironmentModifier -> View2.body (update) ×30"))
  }
}
