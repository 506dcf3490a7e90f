/// Why a frame missed its deadline.
public enum MissBlame: String, Hashable, Sendable {
  /// One of its updates was red.
  case longUpdate
  /// Many small updates: none was red.
  case accumulation
}

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

/// Frames and deadlines over the whole trace (or range).
public struct FrameSummary: Hashable, Sendable {
  /// The frame budget in ns.
  public var budgetNs: Int64
  /// Whether the frames came from the trace's `frame` events (else the implicit grid).
  public var isExplicit: Bool
  /// Frames with at least one finished main-thread update.
  public var withUpdates = 0
  public var missed = 0
  public var missedByLongUpdate = 0
  public var missedByAccumulation = 0
  public var worstOverrunNs: Int64 = 0
  /// The missed frames with the largest overruns, largest first (at most ``worstLimit``).
  public var worst: [MissedFrame] = []

  public static let worstLimit = 10

  public init(budgetNs: Int64, isExplicit: Bool) {
    self.budgetNs = budgetNs
    self.isExplicit = isExplicit
  }
}
