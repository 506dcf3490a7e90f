/// The frames updates are measured against: the trace's `frame` events, or a grid of
/// `budget`-long frames anchored at the trace start.
package enum FrameTimeline: Hashable, Sendable {
  /// Explicit frames, sorted by start.
  case explicit([TraceModelFrame])
  /// Frame `k` is `[anchor + k·budget, anchor + (k+1)·budget)`, its deadline the end.
  case grid(anchor: Int64, budget: Int64)

  /// The index of the frame an update starting at `start` belongs to.
  ///
  /// Explicit frames: the latest frame whose start <= `start`, nil before the first.
  @inline(__always)
  func index(of start: Int64) -> Int64? {
    switch self {
    case .grid(let anchor, let budget):
      let (offset, overflow) = start.subtractingReportingOverflow(anchor)
      if !overflow {
        let quotient = offset / budget
        return offset % budget < 0 ? quotient - 1 : quotient
      }
      // Times at opposite ends of Int64: floor division in 128 bits.
      let wide = Int128(start) - Int128(anchor)
      let quotient = wide / Int128(budget)
      return Int64(clamping: wide % Int128(budget) < 0 ? quotient - 1 : quotient)
    case .explicit(let frames):
      var low = 0
      var high = frames.count
      while low < high {
        let middle = (low + high) / 2
        if frames[middle].start <= start { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? nil : Int64(low - 1)
    }
  }

  /// The starts that belong to frame `index`.
  ///
  /// A range to check before calling ``index(of:)`` again, for callers that look up times
  /// mostly in order. Empty at the far ends of the grid, where it would not fit in Int64.
  func starts(of index: Int64) -> Range<Int64> {
    switch self {
    case .grid(let anchor, let budget):
      let lower = Int128(anchor) + Int128(index) * Int128(budget)
      let upper = lower + Int128(budget)
      guard lower >= Int128(Int64.min) && upper <= Int128(Int64.max) else { return 0..<0 }
      return Int64(lower)..<Int64(upper)
    case .explicit(let frames):
      let index = Int(index)
      return frames[index].start..<(index + 1 < frames.count ? frames[index + 1].start : .max)
    }
  }

  /// The frame at `index` (times clamped into Int64 at the far ends of the grid).
  package func frame(at index: Int64) -> TraceModelFrame {
    switch self {
    case .grid(let anchor, let budget):
      TraceModelFrame(
        start: Int64(clamping: Int128(anchor) + Int128(index) * Int128(budget)),
        deadline: Int64(clamping: deadline(at: index)))
    case .explicit(let frames):
      frames[Int(index)]
    }
  }

  /// The exact deadline of the frame at `index`, which on the grid may lie past Int64.
  func deadline(at index: Int64) -> Int128 {
    switch self {
    case .grid(let anchor, let budget): Int128(anchor) + (Int128(index) + 1) * Int128(budget)
    case .explicit(let frames): Int128(frames[Int(index)].deadline)
    }
  }
}
