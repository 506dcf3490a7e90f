extension CauseGraph {
  /// The marks of the graph's nodes and edges, from one walk of its findings (a graph may
  /// carry thousands, and a renderer asks for every node and edge).
  struct FindingMarks {
    /// By node index and by edge index: the mark of the findings that name it, nil for none.
    let nodes: [FindingMark?]
    let edges: [FindingMark?]

    init(_ graph: CauseGraph) {
      // Each finding's place once a node or edge (a trace may have thousands of findings, most
      // naming one node: no set of each one's nodes, no copies of them).
      var byNode: [NodeID: [Int]] = [:]
      var byEdge: [Finding.Edge: [Int]] = [:]
      for (index, finding) in graph.findings.enumerated() {
        for id in finding.nodeIDs { Self.add(index, to: &byNode[id, default: []]) }
        for edge in finding.edges { Self.add(index, to: &byEdge[edge, default: []]) }
      }
      let findings = graph.findings
      nodes = graph.nodes.map { node in byNode[node.id].flatMap { FindingMark($0, of: findings) } }
      edges = graph.findingEdges.map { edge in byEdge[edge].flatMap { FindingMark($0, of: findings) } }
    }

    /// Adds `index` to `places` unless it is there (a finding's places come together).
    private static func add(_ index: Int, to places: inout [Int]) {
      if places.last != index { places.append(index) }
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

    /// The mark of the findings at `places` in `findings`.
    init?(_ places: [Int], of findings: [Finding]) {
      guard !places.isEmpty else { return nil }
      severity = places.contains { findings[$0].severity == .error } ? .error : .warning
      bold = places.contains { findings[$0].rule == .fanOut }
      var rules: [FindingRule] = []
      for place in places where !rules.contains(findings[place].rule) { rules.append(findings[place].rule) }
      self.rules = rules
    }
  }
}
