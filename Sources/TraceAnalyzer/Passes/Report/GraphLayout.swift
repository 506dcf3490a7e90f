/// Positions of a ``CauseGraph``'s nodes drawn left (cause) to right (effect), in layers.
///
/// A layered (Sugiyama-style) layout kept small: edges that close a cycle are turned around
/// (found by a depth-first search from the nodes without causes); each node's rank is the
/// longest path to it; nodes in a rank are ordered by the barycentre of their neighbours'
/// positions in a few sweeps right and left; ranks are columns as wide as their widest node,
/// centred vertically. Deterministic: the same graph always gives the same layout.
package struct GraphLayout: Hashable, Sendable {
  /// A node's box, in points from the top left.
  package struct Box: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package var midY: Double { y + height / 2 }
    package var maxX: Double { x + width }
  }

  package static let nodeHeight = 44.0
  package static let rowGap = 22.0
  package static let rankGap = 84.0
  package static let margin = 16.0
  static let sweeps = 4

  /// By node index.
  package var boxes: [Box]
  /// Each node's layer, 0 for causes at the left.
  package var ranks: [Int]
  package var width: Double
  package var height: Double

  /// Lays out `graph`; `nodeWidth(node)` gives each node's box width.
  package init(_ graph: CauseGraph, nodeWidth: (CauseGraph.Node) -> Double) {
    let count = graph.nodes.count
    let forward = Self.acyclicEdges(graph)
    // Ranks: the longest path to each node, in topological order.
    var ranks = [Int](repeating: 0, count: count)
    var incoming = [Int](repeating: 0, count: count)
    var successors = [[Int]](repeating: [], count: count)
    var predecessors = [[Int]](repeating: [], count: count)
    for (from, to) in forward {
      successors[from].append(to)
      predecessors[to].append(from)
      incoming[to] += 1
    }
    var queue = (0..<count).filter { incoming[$0] == 0 }
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for next in successors[node] {
        ranks[next] = max(ranks[next], ranks[node] + 1)
        incoming[next] -= 1
        if incoming[next] == 0 { queue.append(next) }
      }
    }
    let rankCount = (ranks.max() ?? -1) + 1
    var layers = [[Int]](repeating: [], count: rankCount)
    for node in 0..<count { layers[ranks[node]].append(node) }
    // Order within ranks by barycentre, sweeping right then left.
    var position = [Double](repeating: 0, count: count)
    func renumber() {
      for layer in layers { for (index, node) in layer.enumerated() { position[node] = Double(index) } }
    }
    renumber()
    for sweep in 0..<Self.sweeps {
      let rightward = sweep % 2 == 0
      let order = rightward ? Array(layers.indices.dropFirst()) : Array(layers.indices.dropLast().reversed())
      for rank in order {
        let keyed = layers[rank].map { node -> (Double, Double, Int) in
          let neighbours = rightward ? predecessors[node] : successors[node]
          guard !neighbours.isEmpty else { return (position[node], position[node], node) }
          let centre = neighbours.reduce(0) { $0 + position[$1] } / Double(neighbours.count)
          return (centre, position[node], node)
        }
        layers[rank] = keyed.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.2)
        for (index, node) in layers[rank].enumerated() { position[node] = Double(index) }
      }
    }
    // Coordinates.
    let widths = graph.nodes.map(nodeWidth)
    let tallest = layers.map(\.count).max() ?? 0
    let fullHeight = Double(tallest) * Self.nodeHeight + Double(max(tallest - 1, 0)) * Self.rowGap
    var boxes = [Box](repeating: Box(x: 0, y: 0, width: 0, height: 0), count: count)
    var x = Self.margin
    for layer in layers {
      let columnWidth = layer.map { widths[$0] }.max() ?? 0
      let height = Double(layer.count) * Self.nodeHeight + Double(max(layer.count - 1, 0)) * Self.rowGap
      var y = Self.margin + (fullHeight - height) / 2
      for node in layer {
        boxes[node] = Box(
          x: x + (columnWidth - widths[node]) / 2, y: y, width: widths[node], height: Self.nodeHeight)
        y += Self.nodeHeight + Self.rowGap
      }
      x += columnWidth + Self.rankGap
    }
    self.boxes = boxes
    self.ranks = ranks
    width = max(x - Self.rankGap + Self.margin, 2 * Self.margin)
    height = fullHeight + 2 * Self.margin
  }

  /// The graph's edges as (from, to) with those that close a cycle reversed and self-loops
  /// left out: a DAG over the same nodes.
  static func acyclicEdges(_ graph: CauseGraph) -> [(Int, Int)] {
    let count = graph.nodes.count
    var successors = [[Int]](repeating: [], count: count)
    var incoming = [Int](repeating: 0, count: count)
    for edge in graph.edges where edge.from != edge.to {
      successors[edge.from].append(edge.to)
      incoming[edge.to] += 1
    }
    for node in 0..<count { successors[node].sort() }
    // Iterative DFS; an edge into a node still on the stack closes a cycle.
    var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on stack, 2 done
    var result: [(Int, Int)] = []
    var seen = Set<[Int]>()
    let roots = (0..<count).filter { incoming[$0] == 0 } + Array(0..<count)
    for root in roots where state[root] == 0 {
      var stack: [(node: Int, next: Int)] = [(root, 0)]
      state[root] = 1
      while let top = stack.last {
        if top.next < successors[top.node].count {
          stack[stack.count - 1].next += 1
          let to = successors[top.node][top.next]
          let pair = state[to] == 1 ? [to, top.node] : [top.node, to]
          if seen.insert(pair).inserted { result.append((pair[0], pair[1])) }
          if state[to] == 0 {
            state[to] = 1
            stack.append((to, 0))
          }
        } else {
          state[top.node] = 2
          stack.removeLast()
        }
      }
    }
    return result
  }
}
