import TraceModel

extension EdgeCounts {
  /// The edges of `graph` by node labels (nodes with equal labels add up).
  package init(_ graph: CauseGraph) {
    self.init()
    for node in graph.nodes { note(node.label, module: node.module) }
    for edge in graph.edges {
      let from = graph.nodes[edge.from]
      let to = graph.nodes[edge.to]
      add(
        Key(from: from.label, to: to.label, label: edge.label), count: edge.count, fromModule: from.module,
        toModule: to.module)
    }
  }
}
