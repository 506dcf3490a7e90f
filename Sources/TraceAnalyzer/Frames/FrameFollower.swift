/// Follows updates given in start order frame by frame: the frame of each (looked up once per
/// frame), and each frame with the finished main-thread updates it holds once its last one
/// has gone by.
struct FrameFollower {
  /// A frame that held finished main-thread updates.
  struct Held: Sendable {
    var frame: FrameRef
    /// Its finished main-thread updates.
    var updates: Int
    /// Where its time ends: a recorded frame's deadline, or the grid frame's end.
    var end: Int64
  }

  let timeline: FrameTimeline
  private var frame: FrameRef?
  private var times: Range<Int64> = 0..<0
  private var held: Held?

  init(timeline: FrameTimeline) {
    self.timeline = timeline
  }

  /// The frame of an update starting at `start`; one that holds a finished main-thread update
  /// (`counts`) is counted, and the frame held before it is returned once left behind.
  @inline(__always)
  mutating func add(start: Int64, counts: Bool) -> (frame: FrameRef, left: Held?) {
    if !times.contains(start) {
      let found = timeline.lookup(start)
      times = found.times
      frame = found.frame
    }
    let frame = frame.unsafelyUnwrapped
    guard counts else { return (frame, nil) }
    if let current = held, current.frame == frame {
      held?.updates += 1
      return (frame, nil)
    }
    let left = held
    let end =
      frame.recordedIndex.map { timeline.deadline(ofRecorded: $0) }
      ?? (times.isEmpty ? frame.start.saturatingAdd(timeline.budget.ns) : times.upperBound)
    held = Held(frame: frame, updates: 1, end: end)
    return (frame, left)
  }

  /// The frame held last, if any.
  mutating func finish() -> Held? {
    defer { held = nil }
    return held
  }
}
