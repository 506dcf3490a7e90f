/// A frame shown late, as a hitch recorder saw it (ns).
@usableFromInline package struct Hitch: Hashable, Sendable {
  @usableFromInline package var start: Int64
  @usableFromInline package var duration: Int64
  @usableFromInline package var narrative: Symbol?
  /// Whether it is the system's hitch (xctrace `is-system`), not the app's.
  @usableFromInline package var system: Bool
  /// The stage that was late (xctrace `hitches-summary` `type-label`), e.g. `Commit to Render
  /// latency`.
  @usableFromInline package var cause: Symbol?

  @usableFromInline package init(
    start: Int64, duration: Int64, narrative: Symbol? = nil, system: Bool = false, cause: Symbol? = nil
  ) {
    self.start = start
    self.duration = duration
    self.narrative = narrative
    self.system = system
    self.cause = cause
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
