import TestSupport
import Testing

@testable import TraceAnalyzer

/// The label placer's grid finds, route by route, exactly the points inside a box that a scan
/// of every point finds.
struct PointGridTests {
  @Test(arguments: [1, 7, 42])
  func countsMatchAScanOfEveryPoint(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let samples = (0..<12).map { _ in
      (0..<60).map { _ in
        GraphLayout.Point(
          x: Double.random(in: -200...900, using: &random), y: Double.random(in: -100...700, using: &random))
      }
    }
    // A point on a cell's edge, and on the box's edge (not inside: contains is strict).
    let edges = [[GraphLayout.Point(x: 64, y: 32), GraphLayout.Point(x: 100, y: 50)]]
    let grid = GraphLayout.PointGrid(samples + edges)
    var boxes = (0..<300).map { _ in
      GraphLayout.Box(
        x: Double.random(in: -250...900, using: &random), y: Double.random(in: -150...700, using: &random),
        width: Double.random(in: 0...300, using: &random), height: Double.random(in: 0...120, using: &random))
    }
    boxes.append(GraphLayout.Box(x: 64, y: 32, width: 36, height: 18))
    boxes.append(GraphLayout.Box(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
    for box in boxes {
      let scanned = (samples + edges).map { points in points.count { box.contains($0) } }
      #expect(grid.counts(in: box) == scanned, "\(box)")
    }
  }
}
