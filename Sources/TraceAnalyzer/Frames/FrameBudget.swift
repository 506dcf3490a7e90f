import TraceModel

/// The frame budget a trace is judged by, and where its refresh rate came from.
public struct FrameBudget: Hashable, Sendable {
  /// The budget `B` in ns: `⌊1e9 / rate + ½⌋`.
  public var ns: Int64
  /// The refresh rate in Hz.
  public var rate: Double
  /// Where the rate came from: the header's `refreshRateSource` (`vsyncs`,
  /// `refresh-interval`, `display-max`, `frame-lifetimes`), else `header`; `option` for
  /// `--refresh-rate`; `assumed` for the 60 Hz default.
  public var source: String
  /// Whether no rate was given and 60 Hz is assumed.
  public var isAssumed: Bool

  /// The refresh rates a trace or `--refresh-rate` may give, Hz.
  package static let refreshRates = TraceHeader.refreshRates

  /// The budget of `header`'s rate, unless `refreshRate` (the `--refresh-rate` option)
  /// overrides it.
  package init(header: TraceHeader?, refreshRate: Double? = nil) {
    if let refreshRate {
      (rate, source, isAssumed) = (refreshRate, "option", false)
    } else if let headerRate = header?.refreshRate {
      (rate, source, isAssumed) = (headerRate, header?.refreshRateSource ?? "header", false)
    } else {
      (rate, source, isAssumed) = (TraceHeader.defaultRefreshRate, "assumed", true)
    }
    ns = TraceHeader.budget(refreshRate: rate)
  }

  /// The rate as text prints it, with where it came from unless the header gave it:
  /// `120 Hz`, `60 Hz (assumed)`, `90 Hz (--refresh-rate)`, `120 Hz (from vsyncs)`.
  package var rateText: String {
    let hertz = (rate == rate.rounded() && abs(rate) < 1e15 ? String(Int64(rate)) : String(rate)) + " Hz"
    switch source {
    case "header": return hertz
    case "assumed": return hertz + " (assumed)"
    case "option": return hertz + " (--refresh-rate)"
    default: return hertz + " (from \(source))"
    }
  }

  /// The idle gap that still counts as busy, `G = ⌊B / 8⌋` ns (it absorbs vsync jitter).
  var gap: Int64 { ns / 8 }
}
