import TraceAnalyzer
import TraceModel

extension TraceCLI {
  /// Refuses a trace without updates (in the range) as bad data, unless `allowed`: a gate
  /// must not pass because the recording failed and wrote nothing.
  static func refuseEmpty(_ file: String, updates: Int, range: TimeRange, allowed: Bool)
    throws(TraceReadError)
  {
    guard updates == 0 && !allowed else { return }
    let message =
      range.isUnbounded
      ? "no updates in the trace — did the recording fail? (--allow-empty accepts an empty trace)"
      : "no updates in the range \(range.text) — check --from and --to (--allow-empty accepts an empty range)"
    throw .badData(TraceParseError(file: file, line: 0, message: message))
  }

  /// Notes on `errors` when a range keeps no update of `summary`, naming the trace's span.
  static func noteEmptyRange(_ summary: TraceSummary, to errors: inout some TextOutputStream) {
    guard !summary.range.isUnbounded, summary.total.count == 0 else { return }
    var note = "tracecli: note: no updates in the range \(summary.range.text)"
    if let span = summary.spanNs { note += "; the trace spans 0.000 s ..< \(DurationText.seconds(span))" }
    errors.write(note + "\n")
  }
}
