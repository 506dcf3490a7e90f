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
  /// The work of the current run of updates of frame `lastIndex`.
  private var last = FrameWork()
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
    last.add(start: start, duration: duration, isRed: duration > red)
  }

  /// Adds the last run to the table (which the caller then finishes).
  mutating func finish() {
    endRun()
    lastIndex = .min
  }

  /// Adds the current run, if any, to the table and starts an empty one.
  private mutating func endRun() {
    if lastIndex != .min { table.add(last, at: lastIndex) }
    last = FrameWork()
  }
}
