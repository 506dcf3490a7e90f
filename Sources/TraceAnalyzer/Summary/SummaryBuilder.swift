import TraceModel

/// The second phase of a summary: merges the parts' accumulators, then one pass over the
/// spilled updates finds each frame's work and the exact percentiles.
struct SummaryBuilder {
  /// A percentile still being narrowed down: the value of 1-based `rank` among the group's
  /// finished durations, known to lie in `low...high`, where it has rank `rankInRange`.
  private struct Target {
    var group: Int
    var percent: Int
    var low: Int64
    var high: Int64
    var rankInRange: Int
    var countInRange: Int
    /// Collected values as offsets from `low` (when collecting; the span then fits in 32 bits),
    /// or sub-bucket counts (when narrowing).
    var values: [UInt32] = []
    var counts: [UInt32] = []
    var width: Int64 = 1
    var resolved: Int64?
  }

  /// Values collected at once, across targets (4 bytes each), before narrowing in rounds instead.
  private static let collectLimit = 1_310_720
  private static let narrowBuckets = 1024

  var keys: [ViewKey] = []
  var statistics: [ViewStatistics] = []
  var histograms: [UInt32] = []
  /// Per part: local group index → global group index.
  var groupMaps: [[Int]] = []
  var spills: [UpdateSpill] = []
  var frames: [TraceModelFrame] = []
  var earliest: Int64 = .max
  var latest: Int64 = .min
  var counts = EventCounts()
  var tooManyGroups = false

  init(parts: [TracePart<SummaryAccumulator>]) {
    var index: [ViewKey: Int] = [:]
    for part in parts {
      let accumulator = part.sink
      var map: [Int] = []
      for (local, key) in accumulator.keys.enumerated() {
        let viewKey = ViewKey(
          module: key.module.map { part.symbols[$0] } ?? "", kind: key.kind,
          name: key.name.map { part.symbols[$0] } ?? ViewKey.unnamed)
        let global: Int
        if let found = index[viewKey] {
          global = found
        } else {
          global = keys.count
          index[viewKey] = global
          keys.append(viewKey)
          statistics.append(ViewStatistics())
          histograms.append(contentsOf: repeatElement(0, count: DurationHistogram.bucketCount))
        }
        map.append(global)
        statistics[global].add(accumulator.statistics[local])
        let source = local * DurationHistogram.bucketCount
        let target = global * DurationHistogram.bucketCount
        for bucket in 0..<DurationHistogram.bucketCount {
          histograms[target + bucket] += accumulator.histograms[source + bucket]
        }
      }
      groupMaps.append(map)
      spills.append(accumulator.spill)
      frames += accumulator.frames
      earliest = min(earliest, accumulator.earliest)
      latest = max(latest, accumulator.latest)
      counts.add(accumulator.counts)
      tooManyGroups = tooManyGroups || accumulator.tooManyGroups
    }
  }

  /// The frame timeline: explicit frames sorted, else the grid at `anchor`.
  func timeline(budget: Int64, anchor: Int64?) -> FrameTimeline {
    if !frames.isEmpty { return .explicit(frames.sorted()) }
    return .grid(anchor: anchor ?? (earliest == .max ? 0 : earliest), budget: budget)
  }

  /// Calls `body` with every spilled update (finished, in the range) and its global group.
  func forEachSpilled(_ body: (_ group: Int, _ record: SpillRecord) -> Void) {
    for (part, spill) in spills.enumerated() {
      let map = groupMaps[part]
      spill.forEachChunk { records in
        for record in records { body(map[record.group], record) }
      }
    }
  }

  // MARK: - Second phase

  /// Scans the spills: each frame's work, and every percentile exactly.
  mutating func finish(timeline: FrameTimeline, thresholds: Thresholds) -> FrameWorkTable {
    var targets = makeTargets()
    let work = FrameWorkTable()
    var lastIndex: Int64 = .min
    var last = FrameWork()
    var firstRound = true
    var cachedIndex: Int64?
    var cachedStarts: Range<Int64> = 0..<0
    var active = prepare(&targets)
    // Each group's target slots (adjacent), looked up per record by the group's index.
    var slotRanges = [Range<Int>](repeating: 0..<0, count: keys.count)
    for (slot, target) in targets.enumerated() {
      let range = slotRanges[target.group]
      slotRanges[target.group] = range.isEmpty ? slot..<(slot + 1) : range.lowerBound..<(slot + 1)
    }
    while firstRound || !active.isEmpty {
      for (part, spill) in spills.enumerated() {
        let map = groupMaps[part]
        spill.forEachChunk { records in
          for record in records {
            let group = map[record.group]
            if firstRound && record.isMainThread {
              // Records come mostly in time order: most share the previous one's frame.
              if !cachedStarts.contains(record.start) {
                cachedIndex = timeline.index(of: record.start)
                cachedStarts = cachedIndex.map { timeline.starts(of: $0) } ?? 0..<0
              }
              if let index = cachedIndex {
                if index != lastIndex {
                  if lastIndex != .min { work.add(last, at: lastIndex) }
                  lastIndex = index
                  last = FrameWork()
                }
                last.add(
                  end: Int128(record.start) + Int128(record.duration), isRed: record.duration > thresholds.red
                )
              }
            }
            let range = slotRanges[group]
            guard range.lowerBound < range.upperBound else { continue }
            let value = record.duration
            for slot in range {
              guard targets[slot].resolved == nil, value >= targets[slot].low, value <= targets[slot].high
              else {
                continue
              }
              if targets[slot].counts.isEmpty {
                targets[slot].values.append(UInt32(truncatingIfNeeded: value &- targets[slot].low))
              } else {
                targets[slot].counts[Int((value - targets[slot].low) / targets[slot].width)] += 1
              }
            }
          }
        }
      }
      if firstRound && lastIndex != .min {
        work.add(last, at: lastIndex)
        work.finish()
      }
      firstRound = false
      for slot in active { narrow(&targets[slot]) }
      active = prepare(&targets)
    }
    for target in targets {
      let value = target.resolved ?? 0
      if target.percent == 50 {
        statistics[target.group].p50Ns = value
      } else {
        statistics[target.group].p95Ns = value
      }
    }
    return work
  }

  /// One target per group and percentile, placed in a histogram bucket (groups adjacent).
  private func makeTargets() -> [Target] {
    var targets: [Target] = []
    for group in keys.indices {
      let finished = statistics[group].finished
      guard finished > 0 else { continue }
      for percent in [50, 95] {
        let rank = NearestRank.rank(percent: percent, of: finished)
        var seen = 0
        let base = group * DurationHistogram.bucketCount
        for bucket in 0..<DurationHistogram.bucketCount {
          let count = Int(histograms[base + bucket])
          if seen + count >= rank {
            let bounds = DurationHistogram.bounds(of: bucket)
            targets.append(
              Target(
                group: group, percent: percent, low: bounds.lowerBound, high: bounds.upperBound,
                rankInRange: rank - seen, countInRange: count))
            break
          }
          seen += count
        }
      }
    }
    return targets
  }

  /// Resolves single-value ranges and sets up collection or narrowing for the rest; returns
  /// the targets that need a scan.
  private func prepare(_ targets: inout [Target]) -> [Int] {
    var active: [Int] = []
    var budget = Self.collectLimit
    for slot in targets.indices where targets[slot].resolved == nil {
      if targets[slot].low == targets[slot].high {
        targets[slot].resolved = targets[slot].low
        continue
      }
      targets[slot].values = []
      targets[slot].counts = []
      if targets[slot].countInRange <= budget && targets[slot].high - targets[slot].low <= Int64(UInt32.max) {
        budget -= targets[slot].countInRange
        targets[slot].values.reserveCapacity(targets[slot].countInRange)
      } else {
        let span = targets[slot].high - targets[slot].low + 1
        let width = (span + Int64(Self.narrowBuckets) - 1) / Int64(Self.narrowBuckets)
        targets[slot].width = width
        targets[slot].counts = Array(repeating: 0, count: Int((span + width - 1) / width))
      }
      active.append(slot)
    }
    return active
  }

  /// After a scan: picks the value from collected ones, or narrows to one sub-bucket.
  private func narrow(_ target: inout Target) {
    if target.counts.isEmpty {
      target.values.sort()
      let index = target.rankInRange - 1
      target.resolved =
        target.values.indices.contains(index) ? target.low + Int64(target.values[index]) : target.high
      target.values = []
      return
    }
    var seen = 0
    for (bucket, count) in target.counts.enumerated() {
      if seen + Int(count) >= target.rankInRange {
        let low = target.low + Int64(bucket) * target.width
        target.high = min(target.high, low + target.width - 1)
        target.low = low
        target.rankInRange -= seen
        target.countInRange = Int(count)
        break
      }
      seen += Int(count)
    }
    target.counts = []
  }
}
