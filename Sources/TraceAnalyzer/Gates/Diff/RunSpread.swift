/// One figure over the runs of one side of a diff: the median, and the lowest and highest run.
package struct RunSpread: Hashable, Sendable {
  /// The median of the runs; for an even number of runs, the lower of the two middle values.
  package var median: Int64
  package var low: Int64
  package var high: Int64

  package init(median: Int64, low: Int64, high: Int64) {
    self.median = median
    self.low = low
    self.high = high
  }

  /// The figure of `values` (one per run; zeros when empty).
  package init(_ values: [Int64]) {
    guard !values.isEmpty else {
      self.init(median: 0, low: 0, high: 0)
      return
    }
    let sorted = values.sorted()
    self.init(median: sorted[(sorted.count - 1) / 2], low: sorted[0], high: sorted[sorted.count - 1])
  }

  /// The runs' own spread: highest minus lowest.
  package var spread: Int64 { high.saturatingSubtract(low) }
}
