/// Puts intervals, given in start order (longer first at one start), on lanes where they nest.
///
/// On one lane two intervals are disjoint or one holds the other, as Perfetto requires
/// of the complete events of one track. An interval goes to the first lane where it fits.
struct TrackPacker: Sendable {
  /// Per lane, the ends of the open intervals, innermost last.
  private var lanes: [[Int64]] = []

  /// The lane of `start ..< end` (0 first); a new lane when none fits.
  @inline(__always)
  mutating func place(start: Int64, end: Int64) -> Int {
    // The common case: lane 0 has room (checked without touching the other lanes).
    if !lanes.isEmpty {
      let fits = lanes.withUnsafeMutableBufferPointer { lanes in
        while let top = lanes[0].last, top <= start { lanes[0].removeLast() }
        if let top = lanes[0].last, end > top { return false }
        lanes[0].append(end)
        return true
      }
      if fits { return 0 }
    }
    return placeBeyondFirst(start: start, end: end)
  }

  private mutating func placeBeyondFirst(start: Int64, end: Int64) -> Int {
    for lane in lanes.indices.dropFirst() {
      while let top = lanes[lane].last, top <= start { lanes[lane].removeLast() }
      if let top = lanes[lane].last, end > top { continue }
      lanes[lane].append(end)
      return lane
    }
    lanes.append([end])
    return lanes.count - 1
  }

  /// Lanes used so far.
  var laneCount: Int { lanes.count }
}
