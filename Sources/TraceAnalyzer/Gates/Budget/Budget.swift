import TraceModel

/// A performance budget: the limits a trace must stay within, and the analysis settings they
/// assume (thresholds, inspection range).
///
/// Read from a budget file by ``BudgetParser`` (documented in docs/ci.md), or made from
/// command-line limits (`--max-red 0`).
package struct Budget: Hashable, Sendable {
  /// The file's name as given; `command line` for limits from options only.
  package var file: String
  /// The orange threshold the file sets, ns.
  package var orange: Int64?
  /// The red threshold the file sets, ns.
  package var red: Int64?
  /// The inspection range the file sets (relative to the trace start).
  package var range: TimeRange?
  /// In file order.
  package var limits: [BudgetLimit]
  /// The findings rules' thresholds the file's `findings` section sets (nil: none).
  package var findingSettings: FindingSettings?
  /// Those a `"windows"` entry's own `findings` section sets, by window.
  package var windowFindingSettings: [String: FindingSettings] = [:]
  /// Where each window's name is written in the file.
  package var windowLocations: [String: TextLocation] = [:]

  package init(
    file: String, orange: Int64? = nil, red: Int64? = nil, range: TimeRange? = nil, limits: [BudgetLimit] = []
  ) {
    self.file = file
    self.orange = orange
    self.red = red
    self.range = range
    self.limits = limits
  }

  /// The windows of the `"windows"` section, in file order.
  package var windows: [String] {
    var names: [String] = []
    for limit in limits { if let window = limit.window, !names.contains(window) { names.append(window) } }
    return names
  }

  /// The budget of one window (its limits alone), or of the whole trace (nil).
  package func limits(in window: String?) -> Budget {
    var budget = self
    budget.limits = limits.filter { $0.window == window }
    if let window, let settings = windowFindingSettings[window] { budget.findingSettings = settings }
    return budget
  }

  /// Whether a limit needs percentiles over a whole kind or trace (a second look at durations).
  package var needsKindPercentiles: Bool {
    limits.contains { limit in
      switch limit.scope {
      case .trace, .kind: limit.measure == .p50 || limit.measure == .p95
      default: false
      }
    }
  }

  /// Whether a limit measures updates (all but those on the recorded hitches and hangs): a
  /// read that keeps none cannot judge it.
  package var needsUpdates: Bool {
    limits.contains { $0.scope != .hitches && $0.scope != .hangs }
  }

  /// Whether a limit forbids findings of a rule (the trace must be diagnosed).
  package var needsFindings: Bool {
    limits.contains { if case .finding = $0.scope { true } else { false } }
  }

  /// Whether a limit counts cause-graph edges.
  package var needsCauseGraph: Bool {
    limits.contains { if case .edge = $0.scope { true } else { false } }
  }

  /// Adds the limits `check` takes on its command line: at most `maxRed` red and `maxOrange`
  /// orange updates in the trace, `maxMissedFrames` frames missed, at most `maxHitches` of the
  /// app's hitches lasting `maxHitchTime` together, no hang longer than `maxHang`, and no
  /// finding of the `forbidden` rules.
  package mutating func addCommandLineLimits(
    maxRed: Int?, maxOrange: Int?, maxMissedFrames: Int?, maxHitches: Int? = nil, maxHitchTime: Int64? = nil,
    maxHang: Int64? = nil, forbidden: [FindingRule]
  ) {
    let limits: [(Int64?, BudgetScope, BudgetMeasure)] = [
      (maxRed.map(Int64.init), .trace, .red), (maxOrange.map(Int64.init), .trace, .orange),
      (maxMissedFrames.map(Int64.init), .frames, .missed), (maxHitches.map(Int64.init), .hitches, .count),
      (maxHitchTime, .hitches, .total), (maxHang, .hangs, .longest),
    ]
    for case let (max?, scope, measure) in limits {
      self.limits.append(BudgetLimit(scope: scope, measure: measure, max: max))
    }
    for rule in forbidden {
      self.limits.append(BudgetLimit(scope: .finding(rule), measure: .finding, max: 0))
    }
  }

  /// `options` with the file's thresholds and range where `options` gives none.
  package func applying(to options: AnalysisOptions) -> AnalysisOptions {
    var result = options
    if result.orange == nil { result.orange = orange }
    if result.red == nil { result.red = red }
    if let range, result.range.isUnbounded { result.range = range }
    return result
  }
}
