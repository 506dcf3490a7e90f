/// An inspection range in ns relative to the trace start: updates whose start lies in
/// `from ..< to` are kept.
public struct TimeRange: Hashable, Sendable {
  public var from: Int64?
  public var to: Int64?

  public init(from: Int64? = nil, to: Int64? = nil) {
    self.from = from
    self.to = to
  }

  /// `1.000 s ..< 2.000 s`, `start ..< 2.000 s`.
  package var text: String {
    "\(from.map(DurationText.seconds) ?? "start") ..< \(to.map(DurationText.seconds) ?? "end")"
  }

  /// Whether the range keeps everything.
  package var isUnbounded: Bool { from == nil && to == nil }

  /// Whether an update starting `offset` ns after the trace start is kept.
  @inlinable package func contains(_ offset: Int64) -> Bool {
    if let from, offset < from { return false }
    if let to, offset >= to { return false }
    return true
  }
}
