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
}
