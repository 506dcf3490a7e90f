import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams a JSON Lines trace from a file into sinks, on one or more threads.
///
/// The file is read in 512 KiB chunks (never mapped or loaded whole), so memory does not grow
/// with its size. With several threads the file is split at line boundaries and each part gets
/// its own parser and sink; the parts come back in file order for the caller to merge.
@usableFromInline package enum JSONLinesReader {
  /// Reads the trace at `path` (`-` for standard input).
  ///
  /// - Parameters:
  ///   - name: the file name errors show; `path` by default (`<stdin>` for `-`).
  ///   - threads: at most this many reader threads.
  ///   - makeSink: makes the sink of one part.
  /// - Throws: ``TraceReadError/noInput(path:reason:)`` when the file cannot be opened,
  ///   ``TraceReadError/badData(_:)`` at the first malformed line.
  @inlinable
  package static func read<Sink: TraceSink>(
    path: String, name: String? = nil, threads: Int = 2, makeSink: @escaping @Sendable () -> Sink
  ) throws(TraceReadError) -> TraceReading<Sink> {
    let input = try Input(path: path, name: name, threads: threads)
    return try readParts(input: input, bounds: input.bounds, makeSink: makeSink)
  }

  /// The header of the trace at `path`, if its first non-blank line is a valid one.
  ///
  /// Reads only the file's first MiB; errors are left for the full read to report.
  @usableFromInline package static func header(path: String) -> TraceHeader? {
    guard let file = try? SystemFile(path: path) else { return nil }
    // The first line is usually short: read a little first, more only when it does not end there.
    for capacity in [1 << 12, 1 << 16, 1 << 20] {
      var chunks = ChunkReader(file: file, range: 0..<Int64(capacity), chunkSize: capacity)
      defer { chunks.deallocate() }
      chunks.fill()
      let (buffer, count) = (chunks.buffer, chunks.filled)
      let whole = count < capacity
      var parser = JSONLinesParser()
      var start = 0
      while start < count {
        guard let end = ChunkReader.lineEnd(buffer, from: start, filled: count) ?? (whole ? count : nil)
        else {
          break
        }
        if case .some(let event) = try? parser.parse(buffer + start, count: end - start) {
          if case .header(let header) = event { return header }
          return nil
        }
        if parser.seenEvent { return nil }
        start = end + 1
      }
      if whole { return nil }
    }
    return nil
  }

  // MARK: - Parts
  //
  // The generic code below is inlinable so that the analyzer's modules specialize it for their
  // sinks: the per-line call to the sink is then direct (and inlined), not a protocol witness.
  // Everything that touches the file stays behind the non-generic ``ChunkReader``.

  @usableFromInline
  struct PartResult<Sink: TraceSink>: @unchecked Sendable {
    @usableFromInline var sink: Sink
    @usableFromInline var parser: JSONLinesParser
    @usableFromInline var report = TraceReadReport()
    @usableFromInline var header: TraceHeader?
    @usableFromInline var error: (line: Int, error: LineError)?

    @inlinable init(sink: Sink, parser: JSONLinesParser) {
      self.sink = sink
      self.parser = parser
    }
  }

  @inlinable
  static func readParts<Sink: TraceSink>(
    input: Input, bounds: [Int64], makeSink: @escaping @Sendable () -> Sink
  ) throws(TraceReadError) -> TraceReading<Sink> {
    let count = bounds.count - 1
    let results = UnsafeMutableBufferPointer<PartResult<Sink>?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    let box = UnsafeSendable(results)
    performParts(count: count) { index in
      var result = PartResult(sink: makeSink(), parser: JSONLinesParser(startsFile: index == 0))
      readPart(
        input: input, range: bounds[index]..<bounds[index + 1], isLast: index == count - 1, into: &result)
      box.value[index] = result
    }
    for later in 1..<max(count, 1) {
      for earlier in 0..<later {
        guard let a = results[later], let b = results[earlier], a.error == nil, b.error == nil else {
          continue
        }
        if a.parser.firstDuplicateID(with: b.parser) != nil {
          // Rare: an id repeats across parts; read again on one thread to report it at its line.
          return try readParts(input: input, bounds: [bounds[0], bounds[count]], makeSink: makeSink)
        }
      }
    }
    var parts: [TracePart<Sink>] = []
    var report = TraceReadReport()
    var lineOffset = 0
    var header: TraceHeader?
    for index in 0..<count {
      guard var result = results[index] else { continue }
      if let failure = result.error {
        throw .badData(
          TraceParseError(
            file: input.name, line: lineOffset + failure.line, column: failure.error.column,
            message: failure.error.message))
      }
      for index in result.report.warnings.indices { result.report.warnings[index].line += lineOffset }
      result.report.unknownTypes = result.parser.unknownTypes
      result.report.unknownEarliest = result.parser.unknownEarliest
      result.report.unknownKeys = result.parser.unknownKeys
      report.merge(result.report)
      header = header ?? result.header
      parts.append(TracePart(sink: result.sink, symbols: result.parser.symbols, lineOffset: lineOffset))
      lineOffset += result.report.lines
    }
    return TraceReading(parts: parts, header: header, report: report)
  }

  /// Runs `work` for every part index, on as many threads as there are parts.
  @usableFromInline
  static func performParts(count: Int, _ work: @Sendable (Int) -> Void) {
    if count == 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: count, execute: work)
    }
  }

  /// Reads the lines of `range` (which starts at a line start) into `result`.
  @inlinable
  static func readPart<Sink: TraceSink>(
    input: Input, range: Range<Int64>, isLast: Bool, into result: inout PartResult<Sink>
  ) {
    var chunks = ChunkReader(input: input, range: range)
    var updates = DelayedUpdate()
    defer {
      updates.release(to: &result)
      updates.deallocate()
      chunks.deallocate()
    }
    var line = 0
    var cause = Cause(from: 0, to: 0, label: Symbol(rawValue: 0))
    while true {
      chunks.fill()
      result.report.bytes = chunks.bytesRead
      let buffer = chunks.buffer
      let filled = chunks.filled
      var start = 0
      if let needle = Sink.requiredBytes {
        // A read for rare events: lines without them are passed over, unparsed.
        while start < filled, let end = ChunkReader.lineEnd(buffer, from: start, filled: filled) {
          line += 1
          if mayHold(needle, buffer + start, count: end - start),
            !parseLine(buffer + start, count: end - start, line: line, updates: &updates, into: &result)
          {
            result.report.lines = line
            return
          }
          start = end + 1
        }
      }
      while start < filled {
        // Most lines are plain updates or causes whose end the parser finds itself; others
        // need their end first.
        switch result.parser.parseFast(buffer + start, update: &updates.next.pointee, cause: &cause) {
        case .update(let count):
          line += 1
          updates.release(to: &result)
          updates.hold(line: line)
          start += count + 1
          continue
        case .cause(let count):
          line += 1
          updates.release(to: &result)
          result.sink.consume(.cause(cause), line: line, symbols: result.parser.symbols)
          start += count + 1
          continue
        case .other:
          break
        }
        guard let end = ChunkReader.lineEnd(buffer, from: start, filled: filled) else { break }
        line += 1
        if !parseLine(buffer + start, count: end - start, line: line, updates: &updates, into: &result) {
          result.report.lines = line
          return
        }
        start = end + 1
      }
      if chunks.atEnd {
        if start < filled {
          // The bytes after the last line are zero (see `fill()`).
          line += 1
          parseLastLine(
            buffer + start, count: filled - start, line: line, name: input.name, isLast: isLast,
            updates: &updates, into: &result)
        }
        result.report.lines = line
        return
      }
      chunks.keep(from: start)
    }
  }

  /// Whether the `count` bytes at `line` hold `needle`, or an escape that could spell it.
  @inlinable
  static func mayHold(_ needle: StaticString, _ line: UnsafePointer<UInt8>, count: Int) -> Bool {
    if memchr(line, 0x5C, count) != nil { return true }
    let length = needle.utf8CodeUnitCount
    let first = needle.utf8Start.pointee
    var at = 0
    while count - at >= length, let found = memchr(line + at, Int32(first), count - at - length + 1) {
      at = line.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if memcmp(line + at, needle.utf8Start, length) == 0 { return true }
      at += 1
    }
    return false
  }

  /// Parses one line and feeds its event to the sink; false (with the error stored) on failure.
  @inlinable @inline(__always)
  static func parseLine<Sink: TraceSink>(
    _ start: UnsafePointer<UInt8>, count: Int, line: Int, updates: inout DelayedUpdate,
    into result: inout PartResult<Sink>
  ) -> Bool {
    do {
      switch try result.parser.parse(start, count: count, update: &updates.next.pointee) {
      case .nothing:
        break
      case .update:
        updates.release(to: &result)
        updates.hold(line: line)
      case .event(let event):
        updates.release(to: &result)
        switch event {
        case .update(let update):
          result.sink.consumeUpdate(update, line: line, symbols: result.parser.symbols)
        case .header(let header):
          result.header = header
          result.sink.consume(event, line: line, symbols: result.parser.symbols)
        default:
          result.sink.consume(event, line: line, symbols: result.parser.symbols)
        }
      }
      return true
    } catch {
      updates.release(to: &result)
      result.error = (line, error)
      return false
    }
  }

  /// Holds the update of a line until the sink gets it, after the next line is parsed (or at
  /// the end, or before any other event).
  ///
  /// The parser writes each update into ``next`` field by field; copying it for the sink right
  /// away would load memory whose stores are still in flight, and loads that straddle stores
  /// stall (store-to-load forwarding fails). A line later, it is plain memory.
  @usableFromInline
  struct DelayedUpdate {
    /// Two updates: the one being parsed (``next``) and the one held.
    @usableFromInline let slots = UnsafeMutablePointer<Update>.allocate(capacity: 2)
    @usableFromInline var current = 0
    /// The line of the held update; 0 when none is held.
    @usableFromInline var heldLine = 0

    @inlinable init() {
      slots.initialize(repeating: Update(id: 0, kind: .body, start: 0, duration: 0), count: 2)
    }

    @inlinable func deallocate() { slots.deallocate() }

    /// Where the parser writes the next update.
    @inlinable var next: UnsafeMutablePointer<Update> { slots + current }

    /// Holds the update just written to ``next``, from `line`.
    @inlinable @inline(__always)
    mutating func hold(line: Int) {
      heldLine = line
      current ^= 1
    }

    /// Gives the held update, if any, to the sink.
    @inlinable @inline(__always)
    mutating func release<Sink: TraceSink>(to result: inout PartResult<Sink>) {
      guard heldLine != 0 else { return }
      result.sink.consumeUpdate(slots[current ^ 1], line: heldLine, symbols: result.parser.symbols)
      heldLine = 0
    }
  }

  /// The last line has no line end: a syntax error there is a truncated tail, not an error.
  @inlinable
  static func parseLastLine<Sink: TraceSink>(
    _ start: UnsafePointer<UInt8>, count: Int, line: Int, name: String, isLast: Bool,
    updates: inout DelayedUpdate, into result: inout PartResult<Sink>
  ) {
    if parseLine(start, count: count, line: line, updates: &updates, into: &result) { return }
    guard isLast, let failure = result.error, failure.error.isSyntax else { return }
    result.error = nil
    result.report.warnings.append(
      TraceWarning(
        file: name, line: line,
        message:
          "ignored a truncated last line (no line end and \(failure.error.message) at column \(failure.error.column)); the recorder may have stopped mid-write"
      ))
  }

  // MARK: - Splitting

  /// The offset of the first line start at or after `offset` (just past a newline), or `size`.
  fileprivate static func lineStart(after offset: Int64, in file: SystemFile, size: Int64) -> Int64 {
    let capacity = 64 << 10
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    var position = offset
    while position < size {
      let count = file.read(into: buffer, count: capacity, at: position)
      guard count > 0 else { return size }
      if let newline = memchr(buffer, 0x0A, count) {
        return position + Int64(buffer.distance(to: UnsafeMutableRawPointer(newline))) + 1
      }
      position += Int64(count)
    }
    return size
  }

}

extension JSONLinesReader {
  /// An open trace and the byte ranges of its parts (one per reader thread).
  @usableFromInline
  final class Input: @unchecked Sendable {
    /// Files smaller than this are read on one thread.
    static let parallelThreshold: Int64 = 16 << 20

    let file: SystemFile
    /// The file name errors show.
    @usableFromInline let name: String
    /// Part boundaries: part `i` is `bounds[i] ..< bounds[i + 1]`, each starting at a line start.
    @usableFromInline let bounds: [Int64]

    /// Opens `path` and splits it for up to `threads` threads.
    @usableFromInline
    init(path: String, name: String?, threads: Int) throws(TraceReadError) {
      let file = try SystemFile(path: path)
      let size = file.size
      var bounds: [Int64] = [0]
      if threads > 1 && size >= Input.parallelThreshold {
        for index in 1..<threads {
          let split = JSONLinesReader.lineStart(
            after: size * Int64(index) / Int64(threads), in: file, size: size)
          if split > bounds[bounds.count - 1] && split < size { bounds.append(split) }
        }
      }
      bounds.append(size)
      self.file = file
      self.name = name ?? path
      self.bounds = bounds
    }
  }
}
