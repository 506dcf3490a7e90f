import Testing

@testable import TraceAnalyzer

/// The layered layout of the report's cause graph.
struct GraphLayoutTests {
  private func graph(_ edges: [(Int, Int)], nodes: Int) -> CauseGraph {
    CauseGraph(
      nodes: (0..<nodes).map { CauseGraph.Node(kind: .update(.body), name: "V\($0)") },
      edges: edges.map { CauseGraph.Edge(from: $0.0, to: $0.1, label: "update", count: 1) })
  }

  @Test func ranksAreLongestPaths() {
    // 0 → 1 → 2 and 0 → 2: node 2 is two ranks right of 0, not one.
    let layout = GraphLayout(graph([(0, 1), (1, 2), (0, 2)], nodes: 3)) { _ in 100 }
    #expect(layout.ranks == [0, 1, 2])
    #expect(layout.boxes[0].maxX < layout.boxes[1].x)
    #expect(layout.boxes[1].maxX < layout.boxes[2].x)
  }

  @Test func cyclesAndSelfLoopsStillGiveRanks() {
    let layout = GraphLayout(graph([(0, 1), (1, 2), (2, 1), (2, 2)], nodes: 3)) { _ in 100 }
    #expect(layout.ranks == [0, 1, 2])
  }

  @Test func nodesOfOneRankDoNotOverlap() {
    let layout = GraphLayout(graph([(0, 1), (0, 2), (0, 3), (3, 4)], nodes: 5)) { _ in 120 }
    let rankOne = layout.boxes.indices.filter { layout.ranks[$0] == 1 }.map { layout.boxes[$0] }
    #expect(rankOne.count == 3)
    let sorted = rankOne.sorted { $0.y < $1.y }
    for (upper, lower) in zip(sorted, sorted.dropFirst()) { #expect(upper.y + upper.height <= lower.y) }
    #expect(layout.height >= sorted.last.map { $0.y + $0.height } ?? 0)
  }

  @Test func barycentresUntangleCrossings() {
    // 0 → 3 and 1 → 2: ordering rank one by its causes' positions puts 3 above 2.
    let layout = GraphLayout(graph([(0, 3), (1, 2)], nodes: 4)) { _ in 100 }
    #expect(layout.boxes[3].y < layout.boxes[2].y)
  }

  @Test func theSameGraphGivesTheSameLayout() {
    let input = graph([(0, 1), (1, 2), (2, 0), (0, 3)], nodes: 4)
    #expect(GraphLayout(input) { _ in 90 } == GraphLayout(input) { _ in 90 })
  }
}
