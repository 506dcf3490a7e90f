import TestSupport
import Testing

@testable import TraceAnalyzer

struct PercentileTargetsTests {
  @Test(arguments: [1, 2, 3, 10, 1000, 20000])
  func selectionGivesWhatSortingGives(count: Int) {
    var random = SplitMix(seed: UInt64(count))
    // Few distinct values (runs of equals), many, sorted and reversed.
    let shapes: [[UInt32]] = [
      (0..<count).map { _ in UInt32(random.next() % 5) },
      (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) },
      (0..<count).map { UInt32($0) },
      (0..<count).map { UInt32(count - $0) },
    ]
    for values in shapes {
      let sorted = values.sorted()
      for index in Set([0, count / 2, count * 95 / 100, count - 1]) {
        var copy = values
        let selected = copy.withUnsafeMutableBufferPointer { QuickSelect.value(at: index, in: &$0) }
        #expect(selected == sorted[index], "index \(index) of \(count)")
        #expect(copy.sorted() == sorted, "selection must only reorder")
      }
    }
  }

  /// Nearest-rank p50 and p95 of each view, by scans over `parts` as the second phase runs
  /// them; also returns the number of scans.
  private func scan(
    _ parts: [[(group: Int, value: Int64)]], groups: Int, collectLimit: Int
  ) -> (percentiles: [[Int64]], scans: Int) {
    // Each part numbers the views it has in order of appearance, as a reader part does; view 4
    // has two keys in a part that both map to it (as a missing and an empty module do).
    var finished = Array(repeating: 0, count: groups)
    let histograms = parts.map { part in
      var keys: [Int] = []
      var map: [Int] = []
      var histograms: [UInt32] = []
      for (group, value) in part {
        finished[group] += 1
        let key = group * 2 + (group == 4 ? Int(value & 1) : 0)
        if !keys.contains(key) {
          keys.append(key)
          map.append(group)
          histograms += repeatElement(0, count: DurationHistogram.bucketCount)
        }
        let local = keys.firstIndex(of: key)!
        histograms[local * DurationHistogram.bucketCount + DurationHistogram.bucket(of: value)] += 1
      }
      return (histograms: histograms, map: map)
    }
    var targets = PercentileTargets(finished: finished, parts: histograms, collectLimit: collectLimit)
    var scans = 0
    while targets.startScan() {
      scans += 1
      let collectors = parts.indices.map { index in
        let collector = targets.makeCollector(part: index)
        for (group, value) in parts[index] { collector.add(group: group, value: value) }
        return collector
      }
      targets.endScan(collectors)
    }
    var statistics = Array(repeating: ViewStatistics(), count: groups)
    targets.apply(to: &statistics)
    return (statistics.map { [$0.p50Ns, $0.p95Ns] }, scans)
  }

  @Test(arguments: [0, 40, PercentileTargets.defaultCollectLimit])
  func scansFindTheExactNearestRankPercentiles(collectLimit: Int) {
    var random = SplitMix(seed: 11)
    let groups = 6
    var values: [(group: Int, value: Int64)] = []
    for _ in 0..<5000 {
      let group = Int(random.next() % UInt64(groups - 1))  // the last view has no update
      let value: Int64
      switch group {
      case 0: value = 1_000_000  // one value: resolved without a scan
      case 1: value = Int64(random.next() % 7) * 100_003  // runs of equal durations
      case 2: value = Int64(random.next() % (1 << 41))  // buckets wider than 32 bits
      default: value = Int64(random.next() % 5_000_000)
      }
      values.append((group, value))
    }
    let split = [Array(values[..<1700]), Array(values[1700..<1701]), Array(values[1701...])]
    let (percentiles, scans) = scan(split, groups: groups, collectLimit: collectLimit)
    for group in 0..<groups {
      let sorted = values.filter { $0.group == group }.map(\.value).sorted()
      let expected =
        sorted.isEmpty
        ? [0, 0]
        : [50, 95].map { sorted[NearestRank.rank(percent: $0, of: sorted.count) - 1] }
      #expect(percentiles[group] == expected, "view \(group)")
    }
    // Without room to collect, the ranges narrow over several scans. With room, one scan
    // collects; only view 2's buckets, wider than 32 bits, narrow once first.
    if collectLimit == 0 { #expect(scans > 2) } else if collectLimit > 5000 { #expect(scans == 2) }
  }
}
