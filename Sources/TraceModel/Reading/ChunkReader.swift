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
///
/// Reading ahead, the next chunk is read on another thread (``ReadAhead``) into a second
/// allocation while the caller parses the buffer; `fill()` then moves the bytes the caller
/// kept (a partial token, usually a few hundred bytes) in front of it, when they fit in the
/// room left there, instead of copying the chunk after them.
@usableFromInline
struct ChunkReader {
  static let chunkSize = 512 << 10
  static let padding = 16
  /// The room kept in front of a chunk read ahead, for the bytes carried over to it.
  static let carryRoom = 64 << 10

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

  // MARK: Reading ahead
  private let ahead: ReadAhead?
  /// The allocation ``buffer`` lies in, and its size (reading ahead).
  private var allocation: UnsafeMutablePointer<UInt8>
  private var allocationSize: Int
  /// The allocation the next chunk is read into, at ``carryRoom`` (reading ahead).
  private var spare: UnsafeMutablePointer<UInt8>?
  private var spareSize = 0

  /// Reads `range` of `file`, `chunkSize` bytes at a time (more when one line or token needs it).
  ///
  /// - Parameter readAhead: whether to read the next chunk on another thread while the caller
  ///   parses (worth it when the process may run on more than one processor).
  init(file: SystemFile, range: Range<Int64>, chunkSize: Int = ChunkReader.chunkSize, readAhead: Bool = false)
  {
    capacity = chunkSize
    offset = range.lowerBound
    self.range = range
    self.file = file
    // What it will read, for a progress display (which counts every read of a file).
    ReadProgress.willRead(max(0, min(range.upperBound, file.size) - range.lowerBound))
    if readAhead {
      ahead = ReadAhead()
      allocationSize = Self.carryRoom + chunkSize + Self.padding
      allocation = .allocate(capacity: allocationSize)
      spare = .allocate(capacity: allocationSize)
      spareSize = allocationSize
      buffer = allocation + Self.carryRoom
    } else {
      ahead = nil
      allocationSize = capacity + Self.padding
      allocation = .allocate(capacity: allocationSize)
      buffer = allocation
    }
  }

  /// Reads part `range` of a JSON Lines trace.
  @usableFromInline
  init(input: JSONLinesReader.Input, range: Range<Int64>) {
    self.init(file: input.file, range: range)
  }

  @usableFromInline
  func deallocate() {
    if let ahead, ahead.isPending { _ = ahead.wait() }
    allocation.deallocate()
    spare?.deallocate()
  }

  /// Bytes of the range read so far.
  @usableFromInline var bytesRead: Int64 { offset - range.lowerBound }

  /// The file offset of `buffer[0]`.
  var base: Int64 { offset - Int64(filled) }

  /// Reads until the buffer is full or the range ends; reading ahead, appends the chunk read
  /// ahead instead (at least one byte more, unless the range has ended).
  @usableFromInline
  mutating func fill() {
    if let ahead {
      fillReadingAhead(ahead)
      return
    }
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

  /// Appends the chunk read ahead (reading the first one now) and starts reading the next.
  private mutating func fillReadingAhead(_ ahead: ReadAhead) {
    defer { (buffer + filled).initialize(repeating: 0, count: ChunkReader.padding) }
    if !ahead.isPending {
      guard !atEnd && startReadingAhead(ahead) else {
        atEnd = true
        return
      }
    }
    let count = ahead.wait()
    guard count > 0, let spare else {
      atEnd = true
      return
    }
    let fresh = spare + Self.carryRoom
    if filled <= Self.carryRoom {
      // The kept bytes go in front of the fresh ones; the allocations trade places.
      let start = fresh - filled
      start.update(from: buffer, count: filled)
      (self.spare, allocation) = (allocation, spare)
      (spareSize, allocationSize) = (allocationSize, spareSize)
      buffer = start
    } else {
      // Too much kept to move: the fresh bytes go after it, in a larger allocation if need be.
      let needed = filled + count + Self.padding
      if allocation.distance(to: buffer) + needed > allocationSize {
        let size = Self.carryRoom + 2 * needed
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        (larger + Self.carryRoom).update(from: buffer, count: filled)
        allocation.deallocate()
        (allocation, allocationSize, buffer) = (larger, size, larger + Self.carryRoom)
      }
      (buffer + filled).update(from: fresh, count: count)
    }
    filled += count
    offset += Int64(count)
    ReadProgress.didRead(count)
    if !startReadingAhead(ahead) { atEnd = true }
  }

  /// Starts reading the chunk at ``offset`` into the spare allocation; false when the range has
  /// no more bytes.
  private func startReadingAhead(_ ahead: ReadAhead) -> Bool {
    let wanted = Int(min(Int64(capacity), range.upperBound - offset))
    guard wanted > 0, let spare else { return false }
    ahead.start(file, into: spare + Self.carryRoom, count: wanted, at: offset)
    return true
  }

  /// Drops the bytes before `start` (consumed lines or tokens); grows the buffer when one line
  /// or token fills it (reading ahead, ``fill()`` makes the room).
  @usableFromInline
  mutating func keep(from start: Int) {
    let remaining = filled - start
    if start > 0 {
      buffer.update(from: buffer + start, count: remaining)
    } else if ahead == nil && remaining == capacity {
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2 + ChunkReader.padding)
      larger.update(from: buffer, count: remaining)
      allocation.deallocate()
      (allocation, buffer) = (larger, larger)
      capacity *= 2
      allocationSize = capacity + Self.padding
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
