/// A run of finished main-thread updates the deadline rules judge as one: a recorded frame's
/// work, a stretch, or the continued head of a part's first run (whose unit a part before it
/// holds).
struct FrameUnit: Sendable {
  enum Kind: Equatable, Sendable {
    /// The work of recorded frame `index`: its own updates and the grid updates that continue
    /// their run.
    case work(Int)
    /// Grid updates of a run before it reaches a recorded frame.
    case stretch
    /// Grid updates that continue a run begun before the part that read them.
    case continued
  }

  var kind: Kind
  /// The frame of its first update.
  var frame: FrameRef
  var firstStart: Int64
  var lastStart: Int64
  /// The latest `start + duration`, exact.
  var end: Int128
  var updates = 0
  var hasRed = false

  /// An empty unit of `kind` starting with `frame`.
  init(_ kind: Kind, frame: FrameRef, start: Int64) {
    self.kind = kind
    self.frame = frame
    firstStart = start
    lastStart = start
    end = Int128(start)
  }

  @inline(__always)
  mutating func add(start: Int64, end: Int128, isRed: Bool) {
    lastStart = start
    if end > self.end { self.end = end }
    updates &+= 1
    if isRed { hasRed = true }
  }

  /// Takes in the updates of `later`, which follow this unit's in start order.
  mutating func absorb(_ later: FrameUnit) {
    guard later.updates > 0 else { return }
    if updates == 0 {
      firstStart = later.firstStart
      end = later.end
    }
    lastStart = later.lastStart
    end = max(end, later.end)
    updates += later.updates
    hasRed = hasRed || later.hasRed
  }

  /// The missed frame this unit makes, if it missed: a recorded frame's work that ended after
  /// its deadline, or a stretch whose span exceeds the budget.
  func verdict(_ timeline: FrameTimeline) -> MissedFrame? {
    guard updates > 0 else { return nil }
    let deadline: Int128
    switch kind {
    case .work(let index): deadline = Int128(timeline.deadline(ofRecorded: index))
    case .stretch, .continued: deadline = Int128(firstStart) + Int128(timeline.budget.ns)
    }
    guard end > deadline else { return nil }
    return MissedFrame(
      frame: frame, deadline: Int64(clamping: deadline), workEnd: Int64(clamping: end),
      overrunNs: Int64(clamping: end - deadline), updates: updates,
      blame: hasRed ? .longUpdate : .accumulation, firstStart: firstStart, lastStart: lastStart)
  }
}
