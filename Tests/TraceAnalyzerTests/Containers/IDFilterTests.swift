import TestSupport
import Testing

@testable import TraceAnalyzer

/// The Bloom filters against sets: never "certainly not" for an id inserted in a role, a
/// union answers for both, and false positives stay rare.
struct IDFilterTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func anInsertedRoleIsNeverDenied(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var first = IDFilter()
    var second = IDFilter()
    var sources: Set<Int64> = []
    var targets: Set<Int64> = []
    for index in 0..<20_000 {
      let id = Int64(bitPattern: random.next() >> UInt64(random.next() % 60))
      let isSource = random.next() % 2 == 0
      if isSource { sources.insert(id) } else { targets.insert(id) }
      if index % 2 == 0 {
        first.insert(id, as: isSource ? .source : .target)
      } else {
        second.insert(id, as: isSource ? .source : .target)
      }
    }
    var union = first
    union.formUnion(second)
    for id in sources { #expect(union.roles(of: id).contains(.source)) }
    for id in targets { #expect(union.roles(of: id).contains(.target)) }
    // Ids never inserted: "maybe" only now and then (two probes into 2^23 bits per filter).
    var falsePositives = 0
    for _ in 0..<20_000 {
      let id = Int64(bitPattern: random.next() | 1 << 62)
      if !sources.contains(id) && union.roles(of: id).contains(.source) { falsePositives += 1 }
    }
    #expect(falsePositives < 100)
  }

  /// A lookup answers as the filter does, for ids inserted in either role, both, or none.
  @Test
  func aLookupAnswersAsTheFilter() {
    var random = SplitMix(seed: 7)
    var filter = IDFilter()
    let ids = (0..<5_000).map { _ in Int64(bitPattern: random.next()) }
    for (index, id) in ids.enumerated() {
      if index % 3 != 2 { filter.insert(id, as: .source) }
      if index % 3 != 0 { filter.insert(id, as: .target) }
    }
    let probes = ids + (0..<5_000).map { _ in Int64(bitPattern: random.next()) }
    var disagreements = 0
    var seen: Set<UInt64> = []
    filter.withLookup { lookup in
      for id in probes {
        let roles = lookup.roles(of: id)
        seen.insert(roles.rawValue)
        if roles != filter.roles(of: id) { disagreements += 1 }
      }
    }
    #expect(disagreements == 0)
    // Every answer was given: none, source, target and both.
    #expect(seen == [0, 1, 2, 3])
  }
}
