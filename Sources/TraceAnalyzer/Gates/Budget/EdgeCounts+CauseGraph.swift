import TraceModel

extension EdgeCounts {
  /// The edges of `graph` by node labels (nodes with equal labels add up).
  package init(_ graph: CauseGraph) {
    self.init()
    // Each node's label made once (an edge's ends are already noted with their modules).
    let labels = graph.nodes.map(\.label)
    for (node, label) in zip(graph.nodes, labels) { note(label, module: node.module) }
    counts.reserveCapacity(graph.edges.count)
    for edge in graph.edges {
      counts[Key(from: labels[edge.from], to: labels[edge.to], label: edge.label), default: 0] += edge.count
    }
  }
}
