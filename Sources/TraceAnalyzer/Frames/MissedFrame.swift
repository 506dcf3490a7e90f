/// A frame whose work ended after its deadline.
public struct MissedFrame: Hashable, Sendable {
  /// The frame's number: its index on the grid, or among the explicit frames (0-based).
  public var index: Int64
  public var start: Int64
  public var deadline: Int64
  /// The latest end of its updates (clamped into Int64).
  public var workEnd: Int64
  /// How far the work ran past the deadline, in ns.
  public var overrunNs: Int64
  /// Updates that took part (finished, main thread).
  public var updates: Int
  public var blame: MissBlame
}
