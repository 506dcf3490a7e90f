import TestSupport
import Testing

@testable import TraceAnalyzer

/// Lanes against a first-fit over every interval placed: the same lane for each, and on each
/// lane two intervals are disjoint or one holds the other (what Perfetto asks of a track); a
/// pinned interval stays the innermost at its start, and apart, intervals never overlap.
struct TrackPackerTests {
  /// 600 random intervals in start order, the longer first at one start, some empty.
  static func intervals(seed: UInt64) -> [(start: Int64, end: Int64)] {
    var random = SplitMix(seed: seed)
    let intervals = (0..<600).map { _ -> (start: Int64, end: Int64) in
      let start = Int64(random.next() % 2_000)
      return (start, start + Int64(random.next() % 200) + (random.next() % 5 == 0 ? 0 : 1))
    }
    return intervals.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func eachIntervalGoesToTheFirstLaneWhereItNests(seed: UInt64) {
    let intervals = Self.intervals(seed: seed)
    var packer = TrackPacker()
    var lanes: [[(start: Int64, end: Int64)]] = []
    for interval in intervals {
      let lane = packer.place(start: interval.start, end: interval.end)
      let fits = { (placed: (start: Int64, end: Int64)) in
        placed.end <= interval.start || (placed.start <= interval.start && interval.end <= placed.end)
      }
      let expected = lanes.firstIndex { $0.allSatisfy(fits) } ?? lanes.count
      #expect(lane == expected, "seed \(seed): \(interval)")
      if expected == lanes.count { lanes.append([]) }
      lanes[expected].append(interval)
    }
    #expect(packer.laneCount == lanes.count)
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func unpinnedTagsChangeNoLane(seed: UInt64) {
    var plain = TrackPacker()
    var tagged = TrackPacker()
    for (index, interval) in Self.intervals(seed: seed).enumerated() {
      let lane = tagged.place(start: interval.start, end: interval.end, tag: Int64(index)) { _ in false }
      #expect(lane == plain.place(start: interval.start, end: interval.end), "seed \(seed)")
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func aPinnedIntervalStaysTheInnermostAtItsStart(seed: UInt64) {
    let intervals = Self.intervals(seed: seed)
    var packer = TrackPacker()
    var lanes: [[(start: Int64, end: Int64, pinned: Bool)]] = []
    var asked: [Int] = []
    for (index, interval) in intervals.enumerated() {
      let lane = packer.place(start: interval.start, end: interval.end, tag: Int64(index)) { tag in
        asked.append(Int(tag))
        return tag % 3 == 0
      }
      if lane == lanes.count { lanes.append([]) }
      lanes[lane].append((interval.start, interval.end, index % 3 == 0))
    }
    for lane in lanes {
      for (position, interval) in lane.enumerated() {
        // Every earlier interval of the lane ended by this one's start or holds it.
        #expect(
          lane[..<position].allSatisfy {
            $0.end <= interval.start || ($0.start <= interval.start && interval.end <= $0.end)
          }, "seed \(seed)")
        // None follows a pinned one that starts with it.
        #expect(
          !lane[..<position].contains { $0.pinned && $0.start == interval.start }, "seed \(seed): \(interval)"
        )
      }
    }
    // Asked only about an interval a later one starts with.
    #expect(asked.allSatisfy { tag in intervals[(tag + 1)...].contains { $0.start == intervals[tag].start } })
    #expect(!asked.isEmpty)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func intervalsApartNeverOverlap(seed: UInt64) {
    var packer = TrackPacker()
    var lanes: [[(start: Int64, end: Int64)]] = []
    for interval in Self.intervals(seed: seed) {
      let lane = packer.placeApart(start: interval.start, end: interval.end)
      // The first lane whose intervals all ended by this one's start.
      let expected = lanes.firstIndex { $0.allSatisfy { $0.end <= interval.start } } ?? lanes.count
      #expect(lane == expected, "seed \(seed): \(interval)")
      if expected == lanes.count { lanes.append([]) }
      lanes[expected].append(interval)
    }
  }
}
