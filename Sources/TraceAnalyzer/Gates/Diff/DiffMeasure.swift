/// A figure `tracecli diff` compares; higher is worse for every one of them.
package enum DiffMeasure: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case count
  case orange
  case red
  /// Nearest-rank 95th percentile of finished durations, ns.
  case p95
  /// Sum of finished durations, ns.
  case total
  /// Frames that missed their deadline.
  case missed
  /// The worst overrun of a missed frame, ns.
  case overrun
  /// The app's recorded hitches.
  case hitches
  /// Their summed duration, ns.
  case hitchTime
  /// The longest of them, ns.
  case longestHitch
  /// The recorded hangs.
  case hangs
  /// The longest of them, ns.
  case longestHang
  /// A cause-graph edge's `cause` events.
  case edge
  /// Whether a run has a finding (1 or 0): `finding>0` fails on findings new on head.
  case finding

  /// The figures of a view or a kind, in column order.
  package static let views: [DiffMeasure] = [.red, .orange, .count, .p95, .total]

  package var description: String { rawValue }

  /// Whether the figure is a duration in ns.
  package var isDuration: Bool {
    [.p95, .total, .overrun, .hitchTime, .longestHitch, .longestHang].contains(self)
  }

  /// The recorded hitches' and hangs' figures, with their keys in diff JSON.
  package static let recorded: [(measure: DiffMeasure, section: String, key: String)] = [
    (.hitches, "hitches", "count"), (.hitchTime, "hitches", "totalNs"),
    (.longestHitch, "hitches", "longestNs"),
    (.hangs, "hangs", "count"), (.longestHang, "hangs", "longestNs"),
  ]

  /// The analysis contract's JSON key: `p95Ns`, `totalNs`, `red`, ….
  package var jsonKey: String {
    switch self {
    case .p95: "p95Ns"
    case .total: "totalNs"
    case .overrun: "worstOverrunNs"
    default: rawValue
    }
  }

  /// A value of this figure as people read it.
  package func text(_ value: Int64) -> String {
    isDuration ? DurationText.format(value) : String(value)
  }

  /// A change of this figure as people read it: `+3`, `−1.20 ms`.
  package func deltaText(_ delta: Int64) -> String {
    let sign = delta > 0 ? "+" : delta < 0 ? "−" : "±"
    let magnitude = delta == .min ? Int64.max : abs(delta)
    return sign + (isDuration ? DurationText.format(magnitude) : String(magnitude))
  }
}
