extension GraphLayout {
  /// Points of the edges' routes bucketed in square cells, so the points inside a box are
  /// found among those of the cells it overlaps rather than among all of them.
  struct PointGrid {
    static let cell = 32.0

    /// Cell key → the points in it and the route each samples.
    private var cells: [Int: [(route: Int, point: Point)]] = [:]
    let routeCount: Int

    /// The grid of `samples`, by route.
    init(_ samples: [[Point]]) {
      routeCount = samples.count
      for (route, points) in samples.enumerated() {
        for point in points {
          cells[Self.key(Self.index(point.x), Self.index(point.y)), default: []].append((route, point))
        }
      }
    }

    private static func index(_ value: Double) -> Int {
      let scaled = (value / cell).rounded(.down)
      return scaled.isFinite ? Int(max(min(scaled, 1e9), -1e9)) : 0
    }

    private static func key(_ x: Int, _ y: Int) -> Int { x &* 2_000_003 &+ y }

    /// By route: how many of its points lie inside `box` (``Box/contains(_:inset:)``).
    func counts(in box: Box) -> [Int] {
      var counts = [Int](repeating: 0, count: routeCount)
      let (x0, x1) = (Self.index(box.x), Self.index(box.maxX))
      let (y0, y1) = (Self.index(box.y), Self.index(box.maxY))
      guard x1 - x0 < 4096, y1 - y0 < 4096 else {
        for points in cells.values {
          for (route, point) in points where box.contains(point) { counts[route] += 1 }
        }
        return counts
      }
      for x in x0...x1 {
        for y in y0...y1 {
          guard let points = cells[Self.key(x, y)] else { continue }
          for (route, point) in points where box.contains(point) { counts[route] += 1 }
        }
      }
      return counts
    }
  }
}
