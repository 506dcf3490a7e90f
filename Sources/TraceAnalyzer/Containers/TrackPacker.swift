/// Puts intervals, given in start order (longer first at one start), on lanes where they nest.
///
/// On one lane two intervals are disjoint or one holds the other, as Perfetto requires
/// of the complete events of one track. An interval goes to the first lane where it fits.
struct TrackPacker: Sendable {
  private struct Lane: Sendable {
    /// The ends of the open intervals, innermost last.
    var ends: [Int64]
    /// The start and tag of the last interval placed on the lane with a tag (`Int64.min`:
    /// none).
    var lastStart: Int64 = .min
    var lastTag: Int64 = 0
  }

  private var lanes: [Lane] = []

  /// The lane of `start ..< end` (0 first); a new lane when none fits.
  @inline(__always)
  mutating func place(start: Int64, end: Int64) -> Int {
    // The common case: lane 0 has room (checked without touching the other lanes).
    if !lanes.isEmpty {
      let fits = lanes.withUnsafeMutableBufferPointer { lanes in
        while let top = lanes[0].ends.last, top <= start { lanes[0].ends.removeLast() }
        if let top = lanes[0].ends.last, end > top { return false }
        lanes[0].ends.append(end)
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
        while let top = lanes[lane].ends.last, top <= start { lanes[lane].ends.removeLast() }
        if let top = lanes[lane].ends.last, end > top { continue }
        lanes[lane].ends.append(end)
        lanes[lane].lastStart = start
        lanes[lane].lastTag = tag
        return lane
      }
      return -1
    }
    if found >= 0 { return found }
    lanes.append(Lane(ends: [end], lastStart: start, lastTag: tag))
    return lanes.count - 1
  }

  /// The first lane with nothing open at `start` (a new one when none is free), so that
  /// intervals on one lane never overlap, let alone nest.
  mutating func placeApart(start: Int64, end: Int64) -> Int {
    for lane in lanes.indices {
      while let top = lanes[lane].ends.last, top <= start { lanes[lane].ends.removeLast() }
      if lanes[lane].ends.isEmpty {
        lanes[lane].ends.append(end)
        return lane
      }
    }
    lanes.append(Lane(ends: [end]))
    return lanes.count - 1
  }

  private mutating func placeBeyondFirst(start: Int64, end: Int64) -> Int {
    for lane in lanes.indices.dropFirst() {
      while let top = lanes[lane].ends.last, top <= start { lanes[lane].ends.removeLast() }
      if let top = lanes[lane].ends.last, end > top { continue }
      lanes[lane].ends.append(end)
      return lane
    }
    lanes.append(Lane(ends: [end]))
    return lanes.count - 1
  }

  /// Lanes used so far.
  var laneCount: Int { lanes.count }
}
