/// Frames and deadlines over the whole trace (or range).
public struct FrameSummary: Hashable, Sendable {
  /// The frame budget and where its rate came from.
  public var budget: FrameBudget
  /// Whether the trace recorded frames (else every frame is a grid frame).
  public var hasRecordedFrames: Bool
  /// Frames that hold a finished main-thread update.
  public var withUpdates = 0
  /// Grid frames among them.
  public var grid = 0
  public var missed = 0
  public var missedByLongUpdate = 0
  public var missedByAccumulation = 0
  public var worstOverrunNs: Int64 = 0
  /// The missed frames with the largest overruns, largest first (at most ``worstLimit``).
  public var worst: [MissedFrame] = []

  public static let worstLimit = 10

  public init(budget: FrameBudget, hasRecordedFrames: Bool) {
    self.budget = budget
    self.hasRecordedFrames = hasRecordedFrames
  }

  /// The frame budget in ns.
  public var budgetNs: Int64 { budget.ns }
}
