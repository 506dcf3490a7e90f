import TestSupport
import Testing

@testable import TraceAnalyzer

/// The label placer's grid finds, route by route, exactly the points inside a box that a scan
/// of every point finds.
struct PointGridTests {
  /// Spreads of 1 100 × 800 px (cells of 32 px) and of 80 000 × 60 000 px (more cells than the
  /// table holds at 32 px: larger ones).
  @Test(arguments: [(1, 1.0), (7, 1.0), (42, 1.0), (3, 75.0), (5, 75.0)])
  func countsMatchAScanOfEveryPoint(seed: UInt64, spread: Double) {
    var random = SplitMix(seed: seed)
    let samples = (0..<12).map { _ in
      (0..<60).map { _ in
        GraphLayout.Point(
          x: Double.random(in: -200...900, using: &random) * spread,
          y: Double.random(in: -100...700, using: &random) * spread)
      }
    }
    // A point on a cell's edge, and on the box's edge (not inside: contains is strict).
    let edges = [[GraphLayout.Point(x: 64, y: 32), GraphLayout.Point(x: 100, y: 50)]]
    let grid = GraphLayout.PointGrid(samples + edges)
    var boxes = (0..<300).map { _ in
      GraphLayout.Box(
        x: Double.random(in: -250...900, using: &random) * spread,
        y: Double.random(in: -150...700, using: &random) * spread,
        width: Double.random(in: 0...300, using: &random) * spread,
        height: Double.random(in: 0...120, using: &random) * spread)
    }
    boxes.append(GraphLayout.Box(x: 64, y: 32, width: 36, height: 18))
    boxes.append(GraphLayout.Box(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
    var tally = GraphLayout.PointGrid.Tally(routeCount: grid.routeCount)
    for box in boxes {
      let scanned = (samples + edges).map { points in points.count { box.contains($0) } }
      grid.count(in: box, into: &tally)
      // The routes with points inside, ascending, each with its count.
      #expect(tally.routes == scanned.indices.filter { scanned[$0] > 0 }, "\(box)")
      #expect(tally.routes.map { tally[$0] } == scanned.filter { $0 > 0 }, "\(box)")
      // A limit cuts the count short exactly when more points lie inside.
      let inside = scanned.reduce(0, +)
      for limit in [0, inside - 1, inside, inside + 1] where limit >= 0 {
        #expect(grid.count(in: box, into: &tally, limit: limit) == (inside <= limit), "\(box) \(limit)")
      }
    }
  }

  /// Points far apart grow the cells (the table stays small); points that are not finite
  /// lie in no box, as a scan finds.
  @Test func farAndNonFinitePointsAreCountedAsAScanCountsThem() {
    let point = GraphLayout.Point.init(x:y:)
    let samples = [
      [point(1e12, -1e12), point(5, 5), point(.nan, 5), point(.infinity, 3)],
      [point(-1e15, 1e300), point(6, 6), point(7, .nan)],
      [],
    ]
    let grid = GraphLayout.PointGrid(samples)
    var tally = GraphLayout.PointGrid.Tally(routeCount: grid.routeCount)
    let boxes = [
      GraphLayout.Box(x: 0, y: 0, width: 10, height: 10),
      GraphLayout.Box(x: 1e12 - 1, y: -1e12 - 1, width: 2, height: 2),
      GraphLayout.Box(x: -1e16, y: -1e16, width: 2e16, height: 1e301),
      GraphLayout.Box(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity),
      GraphLayout.Box(x: .nan, y: 0, width: 10, height: 10),
    ]
    var found: [[Int]] = []
    for box in boxes {
      let scanned = samples.map { points in points.count { box.contains($0) } }
      grid.count(in: box, into: &tally)
      #expect(tally.routes.map { tally[$0] } == scanned.filter { $0 > 0 }, "\(box)")
      found.append(tally.routes)
    }
    #expect(found == [[0, 1], [0], [0, 1], [], []])
  }
}
