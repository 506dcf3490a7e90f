/// Receives the events of (a part of) a trace, in file order.
@usableFromInline package protocol TraceSink: Sendable {
  /// Takes one event; `line` is 1-based within the part (see ``TracePart/lineOffset``) and
  /// `symbols` resolves the event's ``Symbol``s.
  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable)

  /// Takes one update: the hot path, for sinks that care about speed. By default it forwards
  /// to ``consume(_:line:symbols:)``.
  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable)
}

extension TraceSink {
  @usableFromInline package mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    consume(.update(update), line: line, symbols: symbols)
  }
}

/// What one reader thread produced over a contiguous part of a trace.
@usableFromInline package struct TracePart<Sink: TraceSink>: Sendable {
  /// The sink that consumed the part's events.
  @usableFromInline package var sink: Sink
  /// The strings of the part's events.
  @usableFromInline package var symbols: SymbolTable
  /// Lines before the part: add it to a part's line numbers for the file's.
  @usableFromInline package var lineOffset: Int

  @usableFromInline package init(sink: Sink, symbols: SymbolTable, lineOffset: Int) {
    self.sink = sink
    self.symbols = symbols
    self.lineOffset = lineOffset
  }
}

/// A whole read: the parts in file order and what was noticed along the way.
@usableFromInline package struct TraceReading<Sink: TraceSink>: Sendable {
  @usableFromInline package var parts: [TracePart<Sink>]
  /// The header, when the trace has one.
  @usableFromInline package var header: TraceHeader?
  @usableFromInline package var report: TraceReadReport

  @usableFromInline package init(parts: [TracePart<Sink>], header: TraceHeader?, report: TraceReadReport) {
    self.parts = parts
    self.header = header
    self.report = report
  }
}

/// Counts and warnings from reading a trace.
@usableFromInline package struct TraceReadReport: Hashable, Sendable {
  /// Event lines skipped because their `type` is unknown, by type.
  @usableFromInline package var unknownTypes: [String: Int] = [:]
  /// Keys skipped because their event type does not define them.
  @usableFromInline package var unknownKeys = 0
  /// Lines read (blank ones included).
  @usableFromInline package var lines = 0
  @usableFromInline package var bytes: Int64 = 0
  @usableFromInline package var warnings: [TraceWarning] = []

  @usableFromInline package init() {}

  /// Adds `other`'s counts and warnings to these.
  @usableFromInline package mutating func merge(_ other: TraceReadReport) {
    unknownTypes.merge(other.unknownTypes, uniquingKeysWith: +)
    unknownKeys += other.unknownKeys
    lines += other.lines
    bytes += other.bytes
    warnings += other.warnings
  }
}
