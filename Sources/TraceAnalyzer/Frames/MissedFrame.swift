/// A frame that missed its deadline: a recorded frame whose work ended after its deadline, or
/// the grid frame where a stretch longer than one budget began.
public struct MissedFrame: Hashable, Sendable {
  public var frame: FrameRef
  /// The recorded frame's deadline, or the stretch's first start + B.
  public var deadline: Int64
  /// The latest end of its updates (clamped into Int64).
  public var workEnd: Int64
  /// How far the work ran past the deadline, in ns.
  public var overrunNs: Int64
  /// The finished main-thread updates of its work or stretch.
  public var updates: Int
  public var blame: MissBlame
  /// The first and last start of its updates: every finished main-thread update that starts
  /// in `firstStart ... lastStart` is one of them.
  package var firstStart: Int64
  package var lastStart: Int64

  /// The frame's start, ns.
  public var start: Int64 { frame.start }

  /// Where the time to the deadline began: the recorded frame's start, or the first update of
  /// the stretch (a grid frame's own start says nothing of the display's phase).
  public var workStart: Int64 { frame.isGrid ? firstStart : frame.start }

  /// Whether the finished main-thread update starting at `start` is one of its updates.
  func holds(mainUpdateAt start: Int64) -> Bool { firstStart <= start && start <= lastStart }

  /// Whether `self` is listed before `other` among the worst: larger overrun first, then
  /// earlier frame.
  func isWorse(than other: MissedFrame) -> Bool {
    (overrunNs, other.frame.number) > (other.overrunNs, frame.number)
  }
}
