/// What a check reads from one trace: the summary, and the extras only some budgets need.
package struct CheckMeasurements: Sendable {
  package var summary: TraceSummary
  /// Percentiles per kind and over the trace; nil when no limit asked for them.
  package var kindPercentiles: KindPercentiles?
  /// The cause graph's edge counts; nil when no limit asked for them.
  package var edges: EdgeCounts?
  /// The trace's findings; nil when no limit forbids a rule.
  package var findings: [Finding]?

  package init(summary: TraceSummary, kindPercentiles: KindPercentiles? = nil, edges: EdgeCounts? = nil) {
    self.summary = summary
    self.kindPercentiles = kindPercentiles
    self.edges = edges
  }
}
