/// A frame shown late, as a hitch recorder saw it (ns).
public struct Hitch: Hashable, Sendable {
  public var start: Int64
  public var duration: Int64
  public var narrative: Symbol?

  public init(start: Int64, duration: Int64, narrative: Symbol? = nil) {
    self.start = start
    self.duration = duration
    self.narrative = narrative
  }
}

/// A time the main thread was unresponsive (ns).
public struct Hang: Hashable, Sendable {
  public var start: Int64
  public var duration: Int64
  /// The hang's kind: `Microhang`, `Hang`, `Severe Hang`.
  public var kind: Symbol?

  public init(start: Int64, duration: Int64, kind: Symbol? = nil) {
    self.start = start
    self.duration = duration
    self.kind = kind
  }
}
