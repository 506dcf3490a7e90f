/// The cause-and-effect graph of a trace, as analysis.md defines it: which sources and
/// updates made which updates happen, how often.
///
/// Nodes are listed sources first, then update nodes, then `unknown #ID` nodes (see
/// ``Node/listedBefore(_:_:)``); edges largest count first. Both orders are deterministic, and
/// ``subgraph(around:direction:depth:)`` and the other narrowing operations keep them.
package struct CauseGraph: Hashable, Sendable {
  /// How many `cause` events went into the graph, and how many the inspection range left out.
  package struct CauseCounts: Hashable, Sendable {
    /// Causes counted on the graph's edges (before any narrowing).
    package var counted = 0
    /// Causes whose time (or, without one, their target's time) lies outside the range.
    package var outOfRange = 0
    /// With a range: causes without a time whose target has none either (an update's start
    /// or a source's time), so they cannot be placed in the range.
    package var unplaced = 0

    package init(counted: Int = 0, outOfRange: Int = 0, unplaced: Int = 0) {
      self.counted = counted
      self.outOfRange = outOfRange
      self.unplaced = unplaced
    }
  }

  /// What a narrowing left out of view (the whole graph is capped to its largest edges).
  package struct Omission: Hashable, Sendable {
    package var nodes = 0
    package var edges = 0

    package init(nodes: Int = 0, edges: Int = 0) {
      self.nodes = nodes
      self.edges = edges
    }

    package var isEmpty: Bool { nodes == 0 && edges == 0 }
  }

  package var nodes: [Node]
  package var edges: [Edge]
  /// The nodes to highlight (those a `--view` query names), ascending.
  package var focus: [Int]
  package var dangling: DanglingCauses
  package var causes: CauseCounts
  package var omitted: Omission
  /// The trace's display name.
  package var file: String
  /// The inspection range the graph covers.
  package var range: TimeRange
  /// The windows (`--window`) the graph covers; empty for the whole trace.
  package var windows: [String] = []
  /// How the graph was narrowed (see ``selecting(_:)``); the default for a whole graph.
  package var selection = Selection(edgeLimit: nil)
  /// The trace's findings, whose nodes and edges renderers mark (empty: none, or not
  /// diagnosed).
  package var findings: [Finding] = []

  package init(
    nodes: [Node], edges: [Edge], focus: [Int] = [], dangling: DanglingCauses = DanglingCauses(),
    causes: CauseCounts = CauseCounts(), omitted: Omission = Omission(), file: String = "",
    range: TimeRange = TimeRange()
  ) {
    self.nodes = nodes
    self.edges = edges
    self.focus = focus
    self.dangling = dangling
    self.causes = causes
    self.omitted = omitted
    self.file = file
    self.range = range
  }

  // MARK: - Queries

  /// The nodes a query names: update nodes as ``ViewKey/matches(_:)`` reads it (`View`,
  /// `Module.View`, `View.body`, `Module.View (body)`…), a source by its label
  /// (`Gesture: Tap`).
  package func nodes(matching query: String) -> [Int] {
    nodes.indices.filter { index in
      if let key = nodes[index].viewKey { return key.matches(query) }
      if case .source = nodes[index].kind { return nodes[index].label == query }
      return false
    }
  }

  /// The view keys of every update node (for suggesting a name).
  package var viewKeys: [ViewKey] { nodes.compactMap(\.viewKey) }

  // MARK: - Narrowing

  /// The graph without edges counted fewer than `minCount` times (nodes stay).
  package func keepingEdges(minCount: Int) -> CauseGraph {
    var graph = self
    graph.edges.removeAll { $0.count < minCount }
    return graph
  }

  /// The nodes `focus` and those with a path into them (`upstream`), from them
  /// (`downstream`) or either (`both`), with the edges on those paths.
  ///
  /// With `depth`, only paths of at most `depth` edges count. An edge `a → b` is kept
  /// upstream when `b` reaches a focus node in `d` hops and `d + 1 <= depth` (so cycles
  /// through the focus node show); downstream symmetrically. Breadth-first and iterative:
  /// cycles cannot make it loop or recurse.
  ///
  /// - Complexity: O(nodes + edges).
  package func subgraph(around focus: [Int], direction: Direction = .upstream, depth: Int? = nil)
    -> CauseGraph
  {
    var keepNode = [Bool](repeating: false, count: nodes.count)
    var keepEdge = [Bool](repeating: false, count: edges.count)
    for node in focus { keepNode[node] = true }
    if direction.keepsCauses {
      let distance = distances(from: focus, forward: false, depth: depth)
      for (index, edge) in edges.enumerated() {
        let hops = distance[edge.to]
        guard hops >= 0, distance[edge.from] >= 0, depth.map({ hops < $0 }) ?? true else { continue }
        keepEdge[index] = true
      }
      for node in nodes.indices where distance[node] >= 0 { keepNode[node] = true }
    }
    if direction.keepsEffects {
      let distance = distances(from: focus, forward: true, depth: depth)
      for (index, edge) in edges.enumerated() {
        let hops = distance[edge.from]
        guard hops >= 0, distance[edge.to] >= 0, depth.map({ hops < $0 }) ?? true else { continue }
        keepEdge[index] = true
      }
      for node in nodes.indices where distance[node] >= 0 { keepNode[node] = true }
    }
    var base = self
    base.focus = Array(Set(focus)).sorted()
    return base.restricted(keepNode: keepNode, keepEdge: keepEdge)
  }

  /// The graph without nodes that have no edge (focus nodes stay).
  package func withoutIsolatedNodes() -> CauseGraph {
    var keepNode = [Bool](repeating: false, count: nodes.count)
    for edge in edges {
      keepNode[edge.from] = true
      keepNode[edge.to] = true
    }
    for node in focus { keepNode[node] = true }
    return restricted(keepNode: keepNode, keepEdge: [Bool](repeating: true, count: edges.count))
  }

  /// The `limit` largest edges and the nodes on them; ``omitted`` says what was left out.
  package func largestEdges(_ limit: Int) -> CauseGraph {
    guard edges.count > limit else { return self }
    let ranked = edges.indices.sorted { Edge.listedBefore(edges[$0], edges[$1]) }
    var keepEdge = [Bool](repeating: false, count: edges.count)
    var keepNode = [Bool](repeating: false, count: nodes.count)
    for index in ranked.prefix(limit) {
      keepEdge[index] = true
      keepNode[edges[index].from] = true
      keepNode[edges[index].to] = true
    }
    for node in focus { keepNode[node] = true }
    var graph = restricted(keepNode: keepNode, keepEdge: keepEdge)
    graph.omitted.edges += edges.count - graph.edges.count
    graph.omitted.nodes += nodes.count - graph.nodes.count
    return graph
  }

  // MARK: - Helpers

  /// Hops from `sources` along edges (`forward`) or against them; -1 where unreached.
  private func distances(from sources: [Int], forward: Bool, depth: Int?) -> [Int] {
    var adjacency = [[Int]](repeating: [], count: nodes.count)
    for edge in edges {
      if forward {
        adjacency[edge.from].append(edge.to)
      } else {
        adjacency[edge.to].append(edge.from)
      }
    }
    var distance = [Int](repeating: -1, count: nodes.count)
    var queue: [Int] = []
    for node in sources where distance[node] < 0 {
      distance[node] = 0
      queue.append(node)
    }
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      if let depth, distance[node] >= depth { continue }
      for next in adjacency[node] where distance[next] < 0 {
        distance[next] = distance[node] + 1
        queue.append(next)
      }
    }
    return distance
  }

  /// The graph with only the kept nodes and edges (an edge needs both its nodes), in order.
  private func restricted(keepNode: [Bool], keepEdge: [Bool]) -> CauseGraph {
    // Keeping everything, the graph as it is (a copy of every edge spared).
    guard keepNode.contains(false) || keepEdge.contains(false) else { return self }
    var index = [Int](repeating: -1, count: nodes.count)
    var kept: [Node] = []
    for node in nodes.indices where keepNode[node] {
      index[node] = kept.count
      kept.append(nodes[node])
    }
    var keptEdges: [Edge] = []
    for (position, edge) in edges.enumerated() where keepEdge[position] {
      guard index[edge.from] >= 0, index[edge.to] >= 0 else { continue }
      keptEdges.append(Edge(from: index[edge.from], to: index[edge.to], label: edge.label, count: edge.count))
    }
    var graph = self
    graph.nodes = kept
    graph.edges = keptEdges
    graph.focus = focus.compactMap { index[$0] >= 0 ? index[$0] : nil }
    return graph
  }
}
