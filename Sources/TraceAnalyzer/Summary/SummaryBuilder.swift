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
        }
        map.append(global)
        statistics[global].add(accumulator.statistics[local])
      }
      groupMaps.append(map)
      histograms.append(accumulator.histograms)
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

  /// Scans the spills, a part on each thread: each frame's work, and every percentile exactly
  /// (in more scans when the percentiles' values do not fit in memory at once).
  mutating func finish(timeline: FrameTimeline, thresholds: Thresholds) -> FrameWorkTable {
    var percentiles = PercentileTargets(
      finished: statistics.map(\.finished), parts: Array(zip(histograms, groupMaps)))
    let spills = spills
    let maps = groupMaps
    let tables = spills.indices.map { _ in FrameWorkTable() }
    let red = thresholds.red
    // The first scan also finds the frames' work: it runs even with no percentile to narrow.
    _ = percentiles.startScan()
    var isFirstScan = true
    repeat {
      let collectors = spills.indices.map { percentiles.makeCollector(part: $0) }
      let withFrames = isFirstScan
      DispatchQueue.concurrentPerform(iterations: spills.count) { part in
        let collector = collectors[part]
        let map = maps[part]
        var frames = FrameWorkCollector(timeline: timeline, red: red, table: tables[part])
        spills[part].forEachChunk { records in
          for record in records {
            if withFrames && record.isMainThread {
              frames.add(start: record.start, duration: record.duration)
            }
            collector.add(group: map[record.group], value: record.duration)
          }
        }
        frames.finish()
      }
      percentiles.endScan(collectors)
      isFirstScan = false
    } while percentiles.startScan()
    percentiles.apply(to: &statistics)
    if tables.count == 1 {
      tables[0].finish()
      return tables[0]
    }
    // The parts' frames in file order: a frame split across two parts merges in the table.
    let work = FrameWorkTable()
    for table in tables {
      table.finish()
      table.forEach { index, frameWork in work.add(frameWork, at: index) }
    }
    work.finish()
    return work
  }
}
