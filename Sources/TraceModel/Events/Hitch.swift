/// A frame shown late, as a hitch recorder saw it (ns).
@usableFromInline package struct Hitch: Hashable, Sendable {
  @usableFromInline package var start: Int64
  @usableFromInline package var duration: Int64
  @usableFromInline package var narrative: Symbol?

  @usableFromInline package init(start: Int64, duration: Int64, narrative: Symbol? = nil) {
    self.start = start
    self.duration = duration
    self.narrative = narrative
  }
}

/// A time the main thread was unresponsive (ns).
@usableFromInline package struct Hang: Hashable, Sendable {
  @usableFromInline package var start: Int64
  @usableFromInline package var duration: Int64
  /// The hang's kind: `Microhang`, `Hang`, `Severe Hang`.
  @usableFromInline package var kind: Symbol?

  @usableFromInline package init(start: Int64, duration: Int64, kind: Symbol? = nil) {
    self.start = start
    self.duration = duration
    self.kind = kind
  }
}
