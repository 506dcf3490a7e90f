import TraceModel

/// Nearest-rank p50 and p95 over every finished update of each kind and of the whole trace
/// (the summary has them per view only).
package struct KindPercentiles: Hashable, Sendable {
  /// One pair of percentiles, ns.
  package struct Pair: Hashable, Sendable {
    package var p50Ns: Int64 = 0
    package var p95Ns: Int64 = 0

    package init(p50Ns: Int64 = 0, p95Ns: Int64 = 0) {
      self.p50Ns = p50Ns
      self.p95Ns = p95Ns
    }

    /// The percentiles of `values`; zeros when empty.
    init(sorting values: inout [Int64]) {
      guard !values.isEmpty else { return }
      values.sort()
      p50Ns = values[NearestRank.rank(percent: 50, of: values.count) - 1]
      p95Ns = values[NearestRank.rank(percent: 95, of: values.count) - 1]
    }
  }

  package var kinds: [UpdateKind: Pair]
  /// All kinds together.
  package var total: Pair

  package init(kinds: [UpdateKind: Pair] = [:], total: Pair = Pair()) {
    self.kinds = kinds
    self.total = total
  }

  /// The pair of `kind`, or of the whole trace for nil.
  package subscript(kind: UpdateKind?) -> Pair {
    guard let kind else { return total }
    return kinds[kind] ?? Pair()
  }
}
