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
