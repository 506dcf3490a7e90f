import TestSupport
import Testing

@testable import TraceAnalyzer

/// Selection against sorting: the value at every asked rank, on random values with runs of
/// equal ones, sorted and reversed inputs.
struct QuickSelectTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func theValueAtARankIsTheSortedValueThere(seed: UInt64) {
    var random = SplitMix(seed: seed)
    for _ in 0..<200 {
      let count = Int(random.next() % 300) + 1
      let distinct = UInt64([2, 10, 1_000, 1 << 32][Int(random.next() % 4)])
      var values = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next() % distinct) }
      switch random.next() % 4 {
      case 0: values.sort()
      case 1: values.sort(by: >)
      default: break
      }
      let sorted = values.sorted()
      let rank = Int(random.next() % UInt64(count))
      let selected = values.withUnsafeMutableBufferPointer { buffer in QuickSelect.value(at: rank, in: &buffer) }
      #expect(selected == sorted[rank], "seed \(seed), \(count) values, rank \(rank)")
      #expect(values.sorted() == sorted, "the values are reordered, not changed")
    }
  }
}
