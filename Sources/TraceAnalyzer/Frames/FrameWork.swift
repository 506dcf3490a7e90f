/// What the updates of one frame added up to.
struct FrameWork: Hashable, Sendable {
  /// The latest `start + duration`, exact (128 bits: a start near Int64.max plus a duration).
  var workEnd: Int128 = Int128(Int64.min)
  var updates = 0
  var hasRed = false

  @inline(__always)
  mutating func add(end: Int128, isRed: Bool) {
    workEnd = max(workEnd, end)
    updates += 1
    hasRed = hasRed || isRed
  }
}
