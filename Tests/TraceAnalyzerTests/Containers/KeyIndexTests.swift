import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// The summary's group numbering: the name cache in front of the hash table must never hand one
/// key another's index.
struct KeyIndexTests {
  private typealias Key = SummaryAccumulator.LocalKey

  /// A key from small numbers; -1 for a missing symbol.
  private static func key(module: Int, kind: Int, name: Int) -> Key {
    Key(
      module: module < 0 ? nil : Symbol(rawValue: Int32(module)), kind: UpdateKind(rawValue: kind)!,
      name: name < 0 ? nil : Symbol(rawValue: Int32(name)))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func keysAreNumberedInTheOrderTheyFirstAppear(seed: UInt64) {
    // Names shared by up to 12 modules (more than the cache tells apart) and 3 kinds, names and
    // modules sometimes missing, looked up in random order: a dictionary numbers them too.
    var random = SplitMix(seed: seed)
    var index = KeyIndex<Key>()
    var expected: [Key: Int] = [:]
    for _ in 0..<20_000 {
      let key = Self.key(
        module: Int(random.next() % 13) - 1, kind: Int(random.next() % 3),
        name: Int(random.next() % 41) - 1)
      let isNew = expected[key] == nil
      if isNew { expected[key] = expected.count }
      let found = index.index(of: key)
      #expect(found?.index == expected[key] && found?.isNew == isNew, "\(key)")
    }
    #expect(index.count == expected.count && expected.count > 1_000)
    #expect(index.keys.enumerated().allSatisfy { expected[$0.element] == $0.offset })
  }

  @Test func aNewKeyPastTheLimitIsRefusedAndKnownOnesAreStillFound() {
    var index = KeyIndex<Key>()
    let first = Self.key(module: 1, kind: 0, name: 5)
    let sameName = Self.key(module: 9, kind: 0, name: 5)
    #expect(index.index(of: first, limit: 2)! == (0, true))
    #expect(index.index(of: sameName, limit: 2)! == (1, true))
    #expect(index.index(of: Self.key(module: 2, kind: 0, name: 5), limit: 2) == nil)
    #expect(index.index(of: sameName, limit: 2)! == (1, false))
    #expect(index.index(of: first, limit: 2)! == (0, false))
    #expect(index.count == 2)
  }
}
