/// Nearest-rank percentiles: the value at 1-based rank `ceil(p/100 · n)` of the sorted values.
enum NearestRank {
  /// The 1-based rank of percentile `percent` among `count` values (`count > 0`).
  static func rank(percent: Int, of count: Int) -> Int {
    max(1, (percent * count + 99) / 100)
  }
}
