/// What every analysis command can set: thresholds, the inspection range, reader threads.
public struct AnalysisOptions: Hashable, Sendable {
  public var thresholds: Thresholds
  public var range: TimeRange
  /// Reader threads (the file is split at line boundaries).
  public var threads: Int

  public init(thresholds: Thresholds = .instruments, range: TimeRange = TimeRange(), threads: Int = 2) {
    self.thresholds = thresholds
    self.range = range
    self.threads = threads
  }
}
