/// One frame of the timeline: a recorded frame, or a grid frame in the time no recorded frame
/// covers.
public struct FrameRef: Hashable, Sendable, Comparable {
  /// The frame's number: its place among all frames in time order, 0 at the first recorded
  /// frame (or, without recorded frames, at the grid's anchor); negative before it. Text names
  /// frames by it (`#12`) in every command.
  public var number: Int64
  /// The index among the trace's recorded frames (sorted, equal starts merged); nil for a grid
  /// frame.
  public var recordedIndex: Int?
  /// The frame's start, ns: the recorded frame's, or the grid frame's `a + k·B` (clamped into
  /// Int64 at the far ends of the clock).
  public var start: Int64

  package init(number: Int64, recordedIndex: Int?, start: Int64) {
    self.number = number
    self.recordedIndex = recordedIndex
    self.start = start
  }

  /// Whether the frame is a grid frame (the trace recorded no frame there).
  public var isGrid: Bool { recordedIndex == nil }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.number < rhs.number }
}
