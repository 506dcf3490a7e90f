import TraceAnalyzer
import TraceModel

extension TraceCLI {
  /// Refuses a read that cannot be judged ("cannot judge", 65).
  ///
  /// That is: no updates in it, or empty SwiftUI tables (``RecordingCheck``). A read whose
  /// windows the recording lacks keeps nothing on purpose with `--allow-missing-window`, and is
  /// not refused for that.
  ///
  /// `needsUpdates`: whether the gate measures updates (not hitches or hangs alone).
  static func refuseUnjudgeable(_ summary: TraceSummary, allowances: Allowances, needsUpdates: Bool = true)
    throws(TraceReadError)
  {
    try refuseUnjudgeable(RecordingFacts(summary), allowances: allowances, needsUpdates: needsUpdates)
  }

  /// ``refuseUnjudgeable(_:allowances:needsUpdates:)`` of a run's facts.
  static func refuseUnjudgeable(_ facts: RecordingFacts, allowances: Allowances, needsUpdates: Bool = true)
    throws(TraceReadError)
  {
    try RecordingCheck.refuseEmpty(
      facts, allowEmpty: allowances.empty, allowMissingWindow: allowances.missingWindow,
      needsUpdates: needsUpdates)
  }

  /// Notes on `errors` when a range or window keeps no update of `summary`, naming the
  /// trace's span.
  static func noteEmptyRange(_ summary: TraceSummary, to errors: inout some TextOutputStream) {
    guard let restriction = summary.restriction, summary.total.count == 0 else { return }
    var note = "tracecli: note: no updates in \(restriction)"
    if let span = summary.spanNs { note += "; the trace spans 0.000 s ..< \(DurationText.seconds(span))" }
    errors.write(note + "\n")
  }
}
