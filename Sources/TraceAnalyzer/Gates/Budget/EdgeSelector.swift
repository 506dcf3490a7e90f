import TraceModel

/// Names the cause-graph edges a limit counts: by the labels of their end nodes and their own
/// label; a missing part matches anything.
package struct EdgeSelector: Hashable, Sendable, CustomStringConvertible {
  /// The cause node's label (`@Observable LandmarkCollection.landmarks`); nil for any.
  package var from: String?
  /// The effect node's label (`LandmarkListItemView.body`); nil for any.
  package var to: String?
  /// `update` or `creation`; nil for any.
  package var label: String?
  package var fromLocation: TextLocation?
  package var toLocation: TextLocation?

  package init(
    from: String?, to: String?, label: String? = nil, fromLocation: TextLocation? = nil,
    toLocation: TextLocation? = nil
  ) {
    self.from = from
    self.to = to
    self.label = label
    self.fromLocation = fromLocation
    self.toLocation = toLocation
  }

  /// `from → to (label)`, with `*` for a missing end.
  package var description: String {
    "\(from ?? "*") → \(to ?? "*")" + (label.map { " (\($0))" } ?? "")
  }
}
