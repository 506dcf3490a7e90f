/// The frames updates are measured against: the trace's `frame` events, or a grid of
/// `budget`-long frames anchored at the trace start.
public enum FrameTimeline: Hashable, Sendable {
  /// Explicit frames, sorted by start.
  case explicit([TraceModelFrame])
  /// Frame `k` is `[anchor + k·budget, anchor + (k+1)·budget)`, its deadline the end.
  case grid(anchor: Int64, budget: Int64)

  /// The index of the frame an update starting at `start` belongs to; nil before the first
  /// explicit frame. Explicit: the latest frame whose start <= `start`.
  @inline(__always)
  func index(of start: Int64) -> Int64? {
    switch self {
    case .grid(let anchor, let budget):
      let offset = start &- anchor
      let quotient = offset / budget
      return offset % budget < 0 ? quotient - 1 : quotient
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

  /// The frame at `index`.
  public func frame(at index: Int64) -> TraceModelFrame {
    switch self {
    case .grid(let anchor, let budget):
      TraceModelFrame(start: anchor + index * budget, deadline: anchor + (index + 1) * budget)
    case .explicit(let frames):
      frames[Int(index)]
    }
  }
}
