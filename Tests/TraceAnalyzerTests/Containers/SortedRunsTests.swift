import TestSupport
import Testing

@testable import TraceAnalyzer

/// Sorted runs read back by range: each source's share of its runs, in memory or spilled.
struct SortedRunsTests {
  /// Three sources of random samples on four threads, in runs of a few records (spilled when
  /// `memoryLimit` is 0).
  private func sources(memoryLimit: Int) -> (runs: [SortedRuns<SpeedscopeSample>], all: [[SpeedscopeSample]])
  {
    var generator = SplitMix(seed: 11)
    let runs = [3, 5, 7].map { SortedRuns<SpeedscopeSample>(runLength: $0, memoryLimit: memoryLimit) }
    var all: [[SpeedscopeSample]] = [[], [], []]
    for index in 0..<300 {
      let sample = SpeedscopeSample(
        thread: UInt32(generator.next() % 4), stack: UInt32(index), time: Int64(generator.next() % 50),
        weight: 1)
      runs[index % 3].append(sample)
      all[index % 3].append(sample)
    }
    return (runs, all)
  }

  @Test(arguments: [0, 1000])
  func aRangeMergesEachSourcesShareInOrder(memoryLimit: Int) {
    let (runs, all) = sources(memoryLimit: memoryLimit)
    // Thread 1 of the first source, 2 of the second, 3 of the third.
    let threads: [UInt32] = [1, 2, 3]
    var merger = RunMerger(
      ranges: runs.indices.map { (runs[$0], .first(of: threads[$0]), .first(of: threads[$0] + 1)) })
    var merged: [SpeedscopeSample] = []
    while let (sample, source) = merger.next() {
      #expect(sample.thread == threads[source])
      merged.append(sample)
    }
    let expected = runs.indices.flatMap { source in all[source].filter { $0.thread == threads[source] } }
    #expect(merged.map(\.stack) == expected.sorted(by: SpeedscopeSample.precedes).map(\.stack))
    // Read twice, the same.
    var again = RunMerger(
      ranges: runs.indices.map { (runs[$0], .first(of: threads[$0]), .first(of: threads[$0] + 1)) })
    var second: [UInt32] = []
    while let (sample, _) = again.next() { second.append(sample.stack) }
    #expect(second == merged.map(\.stack))
  }

  @Test(arguments: [0, 1000])
  func anEmptyRangeGivesNothing(memoryLimit: Int) {
    let (runs, _) = sources(memoryLimit: memoryLimit)
    var merger = RunMerger(ranges: runs.map { ($0, .first(of: 7), .first(of: 8)) })
    #expect(merger.next() == nil)
  }
}
