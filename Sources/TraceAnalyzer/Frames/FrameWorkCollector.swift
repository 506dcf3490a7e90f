/// Adds finished main-thread updates to a ``FrameWorkTable``, summing each run of updates of
/// one frame before it reaches the table.
///
/// Spilled updates come mostly in time order, so most share the previous one's frame; the
/// frame's start range is cached to skip the timeline lookup for them.
struct FrameWorkCollector {
  let timeline: FrameTimeline
  /// Durations above this are red.
  let red: Int64
  let table: FrameWorkTable
  private var lastIndex: Int64 = .min
  /// The current run's work: its latest end while that fits in 64 bits (the common case, kept
  /// apart from the exact 128-bit end of the rest), its updates and whether one was red.
  private var runEnd: Int64 = .min
  private var runWideEnd = Int128(Int64.min)
  private var runUpdates = 0
  private var runHasRed = false
  private var cachedIndex: Int64?
  private var cachedStarts: Range<Int64> = 0..<0

  init(timeline: FrameTimeline, red: Int64, table: FrameWorkTable) {
    self.timeline = timeline
    self.red = red
    self.table = table
  }

  @inline(__always)
  mutating func add(start: Int64, duration: Int64) {
    if !cachedStarts.contains(start) {
      cachedIndex = timeline.index(of: start)
      cachedStarts = cachedIndex.map { timeline.starts(of: $0) } ?? 0..<0
    }
    guard let index = cachedIndex else { return }
    if index != lastIndex {
      endRun()
      lastIndex = index
    }
    let (end, overflow) = start.addingReportingOverflow(duration)
    if overflow {
      runWideEnd = max(runWideEnd, Int128(start) + Int128(duration))
    } else if end > runEnd {
      runEnd = end
    }
    runUpdates &+= 1
    if duration > red { runHasRed = true }
  }

  /// Adds the last run to the table (which the caller then finishes).
  mutating func finish() {
    endRun()
    lastIndex = .min
  }

  /// Adds the current run, if any, to the table and starts an empty one.
  private mutating func endRun() {
    if lastIndex != .min {
      table.add(
        FrameWork(workEnd: max(Int128(runEnd), runWideEnd), updates: runUpdates, hasRed: runHasRed),
        at: lastIndex)
    }
    runEnd = .min
    runWideEnd = Int128(Int64.min)
    runUpdates = 0
    runHasRed = false
  }
}
