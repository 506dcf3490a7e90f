/// What a read keeps, in the trace's own clock: times in the inspection range `from ..< to`
/// (a `to` of `Int64.max` keeps `Int64.max` too) and, with `--window`, in one of the window's
/// intervals (half-open, merged).
struct TraceWindow: Hashable, Sendable {
  var from: Int64 = .min
  var to: Int64 = .max
  /// The window's intervals as sorted, disjoint `[start, end)` pairs, flattened; nil without
  /// `--window`.
  var spans: [Int64]?
  /// The intervals the window's names matched.
  var matched = 0

  init() {}

  /// `range`, relative to `start`, in absolute times (saturated).
  init(range: TimeRange, start: Int64) {
    if let offset = range.from { from = start.saturatingAdd(offset) }
    if let offset = range.to { to = start.saturatingAdd(offset) }
  }

  /// Whether `time` lies in the window.
  @inline(__always)
  func contains(_ time: Int64) -> Bool {
    guard time >= from && (time < to || to == .max) else { return false }
    guard let spans else { return true }
    return Self.spans(spans, contain: time)
  }

  /// The length of the window's intervals together (their union), ns.
  var spanNs: Int64 {
    guard let spans else { return 0 }
    return stride(from: 0, to: spans.count, by: 2).reduce(Int64(0)) {
      $0.saturatingAdd(spans[$1 + 1].saturatingSubtract(spans[$1]))
    }
  }

  /// Whether the window keeps less than everything.
  var isBounded: Bool { from != .min || to != .max || spans != nil }

  /// Whether `time` lies in one of `spans` (sorted, disjoint pairs), by binary search.
  @inline(never)
  static func spans(_ spans: [Int64], contain time: Int64) -> Bool {
    var low = 0
    var high = spans.count / 2
    // The first span whose end is after `time`.
    while low < high {
      let middle = (low + high) / 2
      if spans[2 * middle + 1] <= time { low = middle + 1 } else { high = middle }
    }
    return low < spans.count / 2 && spans[2 * low] <= time
  }

  /// Sorted, disjoint pairs covering the union of `intervals` (empty ones left out).
  static func merged(_ intervals: [Range<Int64>]) -> [Int64] {
    var result: [Int64] = []
    for interval in intervals.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let end = result.last, interval.lowerBound <= end {
        result[result.count - 1] = max(end, interval.upperBound)
      } else {
        result += [interval.lowerBound, interval.upperBound]
      }
    }
    return result
  }
}
