import TraceModel

/// One limit of a budget: a scope, a measure and the largest value that passes.
package struct BudgetLimit: Hashable, Sendable {
  /// How the limit's value is written in the file, so `--tighten` writes it back alike.
  package enum Literal: Hashable, Sendable {
    /// A JSON integer (a count, or ns).
    case integer
    /// A string with a unit, e.g. `"2ms"`: the unit as written and whether a space precedes it.
    case duration(unit: String, spaced: Bool)
    /// Not from a file (a command-line option).
    case none
  }

  package var scope: BudgetScope
  package var measure: BudgetMeasure
  /// The largest value that passes: a count, or ns for durations.
  package var max: Int64
  /// The name people recognise in failure messages: the file's `name`, or one made up.
  package var name: String
  /// Where the value is written in the budget file (nil for command-line limits).
  package var location: TextLocation?
  /// The value's bytes in the budget file (the JSON token, quotes included).
  package var valueRange: Range<Int>?
  package var literal: Literal
  /// The window (`"windows"` section) the limit applies to alone; nil for the whole trace.
  package var window: String?

  package init(
    scope: BudgetScope, measure: BudgetMeasure, max: Int64, name: String? = nil,
    location: TextLocation? = nil, valueRange: Range<Int>? = nil, literal: Literal = .none
  ) {
    self.scope = scope
    self.measure = measure
    self.max = max
    self.name = name ?? BudgetLimit.defaultName(scope: scope, measure: measure, max: max)
    self.location = location
    self.valueRange = valueRange
    self.literal = literal
  }

  /// The measure as check results name it: `red`, `p95`; for recorded hitches and hangs, the
  /// section and its key (`hitches.count`, `hangs.longestNs`).
  package var measureKey: String {
    switch scope {
    case .hitches, .hangs: "\(scope).\(measure.isDuration ? measure.rawValue + "Ns" : measure.rawValue)"
    default: measure.rawValue
    }
  }

  /// `max` as people read it: `3`, `2.00 ms`.
  package var maxText: String { BudgetLimit.text(max, measure: measure) }

  /// A value of `measure` as people read it.
  package static func text(_ value: Int64, measure: BudgetMeasure) -> String {
    measure.isDuration ? DurationText.format(value) : String(value)
  }

  /// A name for a limit the file does not name: `no red body updates`, `p95 time at most 400 µs`,
  /// `at most 2 causes of LandmarkListItemView.body from @Observable LandmarkCollection.landmarks`.
  package static func defaultName(scope: BudgetScope, measure: BudgetMeasure, max: Int64) -> String {
    if case .finding(let rule) = scope { return rule.rawValue }
    if scope == .hitches || scope == .hangs {
      let one = scope == .hitches ? "hitch" : "hang"
      switch measure {
      case .total: return "\(one) time at most \(DurationText.format(max))"
      case .longest: return "no \(one) longer than \(DurationText.format(max))"
      default: return max == 0 ? "no \(scope)" : "at most \(max) \(max == 1 ? one : scope.description)"
      }
    }
    if case .edge(let edge) = scope {
      // An edge counts cause events (as the graph's edges and diff do), not updates.
      var text = "at most \(max) cause\(max == 1 ? "" : "s")"
      if let to = edge.to { text += " of \(to)" }
      if let from = edge.from { text += " from \(from)" }
      if let label = edge.label { text += " (\(label) edges)" }
      return text
    }
    if measure.isDuration {
      return measure == .max
        ? "no update longer than \(DurationText.format(max))"
        : "\(measure.phrase) at most \(DurationText.format(max))"
    }
    var phrase = measure.phrase
    var kind: UpdateKind?
    if case .view(let selector) = scope { kind = selector.kind }
    if case .kind(let scopeKind) = scope { kind = scopeKind }
    if let kind { phrase = phrase.replacing("updates", with: "\(kind) updates", maxReplacements: 1) }
    if max == 1 {
      phrase = phrase.replacing("updates", with: "update", maxReplacements: 1)
        .replacing("frames", with: "frame", maxReplacements: 1)
    }
    return max == 0 ? "no \(phrase)" : "at most \(max) \(phrase)"
  }
}
