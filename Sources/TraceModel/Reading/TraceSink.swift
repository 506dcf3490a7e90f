/// Receives the events of (a part of) a trace, in file order.
@usableFromInline package protocol TraceSink: Sendable {
  /// Takes one event; `line` is 1-based within the part (see ``TracePart/lineOffset``) and
  /// `symbols` resolves the event's ``Symbol``s.
  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable)

  /// Takes one update: the hot path, for sinks that care about speed. By default it forwards
  /// to ``consume(_:line:symbols:)``.
  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable)

  /// Bytes every line the sink wants holds, for a read that looks for rare events: the JSON
  /// Lines reader passes over a line without them (and without an escape, which could spell
  /// them) unparsed and unchecked. Nil, the default, for every line.
  static var requiredBytes: StaticString? { get }
}

extension TraceSink {
  @usableFromInline package static var requiredBytes: StaticString? { nil }

  @usableFromInline package mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    consume(.update(update), line: line, symbols: symbols)
  }
}
