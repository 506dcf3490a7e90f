import TestSupport
import Testing

@testable import TraceAnalyzer

/// Lanes against a first-fit over every interval placed: the same lane for each, and on each
/// lane two intervals are disjoint or one holds the other (what Perfetto asks of a track).
struct TrackPackerTests {
  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func eachIntervalGoesToTheFirstLaneWhereItNests(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var intervals = (0..<600).map { _ -> (start: Int64, end: Int64) in
      let start = Int64(random.next() % 2_000)
      return (start, start + Int64(random.next() % 200) + (random.next() % 5 == 0 ? 0 : 1))
    }
    // Start order, the longer first at one start.
    intervals.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
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
}
