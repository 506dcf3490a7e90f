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
