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
