import TestSupport
import Testing

@testable import TraceAnalyzer

/// The join's hash table against a dictionary: inserts (and the payloads they replace),
/// overwrites, lookups of absent ids, growth, room made ahead, and emptying between partitions.
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
          #expect(table.insert(id, value) == expected[id], "the payload it replaces")
          expected[id] = value
        }
      }
      #expect(table.count == expected.count)
      for (id, value) in expected { #expect(table.find(id) == value) }
      table.removeAll()
      expected.removeAll()
      #expect(table.count == 0)
      // Room made ahead holds what is inserted after it.
      table.reserve(2_000)
      for id in Int64(0)..<2_000 { table.insert(id * 7, UInt64(id)) }
      #expect(table.count == 2_000 && table.find(7 * 1_999) == 1_999 && table.find(5) == nil)
      table.removeAll()
      #expect(table.find(Int64(random.next() % range)) == nil)
    }
  }
}
