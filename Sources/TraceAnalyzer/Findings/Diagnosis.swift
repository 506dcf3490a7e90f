/// What `tracecli diagnose` found in a trace: its findings, worst first, and the summary they
/// were read from.
public struct Diagnosis: Hashable, Sendable {
  /// Errors first, then by cost, largest first.
  public var findings: [Finding]
  public var summary: TraceSummary
  package var settings: FindingSettings
  /// The trace's whole cause-and-effect graph (for the range).
  package var graph: CauseGraph

  package init(findings: [Finding], summary: TraceSummary, settings: FindingSettings, graph: CauseGraph) {
    self.findings = findings
    self.summary = summary
    self.settings = settings
    self.graph = graph
  }

  /// The trace's display name.
  public var file: String { summary.file }
}
