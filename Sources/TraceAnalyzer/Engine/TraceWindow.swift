/// The inspection range in the trace's own clock: updates whose start lies in `from ..< to` are
/// kept (a `to` of `Int64.max` keeps an update at `Int64.max` too).
struct TraceWindow: Hashable, Sendable {
  var from: Int64 = .min
  var to: Int64 = .max

  init() {}

  /// `range`, relative to `start`, in absolute times (saturated).
  init(range: TimeRange, start: Int64) {
    if let offset = range.from { from = start.saturatingAdd(offset) }
    if let offset = range.to { to = start.saturatingAdd(offset) }
  }

  /// Whether `time` lies in the window.
  @inline(__always)
  func contains(_ time: Int64) -> Bool { time >= from && (time < to || to == .max) }

  /// Whether the window keeps less than everything.
  var isBounded: Bool { from != .min || to != .max }
}
