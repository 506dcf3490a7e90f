/// How one cause-graph edge's count changed.
package struct EdgeChange: Hashable, Sendable {
  package var key: EdgeCounts.Key
  package var count: FigureChange

  package init(key: EdgeCounts.Key, count: FigureChange) {
    self.key = key
    self.count = count
  }

  /// `added` (none on the base side), `removed` (none on the head side), `changed`, `noise` or
  /// `unchanged`, by the medians.
  package var status: String {
    if count.base.median == 0 && count.head.median > 0 { return "added" }
    if count.head.median == 0 && count.base.median > 0 { return "removed" }
    switch count.status {
    case .unchanged: return "unchanged"
    case .noise: return "noise"
    case .worse, .better: return "changed"
    }
  }

  /// Largest real change first, then any change, then by key.
  package static func byImpact(_ lhs: EdgeChange, _ rhs: EdgeChange) -> Bool {
    let left = (lhs.count.isNoise ? 0 : lhs.count.delta.magnitude, lhs.count.delta.magnitude)
    let right = (rhs.count.isNoise ? 0 : rhs.count.delta.magnitude, rhs.count.delta.magnitude)
    if left != right { return left > right }
    return lhs.key < rhs.key
  }
}
