/// The figures of one view (or one kind, or the whole trace): counts and times in ns.
public struct ViewStatistics: Hashable, Sendable {
  /// All updates, unfinished and skipped ones included.
  public var count = 0
  public var skipped = 0
  public var unfinished = 0
  public var orange = 0
  public var red = 0
  /// Sum of finished durations.
  public var totalNs: Int64 = 0
  public var maxNs: Int64 = 0
  /// Nearest-rank percentiles of finished durations; 0 without any.
  public var p50Ns: Int64 = 0
  public var p95Ns: Int64 = 0

  public init() {}

  /// Finished updates: the ones that are timed.
  public var finished: Int { count - unfinished }

  /// Adds `other`'s counts and times (not its percentiles).
  public mutating func add(_ other: ViewStatistics) {
    count += other.count
    skipped += other.skipped
    unfinished += other.unfinished
    orange += other.orange
    red += other.red
    totalNs = totalNs.saturatingAdd(other.totalNs)
    maxNs = max(maxNs, other.maxNs)
  }
}

/// One row of the views table.
public struct ViewSummary: Hashable, Sendable {
  public var key: ViewKey
  public var statistics: ViewStatistics

  public init(key: ViewKey, statistics: ViewStatistics) {
    self.key = key
    self.statistics = statistics
  }

  /// The spec's order: red, orange and total time descending, then name (then module, kind).
  public static func worstFirst(_ lhs: Self, _ rhs: Self) -> Bool {
    let (a, b) = (lhs.statistics, rhs.statistics)
    if a.red != b.red { return a.red > b.red }
    if a.orange != b.orange { return a.orange > b.orange }
    if a.totalNs != b.totalNs { return a.totalNs > b.totalNs }
    return lhs.key < rhs.key
  }
}
