extension GraphLayout {
  /// A placed layering drawn: boxes at their layer's height, edges routed through their ports
  /// and dummies, labels at free spots.
  struct Drawing {
    /// Along each curve, the points at which labels are tried.
    static let labelSpots = [0.5, 0.35, 0.65, 0.2, 0.8]
    /// Distances from its edge at which a label with a leader line is tried, px.
    static let leaderDistances = [0.0, 24, 48, 80, 120, 170, 230]
    /// What a label adds to its spot's cost for each point of its own edge it covers.
    static let ownEdgeCost = 0.08
    /// What a label adds for each point of another edge it covers: more than over its own.
    static let otherEdgeCost = 0.25
    /// How far past an edge's end its arrowhead may reach, px.
    static let arrowReach = 26.0

    var boxes: [Box]
    /// By edge: its path from cause to effect.
    var routes: [[Curve]]
    /// By edge: where its label goes (empty until ``placeLabels(sizes:)``).
    var labels: [Label] = []

    /// Draws `layering`, its elements centred at `x`, with `gaps[i]` px between layer `i` and
    /// the next.
    init(_ graph: CauseGraph, layering: Layering, x: [Double], gaps: [Double], metrics: Metrics) {
      var tops = [0.0]
      for gap in gaps { tops.append((tops.last ?? 0) + metrics.nodeHeight + gap) }
      func top(_ element: Int) -> Double { tops[layering.layer[element]] }
      boxes = graph.nodes.indices.map { node in
        Box(
          x: x[node] - layering.width[node] / 2, y: top(node), width: layering.width[node],
          height: metrics.nodeHeight)
      }
      // Ports: where edges leave a box's bottom and reach its top, in the order of their
      // other ends, so edges meeting one box do not cross there.
      var below = [[(edge: Int, toward: Double)]](repeating: [], count: layering.layer.count)
      var above = below
      for (edge, chain) in layering.chains.enumerated() {
        for (upper, lower) in zip(chain, chain.dropFirst()) {
          below[upper].append((edge, x[lower]))
          above[lower].append((edge, x[upper]))
        }
      }
      func ports(_ ends: [(edge: Int, toward: Double)], of element: Int) -> [Int: Double] {
        let sorted = ends.sorted { ($0.toward, $0.edge) < ($1.toward, $1.edge) }
        let room = max(layering.width[element] - 24, 0)
        let spacing = sorted.count > 1 ? min(metrics.portSpacing, room / Double(sorted.count - 1)) : 0
        var result: [Int: Double] = [:]
        for (index, end) in sorted.enumerated() {
          result[end.edge] = x[element] + (Double(index) - Double(sorted.count - 1) / 2) * spacing
        }
        return result
      }
      var bottomPorts = below.indices.map { ports(below[$0], of: $0) }
      var topPorts = above.indices.map { ports(above[$0], of: $0) }
      // A box's only port on a side moves along it to meet the other end straight, where it
      // can: the line then runs straight down instead of wiggling by a few px.
      func reach(_ element: Int, _ target: Double) -> Double? {
        let room = layering.width[element] / 2 - 14
        return layering.isDummy(element) || abs(target - x[element]) > room ? nil : target
      }
      for (edge, chain) in layering.chains.enumerated() {
        for (upper, lower) in zip(chain, chain.dropFirst()) {
          if below[upper].count == 1, let target = topPorts[lower][edge], let moved = reach(upper, target) {
            bottomPorts[upper][edge] = moved
          }
          if above[lower].count == 1, let target = bottomPorts[upper][edge], let moved = reach(lower, target)
          {
            topPorts[lower][edge] = moved
          }
        }
      }
      var loopsDrawn = [Int](repeating: 0, count: graph.nodes.count)
      var routes: [[Curve]] = []
      for (index, edge) in graph.edges.enumerated() {
        let chain = layering.chains[index]
        guard !chain.isEmpty else {
          routes.append([Self.loop(on: boxes[edge.from], index: loopsDrawn[edge.from], metrics: metrics)])
          loopsDrawn[edge.from] += 1
          continue
        }
        var curves: [Curve] = []
        for (upper, lower) in zip(chain, chain.dropFirst()) {
          let start = Point(x: bottomPorts[upper][index] ?? x[upper], y: top(upper) + metrics.nodeHeight)
          let end = Point(x: topPorts[lower][index] ?? x[lower], y: top(lower))
          let middle = (start.y + end.y) / 2
          curves.append(
            Curve(
              start: start, control1: Point(x: start.x, y: middle), control2: Point(x: end.x, y: middle),
              end: end))
          if layering.isDummy(lower) {
            curves.append(.line(from: end, to: Point(x: end.x, y: end.y + metrics.nodeHeight)))
          }
        }
        routes.append(layering.reversed[index] ? curves.reversed().map(\.reversed) : curves)
      }
      self.routes = routes
    }

    /// How far right of its box the `index`th self-loop's control points lie.
    static func loopReach(_ index: Int, metrics: Metrics) -> Double {
      metrics.loopReach + 18 * Double(index)
    }

    /// The `index`th self-loop on `box`: out of its right side and back in below.
    static func loop(on box: Box, index: Int, metrics: Metrics) -> Curve {
      let reach = loopReach(index, metrics: metrics)
      let spread = 8 + 4 * Double(min(index, 3))
      return Curve(
        start: Point(x: box.maxX, y: box.midY - spread),
        control1: Point(x: box.maxX + reach, y: box.midY - spread - 18),
        control2: Point(x: box.maxX + reach, y: box.midY + spread + 18),
        end: Point(x: box.maxX, y: box.midY + spread))
    }

    /// The box an edge's arrowhead may cover at its end.
    static func arrowZone(_ route: [Curve]) -> Box? {
      guard let last = route.last else { return nil }
      var (dx, dy) = (last.end.x - last.control2.x, last.end.y - last.control2.y)
      if dx == 0 && dy == 0 { (dx, dy) = (last.end.x - last.start.x, last.end.y - last.start.y) }
      let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
      let back = Point(x: last.end.x - dx / length * arrowReach, y: last.end.y - dy / length * arrowReach)
      let bounds = Box.bounding([last.end, back])
      return Box(x: bounds.x - 9, y: bounds.y - 9, width: bounds.width + 18, height: bounds.height + 18)
    }

    // MARK: - Labels

    /// Places each edge's label, largest edge first (the graph's edge order); the edges whose
    /// label found no free spot.
    ///
    /// A label is tried beside its edge (right, then left) and on it, at points along each of
    /// its curves, and goes to the free spot nearest the edge's middle that covers the fewest
    /// edges (other edges count more than its own). Free: clear of every box, arrowhead and label placed before. Without one,
    /// it is tried farther away, joined to its edge by a leader line that passes no box;
    /// without that either, it goes to the spot that looked best.
    mutating func placeLabels(sizes: [(width: Double, height: Double)]) -> [Int] {
      let samples = routes.map { route in
        route.flatMap { curve in (0...12).map { curve.point(at: Double($0) / 12) } }
      }
      let sampleBounds = samples.map { Box.bounding($0) }
      // Whether every sample lies within its route's bounds (not so with a coordinate that is
      // not finite, or rounded bounds far from the origin): then each point inside a spot adds
      // to its cost, and a count may stop once the spot cannot win.
      let boundsHoldSamples = zip(samples, sampleBounds).allSatisfy { points, bounds in
        points.allSatisfy {
          $0.x >= bounds.x && $0.x <= bounds.maxX && $0.y >= bounds.y && $0.y <= bounds.maxY
        }
      }
      let grid = PointGrid(samples)
      var tally = PointGrid.Tally(routeCount: routes.count)
      let obstacles = boxes + routes.compactMap(Self.arrowZone)
      var placed: [Box] = []
      var unplaced: [Int] = []
      labels = []
      for (edge, route) in routes.enumerated() {
        let (width, height) = sizes[edge]
        guard width > 0, height > 0, let middle = route.first?.point(at: 0.5) else {
          labels.append(
            Label(box: Box(x: route.first?.start.x ?? 0, y: route.first?.start.y ?? 0, width: 0, height: 0)))
          continue
        }
        var best: (cost: Double, label: Label)?
        var fallback: (cost: Double, label: Label)?
        func consider(_ box: Box, anchor: Point?, cost: Double) {
          // Crossings only add to `cost`: a spot that cannot beat the best (or, blocked, the
          // fallback) is passed over before they are counted.
          let beatsBest = best.map { cost < $0.cost } ?? true
          let beatsFallback = anchor == nil && (fallback.map { cost < $0.cost } ?? true)
          guard beatsBest || beatsFallback else { return }
          var blocked =
            obstacles.contains { $0.intersects(box, padding: 3) }
            || placed.contains { $0.intersects(box, padding: 2) }
          if let anchor, !blocked {
            let end = box.nearest(to: anchor)
            blocked = (1...10).contains { step in
              let t = Double(step) / 10
              let point = Point(x: anchor.x + (end.x - anchor.x) * t, y: anchor.y + (end.y - anchor.y) * t)
              return boxes.contains { $0.contains(point) }
            }
          }
          guard blocked ? beatsFallback : beatsBest else { return }
          var total = cost
          // Each point inside adds at least ``ownEdgeCost``: past `limit` of them the spot
          // cannot win (by at least two points' cost, far above rounding), and the count stops.
          let beaten = boundsHoldSamples ? (blocked ? fallback : best) : nil
          let limit = beaten.map { beaten -> Int in
            let spare = (beaten.cost - cost) / Self.ownEdgeCost
            return spare < 1e9 ? Int(spare.rounded(.up)) + 1 : .max
          }
          guard grid.count(in: box, into: &tally, limit: limit ?? .max) else { return }
          for other in tally.routes where sampleBounds[other].intersects(box) {
            total += (other == edge ? Self.ownEdgeCost : Self.otherEdgeCost) * Double(tally[other])
          }
          let label = Label(box: box, anchor: anchor)
          if blocked {
            if anchor == nil && fallback.map({ total < $0.cost }) ?? true { fallback = (total, label) }
          } else if best.map({ total < $0.cost }) ?? true {
            best = (total, label)
          }
        }
        for (index, curve) in route.enumerated() {
          for t in Self.labelSpots {
            let point = curve.point(at: t)
            let along = abs((Double(index) + t) / Double(route.count) - 0.5)
            let y = point.y - height / 2
            consider(Box(x: point.x + 6, y: y, width: width, height: height), anchor: nil, cost: along)
            consider(
              Box(x: point.x - 6 - width, y: y, width: width, height: height), anchor: nil, cost: along + 0.02
            )
            consider(
              Box(x: point.x - width / 2, y: y, width: width, height: height), anchor: nil, cost: along + 0.35
            )
            for dy in [-(height / 2 + 5), height / 2 + 5] {
              consider(
                Box(x: point.x - width / 2, y: y + dy, width: width, height: height), anchor: nil,
                cost: along + 0.1)
            }
          }
        }
        if best == nil {
          let reach = boxes.first?.height ?? 0
          for (index, curve) in route.enumerated() {
            let point = curve.point(at: 0.5)
            let along = abs((Double(index) + 0.5) / Double(route.count) - 0.5)
            for distance in Self.leaderDistances {
              for dy in [0, -(height + 6), height + 6, -(reach + height), reach + height] {
                let y = point.y - height / 2 + dy
                let cost = 1.5 + along + distance / 200 + abs(dy) / 200
                consider(
                  Box(x: point.x + distance, y: y, width: width, height: height), anchor: point, cost: cost)
                consider(
                  Box(x: point.x - distance - width, y: y, width: width, height: height), anchor: point,
                  cost: cost)
              }
            }
          }
        }
        if best == nil { unplaced.append(edge) }
        let label =
          best?.label ?? fallback?.label
          ?? Label(box: Box(x: middle.x - width / 2, y: middle.y - height / 2, width: width, height: height))
        labels.append(label)
        placed.append(label.box)
      }
      return unplaced
    }
  }
}
