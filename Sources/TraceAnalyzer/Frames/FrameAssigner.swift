/// The one place frames are assigned: finished main-thread updates, given in start order, go
/// to the frames they belong to, into busy runs, recorded frames' work and stretches, and the
/// units that miss their deadline come out (analysis.md "Frames and deadlines (version 2)").
///
/// One assigner reads a whole trace, or one part of it: a part's first run may continue a run
/// of the part before (`continuing`), and its first and last units may hold updates of the
/// parts around it, so they are kept for ``FrameVerdicts`` to join in file order; every unit
/// in between is judged as it closes. Memory: the missed frames, nothing per update.
struct FrameAssigner {
  /// What one assigner found; see ``FrameVerdicts`` for the whole trace.
  struct Part: Sendable {
    /// The first unit it closed, and the unit open at its end (nil when it read no update).
    var first: FrameUnit?
    var last: FrameUnit?
    /// The missed frames of the units between them, in order.
    var missed: [MissedFrame]
    /// Distinct frames holding its updates, grid frames among them, and the first and last.
    var withUpdates: Int
    var grid: Int
    var firstFrame: FrameRef?
    var lastFrame: FrameRef?
    /// Whether the updates came in start order, and the first and last start.
    var isSorted: Bool
    var firstStart: Int64
    var lastStart: Int64
  }

  let timeline: FrameTimeline
  /// Durations above this are red.
  let red: Int64
  private let gap: Int64

  private var first: FrameUnit?
  private var unit: FrameUnit?
  private var missed: [MissedFrame] = []

  /// Whether a run is under way, and its latest end so far (saturated at Int64.max).
  private var inRun: Bool
  private var runEnd: Int64

  private var frame = FrameRef(number: 0, recordedIndex: nil, start: 0)
  private var frameTimes: Range<Int64> = 0..<0
  private var firstFrame: FrameRef?
  private var withUpdates = 0
  private var grid = 0

  private var isSorted = true
  private var firstStart: Int64?
  private var lastStart = Int64.min

  /// An assigner of the updates that follow those whose latest end is `continuing` (nil when
  /// none come before, or at the start of the trace).
  init(timeline: FrameTimeline, red: Int64, continuing: Int64? = nil) {
    self.timeline = timeline
    self.red = red
    gap = timeline.budget.gap
    inRun = continuing != nil
    runEnd = continuing ?? .min
  }

  /// Adds a finished main-thread update; updates come in start order (ties in any order).
  @inline(__always)
  mutating func add(start: Int64, duration: Int64) {
    if start < lastStart { isSorted = false }
    lastStart = start
    if firstStart == nil { firstStart = start }
    if !frameTimes.contains(start) { moveFrame(to: start) }
    let end = Int128(start) + Int128(duration)
    let (end64, overflow) = start.addingReportingOverflow(duration)
    let continues = inRun && start <= runEnd.saturatingAdd(gap)
    if !continues {
      runEnd = overflow ? .max : end64
    } else if overflow || end64 > runEnd {
      runEnd = overflow ? .max : end64
    }
    inRun = true
    let isRed = duration > red
    if let index = frame.recordedIndex {
      if unit?.kind != .work(index) { open(.work(index), start: start) }
    } else if !continues {
      open(.stretch, start: start)
    } else if unit == nil {
      // The first update continues a run of the part before.
      open(.continued, start: start)
    }
    // A grid update that continues the run stays in the open unit: the work of the run's
    // latest recorded frame, the stretch, or the continued head.
    unit?.add(start: start, end: end, isRed: isRed)
  }

  /// What the assigner found; it reads nothing more.
  func finish() -> Part {
    Part(
      first: first, last: unit, missed: missed,
      withUpdates: withUpdates, grid: grid, firstFrame: firstFrame,
      lastFrame: firstFrame == nil ? nil : frame, isSorted: isSorted, firstStart: firstStart ?? .max,
      lastStart: lastStart)
  }

  /// Looks up the frame of `start` and counts it when it is a new one.
  private mutating func moveFrame(to start: Int64) {
    let found = timeline.lookup(start)
    frameTimes = found.times
    guard firstFrame == nil || found.frame != frame else { return }
    frame = found.frame
    if firstFrame == nil { firstFrame = frame }
    withUpdates += 1
    if frame.isGrid { grid += 1 }
  }

  /// Closes the open unit (the first one is kept; the others are judged) and opens one.
  private mutating func open(_ kind: FrameUnit.Kind, start: Int64) {
    if let closed = unit, closed.updates > 0 {
      if first == nil {
        first = closed
      } else if let verdict = closed.verdict(timeline) {
        missed.append(verdict)
      }
    }
    unit = FrameUnit(kind, frame: frame, start: start)
  }
}
