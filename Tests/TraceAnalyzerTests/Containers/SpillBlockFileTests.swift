import TestSupport
import Testing

@testable import TraceAnalyzer

/// The spills' file against an array of bytes: what was appended is read back from any offset,
/// whether the disk took it, refused it from the start, or filled up in the middle.
struct SpillBlockFileTests {
  @Test(arguments: [(Int.max, 1), (0, 2), (3_000, 3), (50_000, 4)] as [(Int, UInt64)])
  func appendedBytesReadBackFromAnyOffset(diskLimit: Int, seed: UInt64) {
    var random = SplitMix(seed: seed)
    let file = SpillBlockFile(diskLimit: diskLimit)
    var expected: [UInt8] = []
    for _ in 0..<200 {
      let block = (0..<Int(random.next() % 700)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let offset = block.withUnsafeBytes { file.append($0) }
      #expect(offset == expected.count)
      expected += block
    }
    #expect(file.size == expected.count)
    for _ in 0..<300 {
      let start = Int(random.next() % UInt64(expected.count + 1))
      let count = Int(random.next() % UInt64(expected.count - start + 1))
      var read = [UInt8](repeating: 0, count: count)
      let complete = read.withUnsafeMutableBytes { file.read(into: $0, at: start) }
      #expect(complete)
      #expect(read[...] == expected[start..<start + count], "\(count) bytes at \(start)")
    }
    var beyond = [UInt8](repeating: 0, count: 2)
    #expect(!beyond.withUnsafeMutableBytes { file.read(into: $0, at: expected.count - 1) })
  }
}
