/// The outcome of checking one trace against a budget.
package struct CheckResult: Hashable, Sendable {
  /// The trace's name as given.
  package var trace: String
  /// The budget file's name (`command line` for options only).
  package var budget: String
  /// Every limit on every subject it names, in budget order.
  package var results: [LimitResult]
  /// What the trace reader warned about.
  package var warnings: [String]
  /// The baseline of accepted findings the check used, if any.
  package var baseline: BaselineOutcome?

  /// What a baseline did in a check.
  package struct BaselineOutcome: Hashable, Sendable {
    /// The baseline file's name as given.
    package var file: String
    /// Its entries that no finding of the trace matches: fixed, to be removed from it.
    package var fixed: [Baseline.Entry]
  }

  package init(trace: String, budget: String, results: [LimitResult], warnings: [String] = []) {
    self.trace = trace
    self.budget = budget
    self.results = results
    self.warnings = warnings
  }

  /// Whether every limit holds.
  package var passed: Bool { results.allSatisfy(\.passed) }

  /// The findings the baseline accepted.
  package var accepted: [LimitResult] { results.filter(\.accepted) }

  /// The results over their limit, in budget order.
  package var violations: [LimitResult] { results.filter { $0.judged && !$0.passed } }

  /// The results as renderers list them: failures, then those not judged, then the rest.
  package var listed: [LimitResult] { violations + unjudged + results.filter(\.passed) }

  /// `within budget: all 3 limits hold`, `over budget: 1 of 3 limits failed`, or `cannot
  /// judge: …` (with how to record what is missing).
  package var verdict: String {
    let total = results.count
    let failed = violations.count
    let limits = "limit\(total == 1 ? "" : "s")"
    var parts: [String] = []
    if failed > 0 { parts.append("over budget: \(failed) of \(total) \(limits) failed") }
    if !unjudged.isEmpty {
      let missing = Set(unjudged.map(\.limit.scope.description)).sorted()
      parts.append(
        "cannot judge \(unjudged.count) of \(total) \(limits): the recording did not capture "
          + missing.joined(separator: " or ") + " (" + HitchFigures.howToRecord(missing)
          + ", or list them in the header's \"recorded\"; --allow-unrecorded lets them pass)")
    }
    var notes: [String] = []
    if !accepted.isEmpty {
      let count = accepted.count
      notes.append("\(count) finding\(count == 1 ? "" : "s") accepted by \(baseline?.file ?? "the baseline")")
    }
    if !waived.isEmpty {
      notes.append("\(waived.count) not judged: not recorded, allowed by --allow-unrecorded")
    }
    let acceptance = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    if parts.isEmpty {
      return "within budget: \(total == 1 ? "the limit holds" : "all \(total) limits hold")" + acceptance
    }
    return parts.joined(separator: "; ") + acceptance
  }

  /// The results the recording cannot judge (it did not capture what they measure).
  package var unjudged: [LimitResult] { results.filter { !$0.judged && !$0.waived } }

  /// The results not judged on purpose (`--allow-unrecorded`): they pass.
  package var waived: [LimitResult] { results.filter(\.waived) }
}
