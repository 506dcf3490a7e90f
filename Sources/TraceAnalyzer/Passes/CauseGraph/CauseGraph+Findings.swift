extension CauseGraph {
  /// The graph's ``findings`` that name `node`.
  package func findings(ofNode node: Node) -> [Finding] {
    let id = node.id
    return findings.filter { $0.nodeIDs.contains(id) }
  }

  /// The findings that are about the edge from `from` to `to` (an update loop's cycle, a
  /// fan-out, churn, an over-broad input).
  package func findings(ofEdgeFrom from: Node, to: Node) -> [Finding] {
    let (from, to) = (from.id, to.id)
    return findings.filter { finding in finding.edges.contains { $0.from == from && $0.to == to } }
  }

  /// How a renderer marks a node or edge its findings name: red for an error (an update
  /// loop's cycle), orange for a warning; bold for a fan-out edge.
  struct FindingMark {
    /// The worst of the findings' severities.
    var severity: Finding.Severity
    var bold: Bool
    var rules: [FindingRule]

    /// The mark's colour in DOT and Mermaid: red for an error, orange for a warning.
    var color: String { severity == .error ? "#c0392b" : "#e67e22" }

    init?(_ findings: [Finding]) {
      guard !findings.isEmpty else { return nil }
      severity = findings.contains { $0.severity == .error } ? .error : .warning
      bold = findings.contains { $0.rule == .fanOut }
      var rules: [FindingRule] = []
      for finding in findings where !rules.contains(finding.rule) { rules.append(finding.rule) }
      self.rules = rules
    }
  }
}
