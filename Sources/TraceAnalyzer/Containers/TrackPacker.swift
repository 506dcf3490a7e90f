/// Puts intervals, given in start order (longer first at one start), on lanes where they nest.
///
/// On one lane two intervals are disjoint or one holds the other, as Perfetto requires
/// of the complete events of one track. An interval goes to the first lane where it fits.
struct TrackPacker: Sendable {
  /// A lane's open intervals as a stack of their ends, the innermost kept apart: one interval
  /// after another on a lane (the usual thread) pushes and pops without touching the array.
  private struct Lane: Sendable {
    /// The end of the innermost open interval, when ``open`` is not 0.
    var top: Int64
    /// How many intervals are open.
    var open = 1
    /// The ends of the open intervals below the innermost, outermost first.
    var below: [Int64] = []
    /// The start and tag of the last interval placed on the lane with a tag (`Int64.min`:
    /// none).
    var lastStart: Int64 = .min
    var lastTag: Int64 = 0

    /// A lane with `end` open.
    init(end: Int64, lastStart: Int64 = .min, lastTag: Int64 = 0) {
      top = end
      self.lastStart = lastStart
      self.lastTag = lastTag
    }

    /// Closes the open intervals that end by `start`.
    @inline(__always)
    mutating func close(before start: Int64) {
      while open > 0 && top <= start {
        open &-= 1
        if open > 0 { top = below.removeLast() }
      }
    }

    /// Whether an interval ending at `end` nests in the innermost open one (or none is open).
    @inline(__always)
    func holds(_ end: Int64) -> Bool { open == 0 || end <= top }

    @inline(__always)
    mutating func push(_ end: Int64) {
      if open > 0 { below.append(top) }
      top = end
      open &+= 1
    }
  }

  private var lanes: [Lane] = []

  /// The lane of `start ..< end` (0 first); a new lane when none fits.
  @inline(__always)
  mutating func place(start: Int64, end: Int64) -> Int {
    // The common case: lane 0 has room (checked without touching the other lanes).
    if !lanes.isEmpty {
      let fits = lanes.withUnsafeMutableBufferPointer { lanes in
        lanes[0].close(before: start)
        guard lanes[0].holds(end) else { return false }
        lanes[0].push(end)
        return true
      }
      if fits { return 0 }
    }
    return placeBeyondFirst(start: start, end: end)
  }

  /// The lane of `start ..< end` as ``place(start:end:)`` finds it, except one whose last
  /// tagged interval starts at `start` too and is `pinned` (asked only then, by its tag).
  ///
  /// A pinned interval stays the innermost at its start on its lane: Perfetto binds a flow
  /// event to the innermost slice open at the event's time, so a flow at the start of a
  /// pinned slice stays bound to it when a shorter slice starts with it.
  @inline(__always)
  mutating func place(start: Int64, end: Int64, tag: Int64, pinned: (Int64) -> Bool) -> Int {
    let found = lanes.withUnsafeMutableBufferPointer { lanes in
      for lane in lanes.indices {
        if lanes[lane].lastStart == start && pinned(lanes[lane].lastTag) { continue }
        lanes[lane].close(before: start)
        guard lanes[lane].holds(end) else { continue }
        lanes[lane].push(end)
        lanes[lane].lastStart = start
        lanes[lane].lastTag = tag
        return lane
      }
      return -1
    }
    if found >= 0 { return found }
    lanes.append(Lane(end: end, lastStart: start, lastTag: tag))
    return lanes.count - 1
  }

  /// The first lane with nothing open at `start` (a new one when none is free), so that
  /// intervals on one lane never overlap, let alone nest.
  mutating func placeApart(start: Int64, end: Int64) -> Int {
    for lane in lanes.indices {
      lanes[lane].close(before: start)
      if lanes[lane].open == 0 {
        lanes[lane].push(end)
        return lane
      }
    }
    lanes.append(Lane(end: end))
    return lanes.count - 1
  }

  private mutating func placeBeyondFirst(start: Int64, end: Int64) -> Int {
    for lane in lanes.indices.dropFirst() {
      lanes[lane].close(before: start)
      guard lanes[lane].holds(end) else { continue }
      lanes[lane].push(end)
      return lane
    }
    lanes.append(Lane(end: end))
    return lanes.count - 1
  }

  /// Lanes used so far.
  var laneCount: Int { lanes.count }
}
