import TestSupport
import Testing

@testable import TraceAnalyzer

/// The chained index against a dictionary of arrays: every item of a (non-negative) key, the
/// last inserted first, none of another key's.
struct ChainedIndexTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func itListsAKeysItemsLastFirst(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let index = ChainedIndex<Int>()
    var expected: [Int64: [Int]] = [:]
    for round in 0..<3 {
      for item in 0..<2_000 {
        let key = Int64(random.next() % 300)
        index.insert(item, key: key)
        expected[key, default: []].append(item)
      }
      for key in Int64(0)...310 {
        var found: [Int] = []
        index.forEach(key: key) { found.append($0) }
        #expect(found == (expected[key] ?? []).reversed(), "round \(round), key \(key)")
      }
      index.removeAll()
      expected.removeAll()
      #expect(index.isEmpty)
    }
  }
}
