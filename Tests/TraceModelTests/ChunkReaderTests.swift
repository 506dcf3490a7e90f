import Foundation
import TestSupport
import Testing

@testable import TraceModel

struct ChunkReaderTests {
  /// 300,000 bytes that differ from offset to offset, so a misplaced byte shows.
  private static let bytes: [UInt8] = {
    var random = SplitMix(seed: 11)
    return (0..<300_000).map { _ in UInt8(truncatingIfNeeded: random.next() | 1) }
  }()

  /// Reads a file as a parser does (keeping a random tail, or everything for a long token) and
  /// checks after every fill that the buffer holds the file's bytes at ``ChunkReader/base``
  /// followed by the zero padding; returns the number of fills.
  private func consume(chunkSize: Int, readAhead: Bool, range: Range<Int64>? = nil, seed: UInt64) throws
    -> Int
  {
    let file = try TemporaryFile(bytes: Self.bytes, name: "chunks.bin")
    defer { file.remove() }
    let range = range ?? 0..<Int64(Self.bytes.count)
    var reader = ChunkReader(
      file: try SystemFile(path: file.path), range: range, chunkSize: chunkSize, readAhead: readAhead)
    defer { reader.deallocate() }
    var random = SplitMix(seed: seed)
    var fills = 0
    var wholeTokens = 0
    while true {
      reader.fill()
      fills += 1
      let base = Int(reader.base)
      try #require(base >= 0 && base + reader.filled <= Self.bytes.count)
      let held = UnsafeBufferPointer(start: reader.buffer, count: reader.filled)
      let same = Self.bytes.withUnsafeBufferPointer {
        memcmp($0.baseAddress! + base, held.baseAddress!, held.count) == 0
      }
      let differing = same ? nil : held.indices.first { held[$0] != Self.bytes[base + $0] }
      #expect(
        differing == nil, "fill \(fills) at \(base): byte \(differing ?? -1) of \(reader.filled) differs")
      #expect(
        Array(UnsafeBufferPointer(start: reader.buffer + reader.filled, count: ChunkReader.padding))
          == Array(repeating: 0, count: ChunkReader.padding))
      if reader.atEnd { break }
      // Now and then a "token" longer than the carry room: keep everything for a while.
      if wholeTokens > 0 || random.next() % 23 == 0 {
        wholeTokens = wholeTokens > 0 ? wholeTokens - 1 : 40
        reader.keep(from: 0)
      } else {
        reader.keep(from: reader.filled - Int(random.next() % UInt64(min(reader.filled, 700) + 1)))
      }
    }
    #expect(reader.base + Int64(reader.filled) == range.upperBound)
    #expect(reader.bytesRead == range.upperBound - range.lowerBound)
    return fills
  }

  @Test(arguments: [false, true], [64, 4096, 1 << 20])
  func everyFillHoldsTheFileAtItsBase(readAhead: Bool, chunkSize: Int) throws {
    let fills = try consume(chunkSize: chunkSize, readAhead: readAhead, seed: UInt64(chunkSize))
    #expect(chunkSize > 100_000 || fills > 10)
  }

  @Test(arguments: [false, true])
  func aRangeEndsWhereItSays(readAhead: Bool) throws {
    _ = try consume(chunkSize: 1000, readAhead: readAhead, range: 12_345..<98_765, seed: 5)
  }

  @Test func readingAheadKeepsTheKeptBytesInFrontOfTheNextChunk() throws {
    let file = try TemporaryFile(bytes: Self.bytes, name: "chunks.bin")
    defer { file.remove() }
    var reader = ChunkReader(
      file: try SystemFile(path: file.path), range: 0..<300_000, chunkSize: 100_000, readAhead: true)
    defer { reader.deallocate() }
    reader.fill()
    #expect(reader.base == 0 && reader.filled == 100_000)
    // A small carry moves in front of the chunk read ahead: one chunk more, nothing lost.
    reader.keep(from: 99_000)
    reader.fill()
    #expect(reader.base == 99_000 && reader.filled == 101_000)
    // A carry larger than the room in front goes first, the chunk after it.
    reader.keep(from: 0)
    reader.fill()
    #expect(reader.base == 99_000 && reader.filled == 201_000 && reader.atEnd)
    #expect(reader.buffer[200_999] == Self.bytes[299_999])
    reader.fill()
    #expect(reader.atEnd && reader.filled == 201_000)
  }
}
