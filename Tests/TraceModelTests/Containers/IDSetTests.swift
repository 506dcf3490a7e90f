import TestSupport
import Testing

@testable import TraceModel

/// The id set against a `Set`: insertion says whether the id is new, membership, and the
/// smallest id two sets share.
struct IDSetTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func itHoldsWhatASetHolds(seed: UInt64) {
    var random = SplitMix(seed: seed)
    func next() -> UInt64 { random.next() }
    let first = IDSet()
    let second = IDSet()
    var a: Set<Int64> = []
    var b: Set<Int64> = []
    for _ in 0..<20_000 {
      let id = Int64(next() % [5_000, 1 << 20, 1 << 40][Int(next() % 3)])
      if next() % 2 == 0 {
        #expect(first.insert(id) == a.insert(id).inserted)
      } else {
        #expect(second.insert(id) == b.insert(id).inserted)
      }
    }
    for _ in 0..<5_000 {
      let id = Int64(next() % (1 << 20))
      #expect(first.contains(id) == a.contains(id))
    }
    #expect(first.firstCommon(with: second) == a.intersection(b).min())
    #expect(first.firstCommon(with: IDSet()) == nil)
  }
}
