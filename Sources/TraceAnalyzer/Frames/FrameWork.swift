/// What the updates of one frame added up to.
struct FrameWork: Hashable, Sendable {
  var updates = 0
  var hasRed = false
  /// The latest `start + duration` while it fits in 64 bits, and apart from it the exact latest
  /// of the ends past `Int64`'s range (a start near Int64.max plus a duration): adding an
  /// update compares 64-bit integers in the common case.
  private var end = Int64.min
  private var wideEnd = Int128(Int64.min)

  init() {}

  init(workEnd: Int128, updates: Int, hasRed: Bool) {
    if let end = Int64(exactly: workEnd) { self.end = end } else { wideEnd = workEnd }
    self.updates = updates
    self.hasRed = hasRed
  }

  /// The latest `start + duration`, exact.
  var workEnd: Int128 { max(Int128(end), wideEnd) }

  @inline(__always)
  mutating func add(start: Int64, duration: Int64, isRed: Bool) {
    let (sum, overflow) = start.addingReportingOverflow(duration)
    if overflow {
      wideEnd = max(wideEnd, Int128(start) + Int128(duration))
    } else if sum > end {
      end = sum
    }
    updates &+= 1
    if isRed { hasRed = true }
  }
}
