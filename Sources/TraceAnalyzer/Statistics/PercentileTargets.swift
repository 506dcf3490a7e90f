/// The exact nearest-rank p50 and p95 of every view, found by scans of the spilled durations.
///
/// Each percentile starts as the duration histogram bucket that holds its rank. A scan
/// collects the values of that range while they fit the collect limit, then selects the rank
/// among them; otherwise it counts them in at most 1,024 power-of-two sub-buckets and narrows
/// the range to the one that holds the rank, for another scan. A scan may run over several
/// parts of the spill at once, one ``PercentileCollector`` each.
struct PercentileTargets {
  private struct Target {
    var group: Int
    var percent: Int
    var low: Int64
    var high: Int64
    /// The rank (1-based) of the percentile among the values in `low...high`.
    var rankInRange: Int
    /// The values in `low...high`, by part of the spill.
    var countByPart: [Int]
    var countInRange: Int { countByPart.reduce(0, +) }
    /// log2 of the sub-bucket width while counting; nil while collecting.
    var shift: Int?
    var resolved: Int64?
  }

  /// Values collected in one scan, across targets and parts (4 bytes each).
  static let defaultCollectLimit = 1_310_720
  private static let narrowBuckets: UInt64 = 1024

  private var targets: [Target] = []
  private let groups: Int
  private let collectLimit: Int
  /// The targets of the current scan, by slot (a view's slots adjacent).
  private var scanned: [Int] = []
  /// Each view's first slot in the current scan.
  private var firstSlot: [Int32] = []

  /// One target per view with finished updates and percentile.
  ///
  /// Each part of the spill gives its ``DurationHistogram`` buckets
  /// (``DurationHistogram/bucketCount`` a view of its own) and the map from its views to the
  /// indices of `finished`; a scan then gives each part exactly the room its values need.
  init(
    finished: [Int], parts: [(histograms: [UInt32], map: [Int])], collectLimit: Int = defaultCollectLimit
  ) {
    groups = finished.count
    self.collectLimit = collectLimit
    // Per part: global view → the part's own (several when keys merge, as a missing module
    // and an empty one do).
    let locals = parts.map { part in
      var locals = Array(repeating: [Int](), count: finished.count)
      for (local, global) in part.map.enumerated() { locals[global].append(local) }
      return locals
    }
    for group in finished.indices where finished[group] > 0 {
      let count = { (part: Int, bucket: Int) in
        locals[part][group].reduce(0) {
          $0 + Int(parts[part].histograms[$1 * DurationHistogram.bucketCount + bucket])
        }
      }
      for percent in [50, 95] {
        let rank = NearestRank.rank(percent: percent, of: finished[group])
        var seen = 0
        for bucket in 0..<DurationHistogram.bucketCount {
          var inBucket = 0
          for part in parts.indices { inBucket += count(part, bucket) }
          if seen + inBucket >= rank {
            let bounds = DurationHistogram.bounds(of: bucket)
            targets.append(
              Target(
                group: group, percent: percent, low: bounds.lowerBound, high: bounds.upperBound,
                rankInRange: rank - seen, countByPart: parts.indices.map { count($0, bucket) }))
            break
          }
          seen += inBucket
        }
      }
    }
  }

  /// Resolves single-value ranges and sets up the next scan; false when none is needed.
  mutating func startScan() -> Bool {
    scanned = []
    var budget = collectLimit
    for slot in targets.indices where targets[slot].resolved == nil {
      let target = targets[slot]
      if target.low == target.high {
        targets[slot].resolved = target.low
        continue
      }
      if target.countInRange <= budget && target.high - target.low <= Int64(UInt32.max) {
        budget -= target.countInRange
        targets[slot].shift = nil
      } else {
        let span = UInt64(target.high - target.low) + 1
        var shift: UInt64 = 0
        while (span - 1) >> shift >= Self.narrowBuckets { shift += 1 }
        targets[slot].shift = Int(shift)
      }
      scanned.append(slot)
    }
    firstSlot = Array(repeating: 0, count: groups + 1)
    for slot in scanned { firstSlot[targets[slot].group + 1] += 1 }
    for group in 0..<groups { firstSlot[group + 1] += firstSlot[group] }
    return !scanned.isEmpty
  }

  /// A collector for `part` of the spill in the current scan.
  func makeCollector(part: Int) -> PercentileCollector {
    PercentileCollector(
      firstSlot: firstSlot,
      ranges: scanned.map { slot in
        let target = targets[slot]
        let capacity = target.shift.map { Int(UInt64(target.high - target.low) >> UInt64($0)) + 1 }
        return (target.low, target.high, target.shift, capacity ?? target.countByPart[part])
      })
  }

  /// Resolves or narrows the scanned targets from the parts' collectors, then frees them.
  mutating func endScan(_ collectors: [PercentileCollector]) {
    defer { for collector in collectors { collector.deallocate() } }
    guard !collectors.isEmpty else { return }
    // Values several parts collected are copied together here, for the largest range at most.
    var largest = 0
    for index in scanned where targets[index].shift == nil {
      largest = max(largest, targets[index].countInRange)
    }
    let joined = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: largest)
    defer { joined.deallocate() }
    for (slot, index) in scanned.enumerated() {
      if let shift = targets[index].shift {
        narrow(&targets[index], shift: shift, counts: collectors.map { $0.values(slot) })
        continue
      }
      let parts = collectors.map { $0.values(slot) }.filter { !$0.isEmpty }
      var values = parts.count == 1 ? parts[0] : UnsafeMutableBufferPointer(rebasing: joined[..<0])
      if parts.count > 1 {
        var count = 0
        for part in parts {
          let room = joined.count - count
          _ = UnsafeMutableBufferPointer(rebasing: joined[count...]).initialize(from: part.prefix(room))
          count += min(part.count, room)
        }
        values = UnsafeMutableBufferPointer(rebasing: joined[..<count])
      }
      let rank = targets[index].rankInRange - 1
      targets[index].resolved =
        values.indices.contains(rank)
        ? targets[index].low + Int64(QuickSelect.value(at: rank, in: &values)) : targets[index].high
    }
    scanned = []
  }

  /// Narrows `target` to the sub-bucket that holds its rank (the parts' counts summed).
  private func narrow(_ target: inout Target, shift: Int, counts: [UnsafeMutableBufferPointer<UInt32>]) {
    var seen = 0
    for bucket in counts[0].indices {
      let count = counts.reduce(0) { $0 + Int($1[bucket]) }
      if seen + count >= target.rankInRange {
        let low = target.low + Int64(bucket) << Int64(shift)
        target.high = min(target.high, low + (Int64(1) << Int64(shift)) - 1)
        target.low = low
        target.rankInRange -= seen
        target.countByPart = counts.map { Int($0[bucket]) }
        return
      }
      seen += count
    }
    // Counts short of the rank: the data changed under the scan. Never loop on it.
    target.resolved = target.high
  }

  /// Sets each view's `p50Ns` and `p95Ns` (0 when it has no finished update).
  func apply(to statistics: inout [ViewStatistics]) {
    for target in targets {
      let value = target.resolved ?? 0
      if target.percent == 50 {
        statistics[target.group].p50Ns = value
      } else {
        statistics[target.group].p95Ns = value
      }
    }
  }
}
