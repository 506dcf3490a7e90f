/// What one `--fail-on` rule found in a diff.
package struct RuleVerdict: Hashable, Sendable {
  /// The rule's outcome; the command exits 1 on any failure, else 2 on any inconclusive.
  package enum Outcome: String, Hashable, Sendable {
    case pass
    case fail
    /// A change exceeds the rule but the runs do not show it (q ≥ α, or within their spread).
    case inconclusive
  }

  /// One subject whose change exceeds the rule.
  package struct Hit: Hashable, Sendable {
    /// A view (`Landmarks.LandmarkListItemView (body)`), `frames` or an edge.
    package var subject: String
    package var change: FigureChange

    /// Why the change fails or is inconclusive: `slower (p 0.002 q 0.004)`, `not shown by the
    /// runs (p 0.2 q 0.4 ≥ α 0.05)`, `within the runs' spread (1.20 ms)`; nil for a failure
    /// without a verdict.
    package var reason: String? {
      if let verdict = change.verdict {
        return verdict.outcome == .slower
          ? "slower (\(verdict.text))"
          : "not shown by the runs (\(verdict.text) ≥ α \(FigureVerdict.format(verdict.alpha)))"
      }
      return change.isNoise ? "within the runs' spread (\(change.measure.text(change.noiseFloor)))" : nil
    }
  }

  package var rule: DiffRule
  /// Why the rule was not applied (edges without a cause graph, hitches the runs did not
  /// record); nil when it was.
  package var notEvaluated: String?
  /// Real changes over the rule.
  package var failures: [Hit] = []
  /// Changes over the rule but within the runs' spread.
  package var inconclusive: [Hit] = []

  package init(rule: DiffRule, notEvaluated: String? = nil) {
    self.rule = rule
    self.notEvaluated = notEvaluated
  }

  package var evaluated: Bool { notEvaluated == nil }

  package var outcome: Outcome {
    if !failures.isEmpty { return .fail }
    if !inconclusive.isEmpty { return .inconclusive }
    return .pass
  }

  /// The worst outcome of `verdicts`: fail over inconclusive over pass.
  package static func overall(_ verdicts: [RuleVerdict]) -> Outcome {
    if verdicts.contains(where: { $0.outcome == .fail }) { return .fail }
    if verdicts.contains(where: { $0.outcome == .inconclusive }) { return .inconclusive }
    return .pass
  }
}
