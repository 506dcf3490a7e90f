import TestSupport
import Testing

@testable import TraceAnalyzer

/// The partitioned spill against arrays: each partition gives back its records in append
/// order, whole or from any range of places, however small its blocks.
struct PartitionedSpillTests {
  @Test(arguments: [(1, 1), (4, 2), (7, 3), (16, 4)] as [(Int, UInt64)])
  func eachPartitionComesBackInAppendOrder(partitions: Int, seed: UInt64) {
    var random = SplitMix(seed: seed)
    let records = SpillPackingTests.events(count: 20_000, seed: seed)
    let spill = PartitionedSpill<EventRecord>(partitions: partitions, bufferBytes: 4_096, stagingBytes: 8_192)
    var expected = [[EventRecord]](repeating: [], count: spill.partitions)
    for record in records {
      let partition = Int(random.next() % UInt64(spill.partitions))
      spill.append(record, partition: partition)
      expected[partition].append(record)
    }
    #expect(spill.count == records.count)
    for partition in 0..<spill.partitions {
      var found: [EventRecord] = []
      spill.forEachBlock(inPartition: partition) { found += $0 }
      #expect(found.map(SpillPackingTests.fields) == expected[partition].map(SpillPackingTests.fields))
      #expect(spill.count(inPartition: partition) == expected[partition].count)
      for _ in 0..<5 {
        let total = expected[partition].count
        let lower = Int(random.next() % UInt64(total + 1))
        let upper = lower + Int(random.next() % UInt64(total - lower + 1))
        var range: [EventRecord] = []
        spill.forEachBlock(inPartition: partition, records: lower..<upper) { range += $0 }
        #expect(range.map(SpillPackingTests.fields) == expected[partition][lower..<upper].map(SpillPackingTests.fields))
      }
    }
  }
}
