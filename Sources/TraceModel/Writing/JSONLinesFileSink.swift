/// A sink that writes every event it receives as a JSON line to a file descriptor.
///
/// Lines collect in a buffer written out about every MiB; call ``flush()`` after the last
/// event. The descriptor stays the caller's to close.
@usableFromInline package struct JSONLinesFileSink: TraceSink {
  static let flushSize = 1 << 20

  @usableFromInline package let descriptor: Int32
  private var writer = JSONLinesWriter()
  /// Events written.
  @usableFromInline package private(set) var events = 0
  /// Whether a write failed, for example on a full disk; later writes are dropped.
  @usableFromInline package private(set) var failed = false

  @usableFromInline package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  @usableFromInline package mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    writer.append(event, symbols: symbols)
    events += 1
    if writer.count >= Self.flushSize { flush() }
  }

  @usableFromInline package mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    writer.append(update, symbols: symbols)
    events += 1
    if writer.count >= Self.flushSize { flush() }
  }

  /// Writes out the buffered lines.
  @usableFromInline package mutating func flush() {
    if !failed {
      failed = !writer.withBytes { bytes in
        bytes.isEmpty || SystemFile.writeAll(descriptor, bytes.baseAddress!, count: bytes.count)
      }
    }
    writer.removeAll()
  }
}
