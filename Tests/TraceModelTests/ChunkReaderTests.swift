import TestSupport
import Testing

@testable import TraceModel

/// The reader's chunks: mapped windows and plain reads give the same lines, padded alike.
struct ChunkReaderTests {
  /// Lines of one part as (length, first, middle and last byte), and whether every chunk had
  /// its zero padding.
  private func lines(of input: JSONLinesReader.Input, maps: Bool) -> (lines: [[Int]], padded: Bool) {
    let range = input.bounds[0]..<input.bounds[input.bounds.count - 1]
    var chunks = JSONLinesReader.ChunkReader(input: input, range: range, maps: maps)
    defer { chunks.deallocate() }
    var lines: [[Int]] = []
    var padded = true
    func line(_ buffer: UnsafeMutablePointer<UInt8>, _ start: Int, _ end: Int) -> [Int] {
      end == start ? [0] : [end - start, Int(buffer[start]), Int(buffer[(start + end) / 2]), Int(buffer[end - 1])]
    }
    while true {
      chunks.fill()
      let buffer = chunks.buffer
      let filled = chunks.filled
      padded = padded && (0..<JSONLinesReader.ChunkReader.padding).allSatisfy { buffer[filled + $0] == 0 }
      var start = 0
      while let end = JSONLinesReader.ChunkReader.lineEnd(buffer, from: start, filled: filled) {
        lines.append(line(buffer, start, end))
        start = end + 1
      }
      if chunks.atEnd {
        if start < filled { lines.append(line(buffer, start, filled)) }
        return (lines, padded)
      }
      chunks.keep(from: start)
    }
  }

  @Test func mappedWindowsGiveTheSameLinesAsReads() throws {
    // 14 MiB over several 4 MiB windows: short lines, a line longer than two windows (the
    // window grows), lines ending at and across window and page ends, no final newline.
    var random = SplitMix(seed: 11)
    var bytes: [UInt8] = []
    while bytes.count < 14 << 20 {
      let length: Int
      switch random.next() % 1000 {
      case 0 where bytes.count > 3 << 20 && bytes.count < 4 << 20: length = 9 << 20
      case 1...20: length = 4096 - 1
      default: length = Int(random.next() % 300)
      }
      let first = UInt8(0x21 + random.next() % 90)
      bytes.append(contentsOf: (0..<length).map { first &+ UInt8($0 % 7) })
      bytes.append(0x0A)
    }
    bytes.append(contentsOf: Array("{\"last\":true}".utf8))
    let file = try TemporaryFile(bytes: bytes)
    defer { file.remove() }
    let input = try JSONLinesReader.Input(path: file.path, name: nil, threads: 1)
    let read = lines(of: input, maps: false)
    let mapped = lines(of: input, maps: true)
    #expect(mapped.lines.count == read.lines.count)
    #expect(mapped.lines == read.lines)
    #expect(mapped.lines.contains { $0[0] == 9 << 20 })
    #expect(read.padded && mapped.padded)
    #expect(mapped.lines.reduce(0) { $0 + $1[0] + 1 } - 1 == bytes.count)
  }
}
