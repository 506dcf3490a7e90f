/// A frame interval: the update phase may begin at `start` and must commit by `deadline` (ns).
@usableFromInline package struct Frame: Hashable, Sendable, Comparable {
  @usableFromInline package var start: Int64
  @usableFromInline package var deadline: Int64

  @usableFromInline package init(start: Int64, deadline: Int64) {
    self.start = start
    self.deadline = deadline
  }

  @usableFromInline package static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.start, lhs.deadline) < (rhs.start, rhs.deadline)
  }
}
