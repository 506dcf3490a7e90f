extension CauseGraph {
  /// An edge: every `cause` event from one node to another with one label.
  package struct Edge: Hashable, Sendable {
    /// Index of the cause node in ``CauseGraph/nodes``.
    package var from: Int
    /// Index of the effect node in ``CauseGraph/nodes``.
    package var to: Int
    /// `update`, `creation`, or another spelling as written in the trace.
    package var label: String
    /// The number of `cause` events with this key.
    package var count: Int

    package init(from: Int, to: Int, label: String, count: Int) {
      self.from = from
      self.to = to
      self.label = label
      self.count = count
    }

    /// The label as Instruments shows it: `Update`, `Creation` (others as written).
    package var title: String {
      guard let first = label.first else { return label }
      return first.uppercased() + label.dropFirst()
    }

    /// The listing order: larger counts first, then by node index and label.
    static func listedBefore(_ lhs: Edge, _ rhs: Edge) -> Bool {
      if lhs.count != rhs.count { return lhs.count > rhs.count }
      if lhs.from != rhs.from { return lhs.from < rhs.from }
      if lhs.to != rhs.to { return lhs.to < rhs.to }
      return lhs.label.utf8.lexicographicallyPrecedes(rhs.label.utf8)
    }
  }
}
