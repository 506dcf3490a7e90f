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
/// The file is read in 4 MiB chunks (never mapped or loaded whole), so memory does not grow
/// with its size. With several threads the file is split at line boundaries and each part gets
/// its own parser and sink; the parts come back in file order for the caller to merge.
public enum JSONLinesReader {
  /// Files smaller than this are read on one thread.
  static let parallelThreshold: Int64 = 16 << 20
  static let chunkSize = 4 << 20

  /// Reads the trace at `path` (`-` for standard input).
  ///
  /// - Parameters:
  ///   - name: the file name errors show; `path` by default (`<stdin>` for `-`).
  ///   - threads: at most this many reader threads.
  ///   - makeSink: makes the sink of one part.
  /// - Throws: ``TraceReadError/noInput(path:reason:)`` when the file cannot be opened,
  ///   ``TraceReadError/badData(_:)`` at the first malformed line.
  public static func read<Sink: TraceSink>(
    path: String, name: String? = nil, threads: Int = 2, makeSink: @escaping @Sendable () -> Sink
  ) throws(TraceReadError) -> TraceReading<Sink> {
    var filePath = path
    var displayName = name ?? path
    if path == "-" {
      filePath = try SystemFile.spoolStandardInput()
      displayName = name ?? "<stdin>"
    }
    defer { if path == "-" { unlink(filePath) } }
    let file = try SystemFile(path: filePath)
    let size = file.size
    var bounds: [Int64] = [0]
    if threads > 1 && size >= parallelThreshold {
      for index in 1..<threads {
        let split = lineStart(after: size * Int64(index) / Int64(threads), in: file, size: size)
        if split > bounds[bounds.count - 1] && split < size { bounds.append(split) }
      }
    }
    bounds.append(size)
    return try readParts(file: file, name: displayName, bounds: bounds, makeSink: makeSink)
  }

  /// Copies standard input to an unlinked-on-exit temporary file so it can be read twice;
  /// returns its path. The caller removes it with ``removeSpool(_:)``.
  public static func spoolStandardInput() throws(TraceReadError) -> String {
    try SystemFile.spoolStandardInput()
  }

  /// Removes a file made by ``spoolStandardInput()``.
  public static func removeSpool(_ path: String) {
    unlink(path)
  }

  /// The header of the trace at `path`, if its first non-blank line is a valid one.
  ///
  /// Reads only the start of the file; errors are left for the full read to report.
  public static func header(path: String) -> TraceHeader? {
    guard let file = try? SystemFile(path: path) else { return nil }
    let capacity = 1 << 20
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 16)
    defer { buffer.deallocate() }
    let count = file.read(into: buffer, count: capacity, at: 0)
    guard count > 0 else { return nil }
    (buffer + count).initialize(repeating: 0, count: 16)
    var parser = JSONLinesParser()
    var start = 0
    while start < count {
      let end = memchr(buffer + start, 0x0A, count - start).map {
        buffer.distance(to: $0.assumingMemoryBound(to: UInt8.self))
      } ?? count
      if case .some(let event) = try? parser.parse(buffer + start, count: end - start) {
        if case .header(let header) = event { return header }
        return nil
      }
      if parser.seenEvent { return nil }
      start = end + 1
    }
    return nil
  }

  // MARK: - Parts

  private struct PartResult<Sink: TraceSink>: @unchecked Sendable {
    var sink: Sink
    var parser: JSONLinesParser
    var report = TraceReadReport()
    var header: TraceHeader?
    var error: (line: Int, error: LineError)?
  }

  private static func readParts<Sink: TraceSink>(
    file: SystemFile, name: String, bounds: [Int64], makeSink: @escaping @Sendable () -> Sink
  ) throws(TraceReadError) -> TraceReading<Sink> {
    let count = bounds.count - 1
    let results = UnsafeMutableBufferPointer<PartResult<Sink>?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    let box = UnsafeSendable(results)
    let work: @Sendable (Int) -> Void = { index in
      var result = PartResult(sink: makeSink(), parser: JSONLinesParser(startsFile: index == 0))
      readPart(
        file: file, name: name, range: bounds[index]..<bounds[index + 1], isLast: index == count - 1,
        into: &result)
      box.value[index] = result
    }
    if count == 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: count, execute: work)
    }
    for later in 1..<max(count, 1) {
      for earlier in 0..<later {
        guard let a = results[later], let b = results[earlier], a.error == nil, b.error == nil else { continue }
        if a.parser.firstDuplicateID(with: b.parser) != nil {
          // Rare: an id repeats across parts; read again on one thread to report it at its line.
          return try readParts(file: file, name: name, bounds: [bounds[0], bounds[count]], makeSink: makeSink)
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
            file: name, line: lineOffset + failure.line, column: failure.error.column,
            message: failure.error.message))
      }
      for index in result.report.warnings.indices { result.report.warnings[index].line += lineOffset }
      result.report.unknownTypes = result.parser.unknownTypes
      result.report.unknownKeys = result.parser.unknownKeys
      report.merge(result.report)
      header = header ?? result.header
      parts.append(TracePart(sink: result.sink, symbols: result.parser.symbols, lineOffset: lineOffset))
      lineOffset += result.report.lines
    }
    return TraceReading(parts: parts, header: header, report: report)
  }

  /// Reads the lines of `range` (which starts at a line start) into `result`.
  private static func readPart<Sink: TraceSink>(
    file: SystemFile, name: String, range: Range<Int64>, isLast: Bool, into result: inout PartResult<Sink>
  ) {
    let padding = 16
    var capacity = chunkSize
    var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + padding)
    defer { buffer.deallocate() }
    var filled = 0
    var offset = range.lowerBound
    var line = 0
    var atEnd = false
    while true {
      while !atEnd && filled < capacity {
        let wanted = Int(min(Int64(capacity - filled), range.upperBound - offset))
        let count = wanted > 0 ? file.read(into: buffer + filled, count: wanted, at: offset) : 0
        if count <= 0 {
          atEnd = true
          break
        }
        filled += count
        offset += Int64(count)
      }
      result.report.bytes = offset - range.lowerBound
      var start = 0
      while start < filled {
        guard let newline = memchr(buffer + start, 0x0A, filled - start) else { break }
        let end = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        line += 1
        if !parseLine(buffer + start, count: end - start, line: line, into: &result) {
          result.report.lines = line
          return
        }
        start = end + 1
      }
      if atEnd {
        if start < filled {
          line += 1
          (buffer + filled).initialize(repeating: 0, count: padding)
          parseLastLine(buffer + start, count: filled - start, line: line, name: name, isLast: isLast, into: &result)
        }
        result.report.lines = line
        return
      }
      let remaining = filled - start
      if start > 0 {
        (buffer).update(from: buffer + start, count: remaining)
      } else if remaining == capacity {
        // One line longer than the buffer: grow it.
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2 + padding)
        larger.update(from: buffer, count: remaining)
        buffer.deallocate()
        buffer = larger
        capacity *= 2
      }
      filled = remaining
    }
  }

  /// Parses one line and feeds its event to the sink; false (with the error stored) on failure.
  @inline(__always)
  private static func parseLine<Sink: TraceSink>(
    _ start: UnsafePointer<UInt8>, count: Int, line: Int, into result: inout PartResult<Sink>
  ) -> Bool {
    do {
      guard let event = try result.parser.parse(start, count: count) else { return true }
      switch event {
      case .update(let update):
        result.sink.consumeUpdate(update, line: line, symbols: result.parser.symbols)
      case .header(let header):
        result.header = header
        result.sink.consume(event, line: line, symbols: result.parser.symbols)
      default:
        result.sink.consume(event, line: line, symbols: result.parser.symbols)
      }
      return true
    } catch {
      result.error = (line, error)
      return false
    }
  }

  /// The last line has no line end: a syntax error there is a truncated tail, not an error.
  private static func parseLastLine<Sink: TraceSink>(
    _ start: UnsafePointer<UInt8>, count: Int, line: Int, name: String, isLast: Bool,
    into result: inout PartResult<Sink>
  ) {
    if parseLine(start, count: count, line: line, into: &result) { return }
    guard isLast, let failure = result.error, failure.error.isSyntax else { return }
    result.error = nil
    result.report.warnings.append(
      TraceWarning(
        file: name, line: line,
        message: "ignored a truncated last line (no line end and \(failure.error.message) at column \(failure.error.column)); the recorder may have stopped mid-write"))
  }

  // MARK: - Splitting

  /// The offset of the first line start at or after `offset` (just past a newline), or `size`.
  private static func lineStart(after offset: Int64, in file: SystemFile, size: Int64) -> Int64 {
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

/// Moves a value across a concurrency boundary the caller has made safe by other means.
struct UnsafeSendable<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
