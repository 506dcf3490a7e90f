import TestSupport
import Testing

@testable import TraceAnalyzer

/// The join's hash table against a dictionary: inserts, overwrites, lookups of absent ids,
/// growth, and emptying between partitions.
struct IDTableTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func itHoldsWhatADictionaryHolds(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let table = IDTable(capacity: 4)
    var expected: [Int64: UInt64] = [:]
    for round in 0..<6 {
      let range = UInt64([50, 5_000, 1 << 40][round % 3])
      for _ in 0..<3_000 {
        let id = Int64(random.next() % range)
        if random.next() % 3 == 0 {
          #expect(table.find(id) == expected[id])
        } else {
          let value = random.next()
          table.insert(id, value)
          expected[id] = value
        }
      }
      #expect(table.count == expected.count)
      for (id, value) in expected { #expect(table.find(id) == value) }
      table.removeAll()
      expected.removeAll()
      #expect(table.count == 0)
      #expect(table.find(Int64(random.next() % range)) == nil)
    }
  }
}
