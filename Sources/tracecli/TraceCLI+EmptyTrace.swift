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
}
