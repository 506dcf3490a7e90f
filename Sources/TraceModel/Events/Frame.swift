/// A frame interval: the update phase may begin at `start` and must commit by `deadline` (ns).
public struct Frame: Hashable, Sendable, Comparable {
  public var start: Int64
  public var deadline: Int64

  public init(start: Int64, deadline: Int64) {
    self.start = start
    self.deadline = deadline
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.start, lhs.deadline) < (rhs.start, rhs.deadline)
  }
}
