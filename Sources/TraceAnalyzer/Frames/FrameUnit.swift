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

  /// The kind as one number, cheap to compare on every update: a recorded frame's index for
  /// its work, else ``stretchCode`` or ``continuedCode`` (``noneCode``: no unit yet).
  var code: Int
  static let stretchCode = -1
  static let continuedCode = -2
  static let noneCode = -3

  /// The frame of its first update.
  var frame: FrameRef
  var firstStart: Int64
  /// The last update's start (set by the assigner when it closes the unit).
  var lastStart: Int64
  /// The latest `start + duration` that fits in Int64, and apart from it the exact latest of
  /// those past Int64's range (a start near Int64.max plus a duration).
  private var end: Int64
  private var wideEnd = Int128(Int64.min)
  var updates = 0
  var hasRed = false

  /// An empty unit of kind `code` whose first update starts at `start` in `frame`.
  init(code: Int, frame: FrameRef, start: Int64) {
    self.code = code
    self.frame = frame
    firstStart = start
    lastStart = start
    end = start
  }

  var kind: Kind {
    get {
      switch code {
      case Self.continuedCode: .continued
      case 0...: .work(code)
      default: .stretch
      }
    }
    set {
      switch newValue {
      case .stretch: code = Self.stretchCode
      case .continued: code = Self.continuedCode
      case .work(let index): code = index
      }
    }
  }

  /// The latest `start + duration` of its updates, exact.
  var workEnd: Int128 { max(Int128(end), wideEnd) }

  /// Adds an update that starts at `start` and ends at `end` (or past Int64 when `overflows`).
  @inline(__always)
  mutating func add(start: Int64, end: Int64, overflows: Bool, duration: Int64, isRed: Bool) {
    if overflows {
      wideEnd = max(wideEnd, Int128(start) + Int128(duration))
    } else if end > self.end {
      self.end = end
    }
    updates &+= 1
    hasRed = hasRed || isRed
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
    wideEnd = max(wideEnd, later.wideEnd)
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
    let end = workEnd
    guard end > deadline else { return nil }
    return MissedFrame(
      frame: frame, deadline: Int64(clamping: deadline), workEnd: Int64(clamping: end),
      overrunNs: Int64(clamping: end - deadline), updates: updates,
      blame: hasRed ? .longUpdate : .accumulation, firstStart: firstStart, lastStart: lastStart)
  }
}
