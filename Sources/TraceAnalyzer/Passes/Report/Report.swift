import TraceModel

/// Everything `tracecli report` draws about one trace: the diagnosis (findings, summary, cause
/// graph), the timeline at pixel-column scale, strips of the worst missed frames and the parts
/// of the cause graph that show the findings.
package struct Report: Hashable, Sendable {
  package var diagnosis: Diagnosis
  package var timeline: ReportTimeline
  package var strips: [FrameStrip]
  /// The parts of the cause graph the page draws: the first around `--view` or the top
  /// finding, then one for each finding no graph before it shows (see ``graphs(_:view:)``).
  package var graphs: [Graph]

  package init(diagnosis: Diagnosis, timeline: ReportTimeline, strips: [FrameStrip], graphs: [Graph]) {
    self.diagnosis = diagnosis
    self.timeline = timeline
    self.strips = strips
    self.graphs = graphs
  }

  package var summary: TraceSummary { diagnosis.summary }

  /// The first graph: the page's main one (empty when there is none).
  package var graph: CauseGraph { graphs.first?.graph ?? CauseGraph(nodes: [], edges: []) }

  /// Findings whose card draws an icicle of their node's samples, at most: the first
  /// `long-body` and `blocking-update` findings of nodes with samples (each icicle has at most
  /// ``Icicle/boxLimit`` boxes, so the page stays bounded).
  package static let icicleLimit = 10

  /// The view the first graph is drawn around (`Module.View`), nil for none.
  package var graphView: String? { graphs.first?.view }

  /// The index in ``graphs`` of the first graph that shows the finding at `index` in the
  /// diagnosis' findings; nil when none does.
  package func graphIndex(showing index: Int) -> Int? {
    graphs.firstIndex { $0.findings.contains(index) }
  }

  /// Edges one graph shows at most.
  package static let graphEdgeLimit = 40
  /// Graphs a page draws at most.
  package static let graphLimit = 4

  /// The graphs a report draws; nil when `view` names no view.
  ///
  /// First the graph around `view`, when given; then, for each finding in order that no graph
  /// before shows, the graph around its nodes (see ``graph(of:around:)``), up to
  /// ``graphLimit`` graphs. A finding without nodes gets none. With neither, the graph around
  /// the view with the most red updates, else the whole graph's largest edges.
  static func graphs(_ diagnosis: Diagnosis, view: String?) -> [Graph]? {
    let whole = diagnosis.graph
    let findings = diagnosis.findings
    var graphs: [Graph] = []
    // What each graph holds, gathered once: a trace may have thousands of findings.
    var contents: [Graph.Contents] = []
    if let view {
      let focus = whole.nodes(matching: view)
      guard !focus.isEmpty else { return nil }
      graphs.append(Graph(subject: .view(view), view: view, graph: graph(of: whole, around: focus)))
      contents.append(Graph.Contents(graphs[0].graph))
    }
    for (index, finding) in findings.enumerated() where graphs.count < graphLimit {
      guard !contents.contains(where: { $0.shows(finding) }) else { continue }
      let ids = Set(finding.nodeIDs)
      let focus = whole.nodes.indices.filter { ids.contains(whole.nodes[$0].id) }
      guard !focus.isEmpty else { continue }
      graphs.append(
        Graph(subject: .finding(index), view: finding.view, graph: graph(of: whole, around: focus)))
      contents.append(Graph.Contents(graphs[graphs.count - 1].graph))
    }
    if graphs.isEmpty {
      if let view = reddestView(diagnosis), case let focus = whole.nodes(matching: view), !focus.isEmpty {
        graphs.append(Graph(subject: .view(view), view: view, graph: graph(of: whole, around: focus)))
      } else {
        let largest = whole.selecting(CauseGraph.Selection(view: nil, edgeLimit: graphEdgeLimit)) ?? whole
        graphs.append(Graph(subject: .whole, view: nil, graph: largest))
      }
    }
    for index in graphs.indices {
      let shown = Graph.Contents(graphs[index].graph)
      graphs[index].findings = findings.indices.filter { shown.shows(findings[$0]) }
    }
    return graphs
  }

  /// The nodes `focus` (highlighted) and every node with a path into them, capped to the
  /// ``graphEdgeLimit`` largest edges.
  ///
  /// When that has no edge but `whole` has some, the nodes and their effects too; when that
  /// has none either, the whole graph's largest edges with the focus nodes among them: a graph
  /// with edges is never drawn as lone nodes.
  static func graph(of whole: CauseGraph, around focus: [Int]) -> CauseGraph {
    let causes = whole.subgraph(around: focus).largestEdges(graphEdgeLimit)
    guard causes.edges.isEmpty, !whole.edges.isEmpty else { return causes }
    let both = whole.subgraph(around: focus, direction: .both).largestEdges(graphEdgeLimit)
    guard both.edges.isEmpty else { return both }
    var marked = whole
    marked.focus = Array(Set(focus)).sorted()
    return marked.withoutIsolatedNodes().largestEdges(graphEdgeLimit)
  }

  /// The view with the most red updates (`Module.View`); nil when no update is red.
  static func reddestView(_ diagnosis: Diagnosis) -> String? {
    let reddest = diagnosis.summary.views.max { ($0.statistics.red, $1.key) < ($1.statistics.red, $0.key) }
    guard let reddest, reddest.statistics.red > 0 else { return nil }
    return reddest.key.qualifiedName
  }
}
