/// Counts and warnings from reading a trace.
@usableFromInline package struct TraceReadReport: Hashable, Sendable {
  /// Event lines skipped because their `type` is unknown, by type.
  @usableFromInline package var unknownTypes: [String: Int] = [:]
  /// The earliest integer `start` or `time` of those lines, if any.
  @usableFromInline package var unknownEarliest: Int64?
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
    if let time = other.unknownEarliest { unknownEarliest = min(unknownEarliest ?? time, time) }
    unknownKeys += other.unknownKeys
    lines += other.lines
    bytes += other.bytes
    warnings += other.warnings
  }
}
