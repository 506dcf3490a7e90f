import TraceAnalyzer
import TraceModel

extension TraceCLI {
  /// Refuses a trace without updates (in the range) as bad data, unless `allowed`: a gate
  /// must not pass because the recording failed and wrote nothing.
  static func refuseEmpty(_ file: String, updates: Int, options: AnalysisOptions, allowed: Bool)
    throws(TraceReadError)
  {
    guard updates == 0 && !allowed else { return }
    let message: String
    if let restriction = TraceSummary.restriction(range: options.range, windows: options.windows) {
      let options = [
        options.range.isUnbounded ? nil : "--from and --to", options.windows.isEmpty ? nil : "--window",
      ]
      message =
        "no updates in \(restriction) — check \(options.compactMap { $0 }.joined(separator: " and "))"
        + " (--allow-empty accepts an empty range)"
    } else {
      message = "no updates in the trace — did the recording fail? (--allow-empty accepts an empty trace)"
    }
    throw .badData(TraceParseError(file: file, line: 0, message: message))
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
