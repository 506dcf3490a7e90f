#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The part of an XML document in memory: a window that slides over the file in chunks, with
/// the lines counted up to where it has moved, for error locations.
///
/// Offsets are absolute (from the start of the file); indices are into ``buffer``, which
/// starts at offset ``base`` and is padded (see ``ChunkReader``). The window grows only for a
/// single token longer than it. Lines are 1-based and columns count bytes.
struct XMLWindow {
  private var chunks: ChunkReader

  // MARK: Lines
  private var line = 1
  private var lineStart: Int64 = 0
  private var counted: Int64 = 0

  /// Opens a window of `chunkSize` bytes on `file` (it reads nothing yet).
  ///
  /// - Parameter readAhead: whether the next chunk is read on another thread while this one is
  ///   parsed.
  init(file: SystemFile, chunkSize: Int, readAhead: Bool = false) {
    chunks = ChunkReader(
      file: file, range: 0..<Int64.max, chunkSize: max(chunkSize, 64), readAhead: readAhead)
  }

  func deallocate() { chunks.deallocate() }

  /// The document's file.
  var file: SystemFile { chunks.file }

  /// The bytes in the window.
  @inline(__always)
  var buffer: UnsafeMutablePointer<UInt8> { chunks.buffer }

  /// The number of bytes in ``buffer``.
  @inline(__always)
  var filled: Int { chunks.filled }

  /// The file offset of `buffer[0]`.
  @inline(__always)
  var base: Int64 { chunks.base }

  /// Whether the window holds the end of the file.
  var atEnd: Bool { chunks.atEnd }

  /// Bytes read so far.
  var bytesRead: Int64 { chunks.bytesRead }

  /// Lines in the document, once the window has reached its end.
  var lines: Int { lineStart == bytesRead && bytesRead > 0 ? line - 1 : line }

  /// Drops the bytes before index `keep` and reads more after the rest.
  mutating func refill(keepingFrom keep: Int) {
    advanceLines(to: base + Int64(keep))
    chunks.keep(from: keep)
    chunks.fill()
  }

  /// `count` bytes at `offset`, from the window or else from the file.
  func bytes(at offset: Int64, count: Int) -> [UInt8] {
    let base = self.base
    if offset >= base && offset + Int64(count) <= base + Int64(filled) {
      return Array(UnsafeBufferPointer(start: buffer + Int(offset - base), count: count))
    }
    guard count > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { file.read(into: $0.baseAddress!, count: count, at: offset) }
    return Array(bytes.prefix(max(read, 0)))
  }

  // MARK: - Locations

  /// The 1-based line of the window's lines counted so far.
  var currentLine: Int { line }

  /// The 1-based byte column of `offset` on the current line; the lines must be counted up to
  /// `offset` (``advanceLines(to:)``).
  func column(of offset: Int64) -> Int { Int(offset - lineStart) + 1 }

  /// Counts the lines up to `offset` (in the window, at or after what is counted).
  @inline(__always)
  mutating func advanceLines(to offset: Int64) {
    guard offset > counted else { return }
    let base = self.base
    var index = Int(max(counted, base) - base)
    let end = Int(min(offset, base + Int64(filled)) - base)
    while index < end, let found = memchr(buffer + index, 0x0A, end - index) {
      let newline = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
      line += 1
      lineStart = base + Int64(newline) + 1
      index = newline + 1
    }
    counted = offset
  }

  /// The 1-based line of `offset` (counting up to it when it lies ahead).
  mutating func line(of offset: Int64) -> Int {
    if offset >= counted {
      advanceLines(to: offset)
      return line
    }
    return location(of: offset).line
  }

  /// The 1-based line and byte column of `offset`, counted from the file.
  func location(of offset: Int64) -> (line: Int, column: Int) {
    var line = 1
    var lineStart: Int64 = 0
    let chunk = 1 << 16
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { bytes.deallocate() }
    var base: Int64 = 0
    while base < offset {
      let count = file.read(into: bytes, count: Int(min(Int64(chunk), offset - base)), at: base)
      guard count > 0 else { break }
      var index = 0
      while index < count, let found = memchr(bytes + index, 0x0A, count - index) {
        let newline = bytes.distance(to: found)
        line += 1
        lineStart = base + Int64(newline) + 1
        index = newline + 1
      }
      base += Int64(count)
    }
    return (line, Int(offset - lineStart) + 1)
  }
}
