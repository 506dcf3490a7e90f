import TraceAnalyzer
import TraceModel

extension TraceCLI {
  /// Refuses a read that cannot be judged ("cannot judge", 65): no updates in it, or empty
  /// SwiftUI tables (``RecordingCheck``). A read whose windows the recording lacks keeps
  /// nothing on purpose with `--allow-missing-window`, and is not refused for that.
  static func refuseUnjudgeable(_ summary: TraceSummary, allowances: Allowances) throws(TraceReadError) {
    try refuseUnjudgeable(RecordingFacts(summary), allowances: allowances)
  }

  /// ``refuseUnjudgeable(_:allowances:)`` of a run's facts.
  static func refuseUnjudgeable(_ facts: RecordingFacts, allowances: Allowances) throws(TraceReadError) {
    try RecordingCheck.refuseEmpty(
      facts, allowEmpty: allowances.empty, allowMissingWindow: allowances.missingWindow)
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
