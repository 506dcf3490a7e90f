/// What one budget limit measures.
///
/// A count or a duration of a view, a kind, the trace, the frames or a cause-graph edge. The
/// raw value is the budget file's key.
package enum BudgetMeasure: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Updates, unfinished and skipped ones included (for an edge: its `cause` events).
  case count
  case orange
  case red
  case skipped
  case unfinished
  /// Nearest-rank median of finished durations, ns.
  case p50
  /// Nearest-rank 95th percentile of finished durations, ns.
  case p95
  /// The longest finished update, ns.
  case max
  /// Sum of finished durations, ns.
  case total
  /// The longest recorded hitch or hang, ns.
  case longest
  /// Frames whose work ended after their deadline.
  case missed
  case missedByLongUpdate
  case missedByAccumulation
  /// The largest overrun of a missed frame, ns.
  case worstOverrun
  /// A finding of a forbidden rule (`check --forbid`): its count; the limit is 0.
  case finding

  /// The measures of a view, a kind or the whole trace.
  package static let statistics: [BudgetMeasure] = [
    .count, .orange, .red, .skipped, .unfinished, .p50, .p95, .max, .total,
  ]
  /// The measures of the frames.
  package static let frames: [BudgetMeasure] = [
    .missed, .missedByLongUpdate, .missedByAccumulation, .worstOverrun,
  ]

  package var description: String { rawValue }

  /// The measure a budget key names: its raw value, or the summary JSON's spelling of a
  /// duration (`p95Ns`, `maxNs`, `totalNs`, `worstOverrunNs`, `p50Ns`).
  package init?(key: String) {
    if let measure = BudgetMeasure(rawValue: key) {
      self = measure
    } else if key.hasSuffix("Ns"), let measure = BudgetMeasure(rawValue: String(key.dropLast(2))),
      measure.isDuration
    {
      self = measure
    } else {
      return nil
    }
  }

  /// The keys a budget may spell the measure with.
  package var keys: [String] { isDuration ? [rawValue, rawValue + "Ns"] : [rawValue] }

  /// Whether the value is a duration in ns (else a count).
  package var isDuration: Bool {
    switch self {
    case .p50, .p95, .max, .total, .worstOverrun, .longest: true
    default: false
    }
  }

  /// The measure as people say it: `p95 time`, `red updates`, `missed frames`.
  package var phrase: String {
    switch self {
    case .count: "updates"
    case .orange: "orange updates"
    case .red: "red updates"
    case .skipped: "skipped updates"
    case .unfinished: "unfinished updates"
    case .p50: "p50 time"
    case .p95: "p95 time"
    case .max: "longest update"
    case .longest: "longest"
    case .total: "total time"
    case .missed: "missed frames"
    case .missedByLongUpdate: "frames missed by a long update"
    case .missedByAccumulation: "frames missed by accumulation"
    case .worstOverrun: "worst frame overrun"
    case .finding: "findings"
    }
  }
}
