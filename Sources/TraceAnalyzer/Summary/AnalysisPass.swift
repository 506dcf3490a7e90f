import TraceModel

/// What the second phase of a read leaves for a command that needs more than the summary.
struct AnalysisPass<Sink: SummaryWrapping> {
  let frames: FrameVerdicts
  let parts: [TracePart<Sink>]
  /// The merged per-view figures and the spilled updates.
  let summary: SummaryBuilder
  /// The frame budget, ns.
  var budget: Int64 { frames.timeline.budget.ns }
  /// The trace start the range and relative times count from.
  let anchor: Int64
  let displayName: String
}
