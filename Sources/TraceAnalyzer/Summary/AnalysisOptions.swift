import TraceModel

/// What every analysis command can set: thresholds, the inspection range, reader threads.
public struct AnalysisOptions: Hashable, Sendable {
  public var thresholds: Thresholds
  public var range: TimeRange
  /// Reader threads (the file is split at line boundaries); by default the CPUs the process
  /// may run on.
  public var threads: Int

  public init(
    thresholds: Thresholds = .instruments, range: TimeRange = TimeRange(),
    threads: Int = ProcessorCount.available
  ) {
    self.thresholds = thresholds
    self.range = range
    self.threads = threads
  }
}
