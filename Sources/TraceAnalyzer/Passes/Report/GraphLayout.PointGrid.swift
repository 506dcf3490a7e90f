extension GraphLayout {
  /// Points of the edges' routes bucketed in square cells, so the points inside a box are
  /// found among those of the cells it overlaps rather than among all of them.
  ///
  /// The cells cover the points' bounds in one flat table: each cell's points lie together,
  /// from `starts[cell]` up to `starts[cell + 1]`.
  struct PointGrid {
    /// The routes with points inside a box, and how many each has; reused from box to box.
    struct Tally {
      /// The routes counted, ascending once ``PointGrid/count(in:into:limit:)`` returns (only
      /// some of them when it returns false).
      fileprivate(set) var routes: [Int] = []
      fileprivate var counts: [Int]

      init(routeCount: Int) { counts = [Int](repeating: 0, count: routeCount) }

      /// How many of `route`'s points the last count found.
      subscript(route: Int) -> Int { counts[route] }

      fileprivate mutating func reset() {
        for route in routes { counts[route] = 0 }
        routes.removeAll(keepingCapacity: true)
      }

      fileprivate mutating func add(_ route: Int) {
        if counts[route] == 0 { routes.append(route) }
        counts[route] += 1
      }
    }

    /// The side of a cell, px: 32, doubled until the table has at most `cellLimit` cells.
    private let cell: Double
    private static let cellLimit = 1 << 20
    /// The cell index of the lowest column and row.
    private let low: (x: Int, y: Int)
    private let columns: Int
    private let rows: Int
    private let starts: [Int32]
    private let points: [(route: Int32, point: Point)]
    let routeCount: Int

    /// The grid of `samples`, by route. Points that are not finite lie in no box, and are left out.
    init(_ samples: [[Point]]) {
      routeCount = samples.count
      var bounds = (
        minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity
      )
      var total = 0
      for points in samples {
        for point in points where point.x.isFinite && point.y.isFinite {
          (bounds.minX, bounds.maxX) = (min(bounds.minX, point.x), max(bounds.maxX, point.x))
          (bounds.minY, bounds.maxY) = (min(bounds.minY, point.y), max(bounds.maxY, point.y))
          total += 1
        }
      }
      guard total > 0 else {
        (cell, low, columns, rows, starts, points) = (32, (0, 0), 0, 0, [0], [])
        return
      }
      var cell = 32.0
      func span(_ low: Double, _ high: Double) -> Int { Self.index(high, cell) - Self.index(low, cell) + 1 }
      while span(bounds.minX, bounds.maxX) * span(bounds.minY, bounds.maxY) > Self.cellLimit { cell *= 2 }
      let low = (x: Self.index(bounds.minX, cell), y: Self.index(bounds.minY, cell))
      let (columns, rows) = (span(bounds.minX, bounds.maxX), span(bounds.minY, bounds.maxY))
      (self.cell, self.low, self.columns, self.rows) = (cell, low, columns, rows)
      // Counted, then placed: each cell's points in the order of the routes.
      var starts = [Int32](repeating: 0, count: columns * rows + 1)
      func slot(_ point: Point) -> Int {
        (Self.index(point.y, cell) - low.y) * columns + Self.index(point.x, cell) - low.x
      }
      for points in samples {
        for point in points where point.x.isFinite && point.y.isFinite { starts[slot(point) + 1] += 1 }
      }
      for index in starts.indices.dropFirst() { starts[index] += starts[index - 1] }
      var next = starts
      var placed = [(route: Int32, point: Point)](repeating: (0, Point(x: 0, y: 0)), count: total)
      for (route, points) in samples.enumerated() {
        for point in points where point.x.isFinite && point.y.isFinite {
          let at = slot(point)
          placed[Int(next[at])] = (Int32(route), point)
          next[at] += 1
        }
      }
      self.starts = starts
      self.points = placed
    }

    /// The cell holding `value` along one axis; monotonic in `value`, so the cells from a
    /// box's low edge to its high edge hold every point inside it.
    private static func index(_ value: Double, _ cell: Double) -> Int {
      if value.isNaN { return 0 }
      return Int(max(min((value / cell).rounded(.down), 1e9), -1e9))
    }

    /// Counts, by route, the points that lie inside `box` (``Box/contains(_:inset:)``) into
    /// `tally`, which forgets its last count first; false, the count cut short, once more than
    /// `limit` points are found.
    @discardableResult
    func count(in box: Box, into tally: inout Tally, limit: Int = .max) -> Bool {
      tally.reset()
      defer { tally.routes.sort() }
      guard columns > 0 else { return true }
      let x0 = max(Self.index(box.x, cell), low.x) - low.x
      let x1 = min(Self.index(box.maxX, cell), low.x + columns - 1) - low.x
      let y0 = max(Self.index(box.y, cell), low.y) - low.y
      let y1 = min(Self.index(box.maxY, cell), low.y + rows - 1) - low.y
      guard x0 <= x1, y0 <= y1 else { return true }
      var found = 0
      for y in y0...y1 {
        let row = y * columns
        let cells = Int(starts[row + x0])..<Int(starts[row + x1 + 1])
        for index in cells where box.contains(points[index].point) {
          tally.add(Int(points[index].route))
          found += 1
          if found > limit { return false }
        }
      }
      return true
    }
  }
}
