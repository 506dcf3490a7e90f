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
  /// The open unit (none while it has no update).
  private var unit: FrameUnit
  private var missed: [MissedFrame] = []

  /// The latest end so far of the run under way (saturated at Int64.max), and the latest start
  /// that continues it (`runEnd + G`, saturated; Int64.min before any run, when only an update
  /// at Int64.min "continues" and opens a continued head that ``FrameVerdicts`` makes a stretch).
  private var runEnd: Int64
  private var runLimit: Int64

  /// The frame of the last update, ``FrameUnit/code`` of its work or of a stretch, and the
  /// times it holds.
  private var frame = FrameRef(number: 0, recordedIndex: nil, start: 0)
  private var frameCode = FrameUnit.stretchCode
  private var frameTimes: Range<Int64> = 0..<0
  private var firstFrame: FrameRef?
  private var withUpdates = 0
  private var grid = 0

  private var isSorted = true
  private var lastStart = Int64.min

  /// An assigner of the updates that follow those whose latest end is `continuing` (nil when
  /// none come before, or at the start of the trace).
  init(timeline: FrameTimeline, red: Int64, continuing: Int64? = nil) {
    self.timeline = timeline
    self.red = red
    gap = timeline.budget.gap
    runEnd = continuing ?? .min
    runLimit = continuing?.saturatingAdd(gap) ?? .min
    unit = FrameUnit(code: FrameUnit.noneCode, frame: frame, start: 0)
  }

  /// Per part (in file order), the latest end of the finished main-thread updates of the parts
  /// before it, given each part's own (`ends`, nil for none): what its assigner continues.
  static func continuing(_ ends: [Int64?]) -> [Int64?] {
    var before: Int64?
    return ends.map { end in
      defer { if let end { before = max(before ?? end, end) } }
      return before
    }
  }

  /// Adds a finished main-thread update; updates come in start order (ties in any order).
  @inline(__always)
  mutating func add(start: Int64, duration: Int64) {
    if start < lastStart { isSorted = false }
    if !frameTimes.contains(start) { moveFrame(to: start) }
    let (end, overflows) = start.addingReportingOverflow(duration)
    let continues = start <= runLimit
    // `>=`: the first update of a trace at Int64.min "continues" a run that ends there.
    if !continues || overflows || end >= runEnd {
      runEnd = overflows ? .max : end
      runLimit = runEnd.saturatingAdd(gap)
    }
    if frameCode >= 0 {
      if unit.code != frameCode { open(frameCode, start: start) }
    } else if !continues || unit.code == FrameUnit.noneCode {
      // A new run's stretch, or the part's first update continuing a run of the part before.
      open(continues ? FrameUnit.continuedCode : FrameUnit.stretchCode, start: start)
    }
    // A grid update that continues the run stays in the open unit: the work of the run's
    // latest recorded frame, the stretch, or the continued head.
    unit.add(start: start, end: end, overflows: overflows, duration: duration, isRed: duration > red)
    lastStart = start
  }

  /// What the assigner found; it reads nothing more.
  func finish() -> Part {
    var last = unit.updates > 0 ? unit : nil
    last?.lastStart = lastStart
    return Part(
      first: first, last: last, missed: missed, withUpdates: withUpdates, grid: grid, firstFrame: firstFrame,
      lastFrame: firstFrame == nil ? nil : frame, isSorted: isSorted,
      firstStart: (first ?? last)?.firstStart ?? .max, lastStart: lastStart)
  }

  /// Looks up the frame of `start` and counts it when it is a new one.
  private mutating func moveFrame(to start: Int64) {
    let found = timeline.lookup(start)
    frameTimes = found.times
    guard firstFrame == nil || found.frame != frame else { return }
    frame = found.frame
    frameCode = frame.recordedIndex ?? FrameUnit.stretchCode
    if firstFrame == nil { firstFrame = frame }
    withUpdates += 1
    if frame.isGrid { grid += 1 }
  }

  /// Closes the open unit (the first one is kept; the others are judged) and opens one.
  private mutating func open(_ code: Int, start: Int64) {
    unit.lastStart = lastStart
    if unit.updates > 0 {
      if first == nil {
        first = unit
      } else if let verdict = unit.verdict(timeline) {
        missed.append(verdict)
      }
    }
    unit = FrameUnit(code: code, frame: frame, start: start)
  }
}
