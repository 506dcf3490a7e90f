import Dispatch
import TraceModel

/// The second phase of a summary: merges the parts' accumulators, then a scan of the spilled
/// updates (each part's on its own thread) finds each frame's work and the exact percentiles.
struct SummaryBuilder {
  var keys: [ViewKey] = []
  var statistics: [ViewStatistics] = []
  /// Per part: ``DurationHistogram`` buckets by local group.
  var histograms: [[UInt32]] = []
  /// Per part: local group index → global group index.
  var groupMaps: [[Int]] = []
  var spills: [UpdateSpill] = []
  var frames: [TraceModelFrame] = []
  /// Per part: the latest end of its main-thread updates, if it has any.
  var mainEnds: [Int64?] = []
  var earliest: Int64 = .max
  var latest: Int64 = .min
  var counts = EventCounts()
  var hitches = HitchFigures()
  /// The samples whose time lies in the range, and the time they stand for.
  var samplesKept = 0
  var sampleNsKept: Int64 = 0
  var tooManyGroups = false

  init(parts: [TracePart<SummaryAccumulator>]) {
    var index: [ViewKey: Int] = [:]
    for part in parts {
      let accumulator = part.sink
      var map: [Int] = []
      for (local, key) in accumulator.keys.enumerated() {
        let viewKey = key.viewKey(part.symbols)
        let global: Int
        if let found = index[viewKey] {
          global = found
        } else {
          global = keys.count
          index[viewKey] = global
          keys.append(viewKey)
          statistics.append(ViewStatistics())
        }
        map.append(global)
        statistics[global].add(accumulator.statistics[local])
      }
      groupMaps.append(map)
      histograms.append(accumulator.histograms)
      spills.append(accumulator.spill)
      frames += accumulator.frames
      mainEnds.append(accumulator.hasMain ? accumulator.mainEnd : nil)
      earliest = min(earliest, accumulator.earliest)
      latest = max(latest, accumulator.latest)
      counts.add(accumulator.counts)
      hitches.add(accumulator.hitches)
      samplesKept += accumulator.samplesKept
      sampleNsKept = sampleNsKept.saturatingAdd(accumulator.sampleNsKept)
      tooManyGroups = tooManyGroups || accumulator.tooManyGroups
    }
  }

  /// The frame timeline of the recorded frames and `budget`; `anchor` places the grid when
  /// there are none.
  func timeline(budget: FrameBudget, anchor: Int64) -> FrameTimeline {
    FrameTimeline(recorded: frames, budget: budget, anchor: anchor)
  }

  /// Calls `body` with every spilled update (finished, in the range) and its global group;
  /// with `startsIn`, skips the chunks of a spill's file whose starts it turns down
  /// (``UpdateSpill/forEachChunk(startsIn:_:)``).
  func forEachSpilled(
    startsIn: ((ClosedRange<Int64>) -> Bool)? = nil, _ body: (_ group: Int, _ record: SpillRecord) -> Void
  ) {
    for (part, spill) in spills.enumerated() {
      let map = groupMaps[part]
      spill.forEachChunk(startsIn: startsIn) { records in
        for record in records { body(map[record.group], record) }
      }
    }
  }

  /// The exact nearest-rank p50 and p95 of `sets` sets of spilled updates, an update in each
  /// set `membership` names for its view (by index in ``keys``); zeros for an empty set.
  ///
  /// Found as the views' are (``PercentileTargets``: histograms, then scans of the spill), so
  /// memory stays bounded however many updates a set holds.
  func percentiles(sets: Int, membership: (Int) -> [Int]) -> [(p50Ns: Int64, p95Ns: Int64)] {
    let members = keys.indices.map(membership)
    let buckets = DurationHistogram.bucketCount
    var finished = [Int](repeating: 0, count: sets)
    var parts: [(histograms: [UInt32], map: [Int])] = []
    for (part, map) in groupMaps.enumerated() {
      // The part's histogram of each set: the sum of its views'.
      var histogram = [UInt32](repeating: 0, count: sets * buckets)
      for (local, global) in map.enumerated() {
        for set in members[global] {
          for bucket in 0..<buckets {
            let count = histograms[part][local * buckets + bucket]
            histogram[set * buckets + bucket] += count
            finished[set] += Int(count)
          }
        }
      }
      parts.append((histogram, Array(0..<sets)))
    }
    var targets = PercentileTargets(finished: finished, parts: parts)
    while targets.startScan() {
      let collectors = spills.indices.map { targets.makeCollector(part: $0) }
      for (part, spill) in spills.enumerated() {
        let map = groupMaps[part]
        let collector = collectors[part]
        spill.forEachChunk { records in
          for record in records {
            for set in members[map[record.group]] { collector.add(group: set, value: record.duration) }
          }
        }
      }
      targets.endScan(collectors)
    }
    var statistics = [ViewStatistics](repeating: ViewStatistics(), count: sets)
    targets.apply(to: &statistics)
    return statistics.map { ($0.p50Ns, $0.p95Ns) }
  }

  // MARK: - Second phase

  /// Scans the spills, a part on each thread: the frames' verdicts, and every percentile
  /// exactly (in more scans when the percentiles' values do not fit in memory at once).
  ///
  /// Each part's main-thread updates go through a ``FrameAssigner`` that continues the busy run
  /// the parts before it ended with (their latest end, from the first phase); the parts' units
  /// are joined in file order. A trace whose updates are not in start order takes one more scan
  /// that sorts them (in memory) for a single assigner.
  mutating func finish(timeline: FrameTimeline, thresholds: Thresholds) -> FrameVerdicts {
    var percentiles = PercentileTargets(
      finished: statistics.map(\.finished), parts: Array(zip(histograms, groupMaps)))
    let spills = spills
    let maps = groupMaps
    let red = thresholds.red
    // Where the busy run that each part's first update may continue ends.
    let continuing = FrameAssigner.continuing(mainEnds)
    let assigned = UnsafeMutableBufferPointer<FrameAssigner.Part?>.allocate(capacity: spills.count)
    assigned.initialize(repeating: nil)
    defer {
      assigned.deinitialize()
      assigned.deallocate()
    }
    // The first scan also assigns the frames: it runs even with no percentile to narrow.
    _ = percentiles.startScan()
    var isFirstScan = true
    repeat {
      let collectors = spills.indices.map { percentiles.makeCollector(part: $0) }
      let withFrames = isFirstScan
      let box = UnsafeSendable(assigned)
      DispatchQueue.concurrentPerform(iterations: spills.count) { part in
        let collector = collectors[part]
        let map = maps[part]
        var frames = FrameAssigner(timeline: timeline, red: red, continuing: continuing[part])
        spills[part].forEachChunk { records in
          if withFrames {
            for record in records where record.isMainThread {
              frames.add(start: record.start, duration: record.duration)
            }
          }
          for record in records { collector.add(group: map[record.group], value: record.duration) }
        }
        if withFrames { box.value[part] = frames.finish() }
      }
      percentiles.endScan(collectors)
      isFirstScan = false
    } while percentiles.startScan()
    percentiles.apply(to: &statistics)
    let parts = assigned.map { $0! }
    if FrameVerdicts.inOrder(parts) { return FrameVerdicts(timeline: timeline, parts: parts) }
    return FrameVerdicts(timeline: timeline, parts: [sortedAssignment(timeline: timeline, red: red)])
  }

  /// The frames of the main-thread updates sorted by start (then duration), on one assigner.
  private func sortedAssignment(timeline: FrameTimeline, red: Int64) -> FrameAssigner.Part {
    var updates: [(start: Int64, duration: Int64)] = []
    forEachSpilled { _, record in
      if record.isMainThread { updates.append((record.start, record.duration)) }
    }
    updates.sort { ($0.start, $0.duration) < ($1.start, $1.duration) }
    var frames = FrameAssigner(timeline: timeline, red: red)
    for update in updates { frames.add(start: update.start, duration: update.duration) }
    return frames.finish()
  }
}
