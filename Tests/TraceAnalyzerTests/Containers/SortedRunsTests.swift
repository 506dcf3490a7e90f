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

  /// Updates mostly in start order, now and then one 200 ms earlier (which starts a new run), in
  /// runs of 5 000 (several packed blocks each; spilled when `memoryLimit` is 0).
  private func updates(memoryLimit: Int) -> (runs: SortedRuns<ExportRecord>, all: [ExportRecord]) {
    var generator = SplitMix(seed: 5)
    let runs = SortedRuns<ExportRecord>(runLength: 5_000, memoryLimit: memoryLimit)
    var all: [ExportRecord] = []
    var start: Int64 = 1_000_000
    for id in Int64(0)..<23_000 {
      start += Int64(generator.next() % 50_000)
      let late = generator.next() % 500 == 0
      let record = ExportRecord(
        start: late ? start - 200_000_000 : start, duration: Int64(generator.next() % 200_000), id: id,
        group: id % 4 == 0 ? ExportRecord.noGroup : id / 100, key: Int32(id % 40), flags: UInt32(id % 4))
      runs.append(record)
      all.append(record)
    }
    return (runs, all)
  }

  @Test(arguments: [0, 1_000_000])
  func runsOfManyBlocksReadBackWholeAndByRange(memoryLimit: Int) {
    let (runs, all) = updates(memoryLimit: memoryLimit)
    let sorted = all.sorted(by: ExportRecord.precedes).map(\.id)
    #expect(runs.runs.count > 2)
    var merger = RunMerger([runs])
    var whole: [Int64] = []
    merger.forEach { record, _ in whole.append(record.id) }
    #expect(whole == sorted)
    // Ranges that start and end inside blocks, at a block's first record, before all, after all.
    let bounds = [0, 1, 2_047, 2_048, 2_049, 7_777, 15_000, 22_999, 23_000]
    let ordered = all.sorted(by: ExportRecord.precedes)
    for (from, before) in zip(bounds, bounds.dropFirst(2)) {
      let lower = ordered[from]
      let upper =
        before < ordered.count
        ? ordered[before] : ExportRecord(start: .max, duration: 0, id: 0, group: 0, key: 0, flags: 0)
      var range = RunMerger(ranges: [(runs, lower, upper)])
      var got: [Int64] = []
      while let (record, _) = range.next() { got.append(record.id) }
      #expect(got == Array(sorted[from..<before]), "records \(from)..<\(before)")
    }
  }
}
