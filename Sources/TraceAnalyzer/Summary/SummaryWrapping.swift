import TraceModel

/// A sink that carries a ``SummaryAccumulator`` (and maybe more).
protocol SummaryWrapping: TraceSink {
  var summary: SummaryAccumulator { get }
  /// Called once the part has been read.
  func finish()
}
