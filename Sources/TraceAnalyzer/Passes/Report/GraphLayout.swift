/// Positions of a ``CauseGraph``'s nodes, edge paths and edge labels, drawn top (cause) to
/// bottom (effect) in layers.
///
/// A layered (Sugiyama-style) layout for small graphs, tens of nodes:
/// 1. Edges that close a cycle (found by a depth-first search from the nodes without causes)
///    are turned around for the layout and drawn back up; a self-loop is drawn on its box's
///    right side.
/// 2. A node's layer is the longest path to it; a node without causes moves down to just
///    above its nearest effect. A layer wider than ``Metrics/maxWidth`` wraps onto several.
/// 3. An edge across several layers gets a point in each layer it crosses (a dummy node), so
///    it passes between boxes, never through one.
/// 4. Layers are ordered by barycentre sweeps down and up with swaps of neighbours, keeping
///    the order with the fewest crossings.
/// 5. Each element is pulled to the mean x of its neighbours in the layers above and below,
///    in sweeps; the nearest positions that keep a layer's order and gaps come from an
///    isotonic regression (pool adjacent violators).
/// 6. Edges are cubic curves across the gaps between layers and straight lines through
///    layers. Labels go, largest edge first, at the free spot along their edge nearest its
///    middle, else nearby with a leader line; when some label finds no free spot, the gaps
///    between layers grow and labels are placed again.
///
/// Deterministic: the same graph and sizes always give the same layout.
package struct GraphLayout: Hashable, Sendable {
  /// A point, in px from the top left.
  package struct Point: Hashable, Sendable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// A rectangle, in px from the top left.
  package struct Box: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    package var midX: Double { x + width / 2 }
    package var midY: Double { y + height / 2 }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }

    /// Whether the boxes overlap once each is grown by `padding` on every side.
    package func intersects(_ other: Box, padding: Double = 0) -> Bool {
      x < other.maxX + padding && other.x < maxX + padding && y < other.maxY + padding
        && other.y < maxY + padding
    }

    /// Whether `point` lies inside the box shrunk by `inset` on every side.
    package func contains(_ point: Point, inset: Double = 0) -> Bool {
      point.x > x + inset && point.x < maxX - inset && point.y > y + inset && point.y < maxY - inset
    }

    /// The point of the box nearest to `point`.
    package func nearest(to point: Point) -> Point {
      Point(x: min(max(point.x, x), maxX), y: min(max(point.y, y), maxY))
    }

    /// The smallest box holding `points`.
    static func bounding(_ points: [Point]) -> Box {
      let xs = points.map(\.x)
      let ys = points.map(\.y)
      let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
      return Box(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
  }

  /// A cubic Bézier curve: one piece of an edge's path.
  package struct Curve: Hashable, Sendable {
    package var start: Point
    package var control1: Point
    package var control2: Point
    package var end: Point

    package init(start: Point, control1: Point, control2: Point, end: Point) {
      self.start = start
      self.control1 = control1
      self.control2 = control2
      self.end = end
    }

    /// A straight line as a curve.
    static func line(from start: Point, to end: Point) -> Curve {
      Curve(
        start: start, control1: Point(x: start.x + (end.x - start.x) / 3, y: start.y + (end.y - start.y) / 3),
        control2: Point(x: start.x + (end.x - start.x) * 2 / 3, y: start.y + (end.y - start.y) * 2 / 3),
        end: end)
    }

    /// The point at `t` (0 at the start, 1 at the end).
    package func point(at t: Double) -> Point {
      let u = 1 - t
      let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      return Point(
        x: a * start.x + b * control1.x + c * control2.x + d * end.x,
        y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The same curve, drawn from its end to its start.
    var reversed: Curve { Curve(start: end, control1: control2, control2: control1, end: start) }

    /// The curve moved by (`dx`, `dy`).
    func offset(_ dx: Double, _ dy: Double) -> Curve {
      func move(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y + dy) }
      return Curve(start: move(start), control1: move(control1), control2: move(control2), end: move(end))
    }
  }

  /// Where an edge's label goes.
  package struct Label: Hashable, Sendable {
    /// The box of the label's text.
    package var box: Box
    /// The point on the edge a leader line is drawn from, to the nearest point of ``box``; nil
    /// when the label sits at its edge.
    package var anchor: Point?

    package init(box: Box, anchor: Point? = nil) {
      self.box = box
      self.anchor = anchor
    }
  }

  /// Sizes and gaps, in px.
  package struct Metrics: Hashable, Sendable {
    package var nodeHeight = 44.0
    /// Between one layer's boxes and the next layer's, before it grows to make room for labels.
    package var layerGap = 64.0
    /// Between two boxes of one layer.
    package var nodeGap = 40.0
    /// Between an edge passing through a layer and a box beside it.
    package var dummyGap = 12.0
    /// Between two edges passing through a layer side by side.
    package var edgeGap = 8.0
    /// The room an edge passing through a layer takes.
    package var dummyWidth = 6.0
    /// How far right of its box a self-loop's control points lie (the loop reaches ¾ of it).
    package var loopReach = 44.0
    /// Between ports (where edges meet a box) on one side of a box.
    package var portSpacing = 14.0
    package var margin = 16.0
    /// A layer whose boxes and gaps are wider wraps onto several layers.
    package var maxWidth = 1_100.0

    package init() {}
  }

  /// Where each node's box is, by node index.
  package var boxes: [Box]
  /// Each node's layer, 0 at the top.
  package var ranks: [Int]
  /// By edge index: the edge's path from its cause to its effect, curve after curve.
  package var routes: [[Curve]]
  /// By edge index: where its label goes.
  package var labels: [Label]
  package var width: Double
  package var height: Double

  /// How many times the gaps between layers grow at most when a label finds no free spot.
  static let gapGrowths = 4

  /// Lays out `graph`: `nodeWidth(node)` gives a node's box width, `labelSize(edge)` the size
  /// of an edge's label.
  package init(
    _ graph: CauseGraph, metrics: Metrics = Metrics(), nodeWidth: (CauseGraph.Node) -> Double,
    labelSize: (CauseGraph.Edge) -> (width: Double, height: Double) = { _ in (0, 0) }
  ) {
    let widths = graph.nodes.map(nodeWidth)
    let sizes = graph.edges.map(labelSize)
    // Right of a box: its self-loops, and room for their widest label.
    var loops = [Int](repeating: 0, count: graph.nodes.count)
    var loopLabels = [Double](repeating: 0, count: graph.nodes.count)
    for (index, edge) in graph.edges.enumerated() where edge.from == edge.to {
      loops[edge.from] += 1
      loopLabels[edge.from] = max(loopLabels[edge.from], sizes[index].width)
    }
    let loopRoom = graph.nodes.indices.map { node in
      loops[node] == 0
        ? 0 : Drawing.loopReach(loops[node] - 1, metrics: metrics) * 0.75 + 12 + loopLabels[node]
    }
    let layering = Layering.make(graph, widths: widths, loopRoom: loopRoom, metrics: metrics)
    let x = layering.xCoordinates(metrics: metrics)
    // Gaps between layers grow where a label finds no free spot: those its edge crosses.
    var gaps = [Double](repeating: metrics.layerGap, count: max(layering.order.count - 1, 0))
    var drawn = Drawing(graph, layering: layering, x: x, gaps: gaps, metrics: metrics)
    for growth in 0...Self.gapGrowths {
      let unplaced = drawn.placeLabels(sizes: sizes)
      guard !unplaced.isEmpty, growth < Self.gapGrowths else { break }
      var grown = Set<Int>()
      for edge in unplaced {
        let chain = layering.chains[edge]
        let layer = layering.layer[chain.first ?? graph.edges[edge].from]
        let below = layering.layer[chain.last ?? graph.edges[edge].from]
        let crossed = chain.isEmpty ? (layer - 1)...layer : layer...(below - 1)
        grown.formUnion(crossed.filter { gaps.indices.contains($0) })
      }
      guard !grown.isEmpty else { break }
      for gap in grown { gaps[gap] += metrics.layerGap / 2 }
      drawn = Drawing(graph, layering: layering, x: x, gaps: gaps, metrics: metrics)
    }
    // Everything moved to start at the margin.
    var points = drawn.boxes.flatMap { [Point(x: $0.x, y: $0.y), Point(x: $0.maxX, y: $0.maxY)] }
    points += drawn.routes.flatMap { $0.flatMap { [$0.start, $0.control1, $0.control2, $0.end] } }
    points += drawn.labels.flatMap {
      [Point(x: $0.box.x, y: $0.box.y), Point(x: $0.box.maxX, y: $0.box.maxY)]
    }
    let bounds = Box.bounding(points)
    let (dx, dy) = (metrics.margin - bounds.x, metrics.margin - bounds.y)
    boxes = drawn.boxes.map { Box(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height) }
    routes = drawn.routes.map { $0.map { $0.offset(dx, dy) } }
    labels = drawn.labels.map { label in
      Label(
        box: Box(x: label.box.x + dx, y: label.box.y + dy, width: label.box.width, height: label.box.height),
        anchor: label.anchor.map { Point(x: $0.x + dx, y: $0.y + dy) })
    }
    ranks = Array(layering.layer.prefix(graph.nodes.count))
    width = points.isEmpty ? 2 * metrics.margin : bounds.width + 2 * metrics.margin
    height = points.isEmpty ? 2 * metrics.margin : bounds.height + 2 * metrics.margin
  }
}
