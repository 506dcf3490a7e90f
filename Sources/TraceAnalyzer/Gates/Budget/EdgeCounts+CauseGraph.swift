import TraceModel

extension EdgeCounts {
  /// The edges of `graph` by node labels (nodes with equal labels add up).
  ///
  /// With `selectors`, only the edges one of them counts: ``count(_:)`` of each gives what it
  /// gives on all of them.
  package init(_ graph: CauseGraph, keeping selectors: [EdgeSelector]? = nil) {
    self.init()
    // Each node's label made once (an edge's ends are already noted with their modules).
    let labels = graph.nodes.map(\.label)
    for (node, label) in zip(graph.nodes, labels) { note(label, module: node.module) }
    guard let selectors, selectors.count <= UInt64.bitWidth else {
      counts.reserveCapacity(graph.edges.count)
      for edge in graph.edges {
        counts[Key(from: labels[edge.from], to: labels[edge.to], label: edge.label), default: 0] += edge.count
      }
      return
    }
    // A budget names a few of a graph's edges, which may be a hundred thousand: keying each one
    // by its labels would be most of what its edge limits cost. Per node, the selectors whose
    // `from` (and whose `to`) it may be, a bit each.
    let ends = selectors.map { selector in
      (from: selector.from.map { resolve($0) ?? $0 }, to: selector.to.map { resolve($0) ?? $0 })
    }
    var asFrom = [UInt64](repeating: 0, count: labels.count)
    var asTo = [UInt64](repeating: 0, count: labels.count)
    for (node, label) in labels.enumerated() {
      for (bit, end) in ends.enumerated() {
        if end.from == nil || end.from == label { asFrom[node] |= 1 << bit }
        if end.to == nil || end.to == label { asTo[node] |= 1 << bit }
      }
    }
    for edge in graph.edges {
      let matching = asFrom[edge.from] & asTo[edge.to]
      guard matching != 0 else { continue }
      let labelled = selectors.indices.contains { bit in
        matching & 1 << bit != 0 && (selectors[bit].label == nil || selectors[bit].label == edge.label)
      }
      guard labelled else { continue }
      counts[Key(from: labels[edge.from], to: labels[edge.to], label: edge.label), default: 0] += edge.count
    }
  }
}
