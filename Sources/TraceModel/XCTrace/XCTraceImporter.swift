#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Converts `xctrace export` XML tables into a trace-format JSON Lines file.
///
/// The header (with the refresh rate some table may hold) must be the first line, but is
/// known only once every table has been read; so events are spooled to an unlinked temporary
/// file, then the header and the spool are written out. Memory stays that of the reader.
@usableFromInline package enum XCTraceImporter {
  /// The `producer` the header names.
  @usableFromInline package static let producer = "tracecli import xctrace"

  /// What a conversion did.
  @usableFromInline package struct Result: Sendable {
    /// Events written (the header not counted).
    @usableFromInline package var events: Int
    @usableFromInline package var header: TraceHeader
    @usableFromInline package var report: TraceReadReport
    /// Whether the output could not be written completely.
    @usableFromInline package var writeFailed: Bool
  }

  /// Reads the exports at `paths` and calls `write` with the JSON Lines text in chunks of
  /// whole lines, the header first; `write` returns false to report a failed write.
  ///
  /// - Parameter names: how errors name each path (the paths by default).
  /// - Throws: the reader's ``TraceReadError``; nothing is written then.
  @usableFromInline package static func convert(
    paths: [String], names: [String]? = nil, process: String? = nil, producer: String = XCTraceImporter.producer,
    write: (UnsafeRawBufferPointer) -> Bool
  ) throws(TraceReadError) -> Result {
    let spool = try makeSpool()
    defer { close(spool) }
    let reading = try XCTraceReader.read(
      paths: paths, names: names, chunkSize: XCTraceParser.defaultChunkSize, process: process
    ) {
      JSONLinesFileSink(descriptor: spool)
    }
    var sink = reading.parts[0].sink
    sink.flush()
    var header = reading.header ?? TraceHeader()
    header.producer = producer
    var writer = JSONLinesWriter()
    writer.append(header)
    var failed = sink.failed || !writer.withBytes(write)
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    var offset: Int64 = 0
    var carried = 0
    while !failed {
      let count = SystemFile.readAll(
        spool, into: buffer + carried, count: capacity - carried, at: Int(offset))
      guard count > 0 else { break }
      offset += Int64(count)
      let filled = carried + count
      // Hand out whole lines only.
      var end = filled
      while end > 0 && buffer.load(fromByteOffset: end - 1, as: UInt8.self) != 0x0A { end -= 1 }
      if end == 0 { end = filled }
      failed = !write(UnsafeRawBufferPointer(start: buffer, count: end))
      carried = filled - end
      if carried > 0 { buffer.copyMemory(from: buffer + end, byteCount: carried) }
    }
    if carried > 0 && !failed { failed = !write(UnsafeRawBufferPointer(start: buffer, count: carried)) }
    return Result(events: sink.events, header: header, report: reading.report, writeFailed: failed)
  }

  /// An unlinked temporary file open for reading and writing.
  private static func makeSpool() throws(TraceReadError) -> Int32 {
    let directory = SystemFile.temporaryFolder
    guard let (descriptor, path) = SystemFile.makeTemporaryFile("\(directory)/tracecli-import-XXXXXX") else {
      throw .noInput(
        path: directory, reason: "cannot create a temporary file (\(SystemFile.describe(errno)))")
    }
    unlink(path)
    return descriptor
  }
}
