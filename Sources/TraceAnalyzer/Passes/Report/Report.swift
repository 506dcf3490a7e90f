import TraceModel

/// Everything `tracecli report` draws about one trace: the diagnosis (findings, summary, cause
/// graph), the timeline at pixel-column scale, strips of the worst missed frames and the part
/// of the cause graph around one view.
package struct Report: Hashable, Sendable {
  package var diagnosis: Diagnosis
  package var timeline: ReportTimeline
  package var strips: [FrameStrip]
  /// The view the graph is drawn around (`Module.View`), nil for the whole graph's largest edges.
  package var graphView: String?
  /// The part of the cause graph the page draws.
  package var graph: CauseGraph

  package init(
    diagnosis: Diagnosis, timeline: ReportTimeline, strips: [FrameStrip], graphView: String?,
    graph: CauseGraph
  ) {
    self.diagnosis = diagnosis
    self.timeline = timeline
    self.strips = strips
    self.graphView = graphView
    self.graph = graph
  }

  package var summary: TraceSummary { diagnosis.summary }

  /// Edges the page's graph shows at most.
  package static let graphEdgeLimit = 40

  /// Findings whose card draws an icicle of their node's samples, at most: the first
  /// `long-body` and `blocking-update` findings of nodes with samples (each icicle has at most
  /// ``Icicle/boxLimit`` boxes, so the page stays bounded).
  package static let icicleLimit = 10

  /// The view a report draws the graph around when none is asked for: the top finding's, else
  /// the view with the most red updates; nil when neither exists.
  static func defaultView(_ diagnosis: Diagnosis) -> String? {
    if let view = diagnosis.findings.lazy.compactMap(\.view).first { return view }
    let reddest = diagnosis.summary.views.max { ($0.statistics.red, $1.key) < ($1.statistics.red, $0.key) }
    guard let reddest, reddest.statistics.red > 0 else { return nil }
    return reddest.key.qualifiedName
  }

  /// The graph around `view` (its causes, capped to the largest edges), or the whole graph's
  /// largest edges; nil when `view` names no view.
  static func graph(of whole: CauseGraph, around view: String?) -> CauseGraph? {
    guard let view else {
      return whole.selecting(CauseGraph.Selection(view: nil, edgeLimit: graphEdgeLimit))
    }
    return whole.selecting(CauseGraph.Selection(view: view))?.largestEdges(graphEdgeLimit)
  }
}
