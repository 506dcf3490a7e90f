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
