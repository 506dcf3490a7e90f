extension Report {
  /// A part of the cause graph the report draws, what it is drawn around, and the findings it
  /// shows.
  package struct Graph: Hashable, Sendable {
    /// What a graph is drawn around.
    package enum Subject: Hashable, Sendable {
      /// A view: the one `--view` names, or the one with the most red updates.
      case view(String)
      /// The nodes of the finding at this index in the diagnosis' findings.
      case finding(Int)
      /// The whole graph's largest edges.
      case whole
    }

    package var subject: Subject
    /// The view it is drawn around (`Module.View`): the one named, or the finding's.
    package var view: String?
    package var graph: CauseGraph
    /// Indices in the diagnosis' findings of those whose nodes and edges are all in the graph,
    /// ascending.
    package var findings: [Int] = []

    package init(subject: Subject, view: String?, graph: CauseGraph) {
      self.subject = subject
      self.view = view
      self.graph = graph
    }

    /// The nodes and edges of a graph, gathered once to check many findings against.
    struct Contents {
      let nodes: Set<CauseGraph.NodeID>
      let edges: Set<Finding.Edge>

      init(_ graph: CauseGraph) {
        nodes = Set(graph.nodes.map(\.id))
        edges = Set(graph.findingEdges)
      }

      /// Whether every node and edge `finding` names is here (never for one without nodes).
      func shows(_ finding: Finding) -> Bool {
        !finding.nodeIDs.isEmpty && finding.nodeIDs.allSatisfy(nodes.contains)
          && finding.edges.allSatisfy(edges.contains)
      }
    }
  }
}
