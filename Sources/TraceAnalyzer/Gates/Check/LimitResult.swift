/// One limit measured on one subject: passed when the value is at most the limit's `max`.
package struct LimitResult: Hashable, Sendable {
  package var limit: BudgetLimit
  /// What was measured: `Landmarks.LandmarkListItemView (body)`, `frames`, an edge.
  package var subject: String
  /// The measured value: a count, or ns.
  package var value: Int64

  package init(limit: BudgetLimit, subject: String, value: Int64) {
    self.limit = limit
    self.subject = subject
    self.value = value
  }

  /// Whether the recording could hold what the limit measures (a hitch limit on a recording
  /// without the Hitches instrument cannot be judged, and so cannot pass).
  package var judged = true

  /// The finding's identity, for a limit on a finding (`--forbid`).
  package var fingerprint: FindingFingerprint?
  /// Whether the finding is in the check's baseline: accepted on purpose, it passes.
  package var accepted = false

  /// Whether a limit the recording cannot judge passes on purpose (`--allow-unrecorded`).
  package var waived = false

  package var passed: Bool { judged ? accepted || value <= limit.max : waived }

  /// The value as people read it (`116`, `2.22 ms`), exact when rounding would hide the excess;
  /// `not recorded` when not judged.
  package var valueText: String { judged ? texts.value : "not recorded" }

  /// `FAIL`, `ok`, `accepted` (a finding the baseline lists), `CANNOT JUDGE`, or `not judged`
  /// (waived).
  package var mark: String {
    !judged ? (waived ? "not judged" : "CANNOT JUDGE") : accepted ? "accepted" : passed ? "ok" : "FAIL"
  }

  /// The limit as people read it, exact when rounding would make it look equal to the value.
  package var maxText: String { texts.max }

  private var texts: (value: String, max: String) {
    let value = BudgetLimit.text(value, measure: limit.measure)
    let max = BudgetLimit.text(limit.max, measure: limit.measure)
    if value == max && self.value != limit.max { return ("\(self.value) ns", "\(limit.max) ns") }
    return (value, max)
  }

  /// `perf-budget.json:7:14` when the limit comes from a file.
  package func location(in file: String) -> String? {
    limit.location.map { "\(file):\($0.line):\($0.column)" }
  }
}
