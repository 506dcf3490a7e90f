/// The cause graph reduced to what budgets and diffs compare: edge counts keyed by the labels
/// of the end nodes and the edge's own label.
///
/// Node labels follow the analysis contract: `LandmarkListItemView.body` for a body update,
/// `Name.update` for a representable, the name of an `other` update, a source's label, and
/// `unknown #ID` for a dangling id. Nodes with equal labels (one view name in two modules) add up.
package struct EdgeCounts: Hashable, Sendable {
  /// One edge: its end nodes' labels and its label (`update`, `creation`).
  package struct Key: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var from: String
    package var to: String
    package var label: String

    package init(from: String, to: String, label: String) {
      self.from = from
      self.to = to
      self.label = label
    }

    /// `from → to (label)`.
    package var description: String { "\(from) → \(to) (\(label))" }

    /// By `to`, `from`, then `label`, comparing UTF-8 bytes.
    package static func < (lhs: Self, rhs: Self) -> Bool {
      if lhs.to != rhs.to { return lhs.to.utf8.lexicographicallyPrecedes(rhs.to.utf8) }
      if lhs.from != rhs.from { return lhs.from.utf8.lexicographicallyPrecedes(rhs.from.utf8) }
      return lhs.label.utf8.lexicographicallyPrecedes(rhs.label.utf8)
    }
  }

  /// `cause` events per edge.
  package var counts: [Key: Int]
  /// Every node's label, with the modules of the update nodes that carry it (empty for sources).
  package var nodes: [String: Set<String>]

  package init(counts: [Key: Int] = [:], nodes: [String: Set<String>] = [:]) {
    self.counts = counts
    self.nodes = nodes
  }

  /// Adds `count` events of an edge and makes sure both nodes are known.
  package mutating func add(_ key: Key, count: Int = 1, fromModule: String? = nil, toModule: String? = nil) {
    counts[key, default: 0] += count
    note(key.from, module: fromModule)
    note(key.to, module: toModule)
  }

  /// Records a node (also one without edges).
  package mutating func note(_ label: String, module: String? = nil) {
    if let module, !module.isEmpty {
      nodes[label, default: []].insert(module)
    } else if nodes[label] == nil {
      nodes[label] = []
    }
  }

  /// The node label `query` names: a label as is, or `Module.Label` for an update node.
  package func resolve(_ query: String) -> String? {
    if nodes[query] != nil { return query }
    for (label, modules) in nodes {
      for module in modules where query == module + "." + label { return label }
    }
    return nil
  }

  /// Events of the edges `selector` names (its nodes resolved with ``resolve(_:)``).
  package func count(_ selector: EdgeSelector) -> Int {
    let from = selector.from.map { resolve($0) ?? $0 }
    let to = selector.to.map { resolve($0) ?? $0 }
    var total = 0
    for (key, count) in counts {
      if let from, key.from != from { continue }
      if let to, key.to != to { continue }
      if let label = selector.label, key.label != label { continue }
      total += count
    }
    return total
  }

  /// Up to `limit` node labels close to a misspelt `query`.
  package func suggestions(for query: String, limit: Int = 3) -> [String] {
    Suggestion.closest(to: query, among: Array(nodes.keys), limit: limit)
  }
}
