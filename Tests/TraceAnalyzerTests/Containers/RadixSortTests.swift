import TestSupport
import Testing

@testable import TraceAnalyzer

struct RadixSortTests {
  /// Keys of every width (an odd and an even number of passes), runs of equal keys, and the
  /// extremes; the working room may start empty, short or long.
  @Test(arguments: [0, 1, 2, 3, 100, 70_000])
  func radixSortingGivesWhatSortingGives(count: Int) {
    var random = SplitMix(seed: UInt64(count))
    var scratch: [UInt64] = Array(repeating: 9, count: count / 2)
    for bits in [0, 1, 11, 12, 22, 23, 40, 63, 64] {
      let mask: UInt64 = bits == 64 ? .max : (1 << UInt64(bits)) - 1
      let shapes: [[UInt64]] = [
        (0..<count).map { _ in random.next() & mask },
        (0..<count).map { _ in random.next() % 5 & mask },
        (0..<count).map { UInt64($0) & mask }.reversed(),
        (0..<count).map { $0.isMultiple(of: 2) ? mask : 0 },
      ]
      for keys in shapes {
        var sorted = keys
        RadixSort.sort(&sorted, scratch: &scratch)
        #expect(sorted == keys.sorted(), "\(count) keys of \(bits) bits")
      }
    }
  }
}
