#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a byte range of a file in chunks into a buffer that the caller parses in place.
///
/// After each `fill()` the buffer has 16 zero bytes after `filled`: the padding the parsers' eight-byte
/// loads rely on, and a stop for their scans (see ``JSONLinesParser/parseUpdate(_:into:)``).
/// The JSON Lines reader reads one part of a trace with it; ``XMLWindow`` a whole document.
@usableFromInline
struct ChunkReader {
  static let chunkSize = 512 << 10
  static let padding = 16

  /// The bytes read and not yet consumed, from offset 0.
  @usableFromInline private(set) var buffer: UnsafeMutablePointer<UInt8>
  /// The number of bytes in `buffer`.
  @usableFromInline private(set) var filled = 0
  /// Whether the part has been read to its end.
  @usableFromInline private(set) var atEnd = false
  private var capacity: Int
  /// The file offset just past the bytes read.
  private var offset: Int64
  private let range: Range<Int64>
  let file: SystemFile

  /// Reads `range` of `file`, `chunkSize` bytes at a time (more when one line or token needs it).
  init(file: SystemFile, range: Range<Int64>, chunkSize: Int = ChunkReader.chunkSize) {
    capacity = chunkSize
    buffer = .allocate(capacity: capacity + ChunkReader.padding)
    offset = range.lowerBound
    self.range = range
    self.file = file
  }

  /// Reads part `range` of a JSON Lines trace.
  @usableFromInline
  init(input: JSONLinesReader.Input, range: Range<Int64>) {
    self.init(file: input.file, range: range)
  }

  @usableFromInline
  func deallocate() { buffer.deallocate() }

  /// Bytes of the range read so far.
  @usableFromInline var bytesRead: Int64 { offset - range.lowerBound }

  /// The file offset of `buffer[0]`.
  var base: Int64 { offset - Int64(filled) }

  /// Reads until the buffer is full or the range ends.
  @usableFromInline
  mutating func fill() {
    while !atEnd && filled < capacity {
      let wanted = Int(min(Int64(capacity - filled), range.upperBound - offset))
      let count = wanted > 0 ? file.read(into: buffer + filled, count: wanted, at: offset) : 0
      if count <= 0 {
        atEnd = true
        break
      }
      filled += count
      offset += Int64(count)
      ReadProgress.didRead(count)
    }
    (buffer + filled).initialize(repeating: 0, count: ChunkReader.padding)
  }

  /// Drops the bytes before `start` (consumed lines or tokens); grows the buffer when one line
  /// or token fills it.
  @usableFromInline
  mutating func keep(from start: Int) {
    let remaining = filled - start
    if start > 0 {
      buffer.update(from: buffer + start, count: remaining)
    } else if remaining == capacity {
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2 + ChunkReader.padding)
      larger.update(from: buffer, count: remaining)
      buffer.deallocate()
      buffer = larger
      capacity *= 2
    }
    filled = remaining
  }

  /// The offset of the first `\n` in `buffer[start ..< filled]`, if any.
  @inlinable @inline(__always)
  static func lineEnd(_ buffer: UnsafeMutablePointer<UInt8>, from start: Int, filled: Int) -> Int? {
    guard let newline = memchr(buffer + start, 0x0A, filled - start) else { return nil }
    return buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
  }
}
