/// One problem in a trace, named the way an engineer reading it would, with its evidence.
public struct Finding: Hashable, Sendable {
  /// How bad it is: errors are listed first.
  public enum Severity: String, Hashable, Sendable, Comparable, CustomStringConvertible {
    case warning
    case error

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
  }

  /// Where a source's value was set, as the trace recorded it.
  package struct Backtrace: Hashable, Sendable {
    /// The source's label, such as `@State tags`.
    package var source: String
    /// Innermost frame first.
    package var frames: [String]
  }

  public var rule: FindingRule
  public var severity: Severity
  /// One line with the numbers, such as `@Observable LandmarkCollection.landmarks fans out to
  /// 39 LandmarkListItemView.body per change (40 changes, 1 560 updates, 742 ms)`.
  public var title: String
  /// The cause-graph nodes the rule names (analysis.md gives their order per rule).
  package var nodeIDs: [CauseGraph.NodeID]
  /// What the rule counts (updates, frames…; see analysis.md).
  public var count: Int
  /// The time it cost, ns.
  public var costNs: Int64
  /// A few update ids to look at with `tracecli why --update`.
  public var examples: [Int64]
  /// Lines of evidence beyond the title (counts, frames missed, a loop's path).
  public var evidence: [String]
  /// The backtraces the trace holds for the sources involved.
  package var backtraces: [Backtrace]
  /// A loop's path, `A → B → A` (update-loop only).
  public var path: [String]
  /// The view to start `tracecli cause-graph --view` from, if any.
  public var view: String?
  /// The edges of the cause graph the finding is about.
  package var edges: [Edge]
  /// What the samples of its node measured (`long-body`, `blocking-update`), when the trace
  /// has samples there.
  package var measured: MeasuredCode?

  /// An edge a finding marks in the cause graph.
  package struct Edge: Hashable, Sendable {
    package var from: CauseGraph.NodeID
    package var to: CauseGraph.NodeID
  }

  package init(
    rule: FindingRule, severity: Severity, title: String, nodes: [CauseGraph.NodeID], count: Int, costNs: Int64,
    examples: [Int64], evidence: [String], backtraces: [Backtrace], path: [String], view: String?,
    edges: [Edge]
  ) {
    self.rule = rule
    self.severity = severity
    self.title = title
    nodeIDs = nodes
    self.count = count
    self.costNs = costNs
    self.examples = examples
    self.evidence = evidence
    self.backtraces = backtraces
    self.path = path
    self.view = view
    self.edges = edges
  }

  /// The labels of the cause-graph nodes the rule names (analysis.md gives their order per rule).
  public var nodes: [String] { nodeIDs.map(\.label) }

  /// What to do about it.
  public var suggestion: String { measured?.fix ?? rule.suggestion }

  /// Errors first, then by cost (largest first), then by rule and nodes.
  static func listedBefore(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
    if lhs.costNs != rhs.costNs { return lhs.costNs > rhs.costNs }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    return lhs.nodes.lexicographicallyPrecedes(rhs.nodes) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// The places of `findings` in ``listedBefore(_:_:)`` order.
  ///
  /// Compares figures gathered once, the findings themselves only on ties: a finding read from
  /// its array in a comparison is a copy, a dozen retains.
  static func listedOrder(_ findings: [Finding]) -> [Int] {
    let severities = findings.map(\.severity)
    let costs = findings.map(\.costNs)
    let rules = findings.map(\.rule)
    return findings.indices.sorted { a, b in
      if severities[a] != severities[b] { return severities[a] > severities[b] }
      if costs[a] != costs[b] { return costs[a] > costs[b] }
      if rules[a] != rules[b] { return rules[a] < rules[b] }
      return listedBefore(findings[a], findings[b])
    }
  }
}
