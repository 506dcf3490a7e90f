/// What the updates of one frame added up to.
struct FrameWork: Hashable, Sendable {
  var workEnd: Int64 = .min
  var updates = 0
  var hasRed = false

  @inline(__always)
  mutating func add(end: Int64, isRed: Bool) {
    workEnd = max(workEnd, end)
    updates += 1
    hasRed = hasRed || isRed
  }
}
