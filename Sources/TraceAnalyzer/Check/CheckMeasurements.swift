/// What a check reads from one trace: the summary, and the extras only some budgets need.
public struct CheckMeasurements: Sendable {
  public var summary: TraceSummary
  /// Percentiles per kind and over the trace; nil when no limit asked for them.
  public var kindPercentiles: KindPercentiles?
  /// The cause graph's edge counts; nil when no limit asked for them.
  public var edges: EdgeCounts?
  /// The trace's findings; nil when no limit forbids a rule.
  public var findings: [Finding]?

  public init(summary: TraceSummary, kindPercentiles: KindPercentiles? = nil, edges: EdgeCounts? = nil) {
    self.summary = summary
    self.kindPercentiles = kindPercentiles
    self.edges = edges
  }
}
