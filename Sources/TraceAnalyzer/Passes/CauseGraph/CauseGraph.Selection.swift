extension CauseGraph {
  /// What part of the graph to show: around one view, or the whole graph's largest edges.
  package struct Selection: Hashable, Sendable {
    /// The default cap on the whole graph's edges.
    package static let defaultEdgeLimit = 60

    /// `View` or `Module.View`; nil for the whole graph.
    package var view: String?
    package var direction: Direction
    /// At most this many hops from the view; nil for any number.
    package var depth: Int?
    /// Edges counted fewer times are dropped before paths are followed.
    package var minCount: Int
    /// The whole graph shows only this many largest edges (nil: all); ignored with a view.
    package var edgeLimit: Int?

    package init(
      view: String? = nil, direction: Direction = .upstream, depth: Int? = nil, minCount: Int = 1,
      edgeLimit: Int? = Selection.defaultEdgeLimit
    ) {
      self.view = view
      self.direction = direction
      self.depth = depth
      self.minCount = minCount
      self.edgeLimit = edgeLimit
    }
  }

  /// The part of the graph `selection` asks for, remembering the selection; nil when its
  /// view names no update node.
  ///
  /// Edges under `minCount` go first. With a view: its nodes and their causes or effects
  /// (``subgraph(around:direction:depth:)``), highlighted. Without: every node that has an
  /// edge, capped to the `edgeLimit` largest edges (``omitted`` counts the rest).
  package func selecting(_ selection: Selection) -> CauseGraph? {
    var graph = selection.minCount > 1 ? keepingEdges(minCount: selection.minCount) : self
    if let view = selection.view {
      let focus = graph.nodes(matching: view)
      guard !focus.isEmpty else { return nil }
      graph = graph.subgraph(around: focus, direction: selection.direction, depth: selection.depth)
    } else {
      graph = graph.withoutIsolatedNodes()
      if let limit = selection.edgeLimit { graph = graph.largestEdges(limit) }
    }
    graph.selection = selection
    return graph
  }
}
