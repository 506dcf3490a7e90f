extension CauseGraph {
  /// The marks of the graph's nodes and edges, from one walk of its findings (a graph may
  /// carry thousands, and a renderer asks for every node and edge).
  struct FindingMarks {
    /// By node index and by edge index: the mark of the findings that name it, nil for none.
    let nodes: [FindingMark?]
    let edges: [FindingMark?]

    init(_ graph: CauseGraph) {
      var byNode: [NodeID: [Int]] = [:]
      var byEdge: [Finding.Edge: [Int]] = [:]
      for (index, finding) in graph.findings.enumerated() {
        for id in Set(finding.nodeIDs) { byNode[id, default: []].append(index) }
        for edge in Set(finding.edges) { byEdge[edge, default: []].append(index) }
      }
      nodes = graph.nodes.map { node in FindingMark((byNode[node.id] ?? []).map { graph.findings[$0] }) }
      edges = graph.findingEdges.map { edge in FindingMark((byEdge[edge] ?? []).map { graph.findings[$0] }) }
    }
  }

  /// The graph's edges as findings name them (by their ends' ids), in edge order.
  var findingEdges: [Finding.Edge] {
    let ids = nodes.map(\.id)
    return edges.map { Finding.Edge(from: ids[$0.from], to: ids[$0.to]) }
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
