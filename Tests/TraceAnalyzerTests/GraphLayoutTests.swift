import Testing

@testable import TraceAnalyzer

/// The layered layout of the report's cause graph: layers, order, routes around boxes, labels.
struct GraphLayoutTests {
  private func graph(_ edges: [(Int, Int)], nodes: Int, counts: [Int]? = nil) -> CauseGraph {
    CauseGraph(
      nodes: (0..<nodes).map { CauseGraph.Node(kind: .update(.body), name: "V\($0)") },
      edges: edges.enumerated().map { index, edge in
        CauseGraph.Edge(from: edge.0, to: edge.1, label: "update", count: counts?[index] ?? 1)
      })
  }

  private func layout(_ graph: CauseGraph, width: Double = 100) -> GraphLayout {
    GraphLayout(graph, nodeWidth: { _ in width }, labelSize: { _ in (60, 14) })
  }

  /// Every point drawn on `route`, 40 per curve.
  private func samples(_ route: [GraphLayout.Curve]) -> [GraphLayout.Point] {
    route.flatMap { curve in (0...40).map { curve.point(at: Double($0) / 40) } }
  }

  @Test func layersAreLongestPathsTopToBottom() {
    // 0 → 1 → 2 and 0 → 2: node 2 is two layers below 0, not one.
    let layout = layout(graph([(0, 1), (1, 2), (0, 2)], nodes: 3))
    #expect(layout.ranks == [0, 1, 2])
    #expect(layout.boxes[0].maxY < layout.boxes[1].y)
    #expect(layout.boxes[1].maxY < layout.boxes[2].y)
  }

  @Test func cyclesAndSelfLoopsStillGiveLayers() {
    let layout = layout(graph([(0, 1), (1, 2), (2, 1), (2, 2)], nodes: 3))
    #expect(layout.ranks == [0, 1, 2])
  }

  @Test func aSourceSitsJustAboveItsNearestEffect() {
    // 0 → 1 → 2 → 3, and 4 → 3 only: 4 sits in layer 2, beside 2, not at the top.
    let layout = layout(graph([(0, 1), (1, 2), (2, 3), (4, 3)], nodes: 5))
    #expect(layout.ranks == [0, 1, 2, 3, 2])
  }

  @Test func nodesOfOneLayerDoNotOverlap() {
    let layout = layout(graph([(0, 1), (0, 2), (0, 3), (3, 4)], nodes: 5), width: 120)
    let layerOne = layout.boxes.indices.filter { layout.ranks[$0] == 1 }.map { layout.boxes[$0] }
    #expect(layerOne.count == 3)
    let sorted = layerOne.sorted { $0.x < $1.x }
    for (left, right) in zip(sorted, sorted.dropFirst()) { #expect(left.maxX + 20 <= right.x) }
    #expect(layout.width >= (sorted.last?.maxX ?? 0))
  }

  @Test func barycentresUntangleCrossings() {
    // 0 → 3 and 1 → 2: ordering layer one by its causes' positions puts 3 left of 2.
    let layout = layout(graph([(0, 3), (1, 2)], nodes: 4))
    #expect((layout.boxes[0].x < layout.boxes[1].x) == (layout.boxes[3].x < layout.boxes[2].x))
  }

  /// An edge across several layers is routed around the boxes between its ends: the landmarks
  /// case, where the largest edge spans a chain of five.
  @Test func aLongEdgePassesNoBox() {
    let chain = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (0, 5)]
    let layout = layout(graph(chain, nodes: 6, counts: [1, 1, 1, 1, 8, 297]), width: 220)
    for (index, edge) in chain.enumerated() {
      let route = layout.routes[index]
      #expect(route.first?.start.y == layout.boxes[edge.0].maxY)
      #expect(route.last?.end.y == layout.boxes[edge.1].y)
      for point in samples(route) {
        for (node, box) in layout.boxes.enumerated() where node != edge.0 && node != edge.1 {
          #expect(!box.contains(point, inset: 0.5), "edge \(edge) passes through node \(node)")
        }
      }
    }
  }

  @Test func aChainOfBoxesOfDifferentWidthsIsDrawnStraight() {
    let chain = graph([(0, 1), (1, 2), (2, 3)], nodes: 4)
    let layout = GraphLayout(chain, nodeWidth: { [180, 120, 240, 150][Int($0.name.dropFirst()) ?? 0] })
    for route in layout.routes {
      #expect(route.first?.start.x == route.last?.end.x)
    }
  }

  @Test func anEdgeClosingACycleIsDrawnBackUp() {
    let layout = layout(graph([(0, 1), (1, 2), (2, 0)], nodes: 3))
    let back = layout.routes[2]
    // From node 2's top up to node 0's bottom.
    #expect(back.first?.start.y == layout.boxes[2].y)
    #expect(back.last?.end.y == layout.boxes[0].maxY)
  }

  @Test func aSelfLoopLeavesAndReentersItsBoxOnTheRight() throws {
    let layout = layout(graph([(0, 1), (1, 1), (1, 2)], nodes: 3))
    let loop = try #require(layout.routes[1].first)
    let box = layout.boxes[1]
    #expect(loop.start.x == box.maxX && loop.end.x == box.maxX)
    #expect(loop.control1.x > box.maxX)
  }

  @Test func labelsOverlapNeitherEachOtherNorBoxes() {
    // A fan out and in, with a long edge and a cycle: many labels in few gaps.
    let edges = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 5), (2, 5), (3, 5), (4, 5), (0, 5), (5, 0), (1, 1)]
    let layout = layout(graph(edges, nodes: 6))
    let labels = layout.labels.map(\.box)
    for (index, label) in labels.enumerated() {
      for box in layout.boxes { #expect(!label.intersects(box), "label \(index) covers a box") }
      for other in labels.indices where other > index {
        #expect(!label.intersects(labels[other]), "labels \(index) and \(other) overlap")
      }
    }
  }

  @Test func aLayerTooWideWrapsOntoSeveral() {
    // One source and 12 effects 200 px wide: 2 880 px in one layer, more than 1 100.
    let layout = layout(graph((1...12).map { (0, $0) }, nodes: 13), width: 200)
    #expect(Set(layout.ranks.dropFirst()).count > 1)
    #expect(layout.width < 2_000)
    for (index, route) in layout.routes.enumerated() {
      for point in samples(route) {
        for (node, box) in layout.boxes.enumerated() where node != 0 && node != index + 1 {
          #expect(!box.contains(point, inset: 0.5), "edge to \(index + 1) passes through node \(node)")
        }
      }
    }
  }

  @Test func everythingLiesInsideTheDrawing() {
    let layout = layout(graph([(0, 1), (1, 2), (2, 0), (2, 2), (0, 2)], nodes: 3))
    let boxes = layout.boxes + layout.labels.map(\.box)
    for box in boxes {
      #expect(box.x >= 0 && box.y >= 0 && box.maxX <= layout.width && box.maxY <= layout.height)
    }
  }

  @Test(arguments: [
    // Wanted, weights, gaps → placed.
    ([0.0, 0, 0], [1.0, 1, 1], [10.0, 10], [-10.0, 0, 10]),
    ([0.0, 50, 100], [1.0, 1, 1], [10.0, 10], [0.0, 50, 100]),
    ([5.0, 0], [3.0, 1], [10.0], [1.25, 11.25]),
  ])
  func placementKeepsOrderAndGapsNearestTheWantedPositions(
    wanted: [Double], weights: [Double], gaps: [Double], placed: [Double]
  ) {
    #expect(GraphLayout.Layering.nearestOrdered(wanted, weights: weights, gaps: gaps) == placed)
  }

  @Test func theSameGraphGivesTheSameLayout() {
    let input = graph([(0, 1), (1, 2), (2, 0), (0, 3)], nodes: 4)
    #expect(layout(input, width: 90) == layout(input, width: 90))
  }
}
