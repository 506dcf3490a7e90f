import TraceModel

/// What a ``Pass`` finishes with: the read's summary, frames and (when asked) cause graph, and
/// its own parts.
struct FinishedRead<Part: PassPart> {
  let run: TraceRun
  /// Per reader thread, in file order.
  let parts: [ReadPart<Part>]
  /// The merged per-view figures and the spilled updates.
  let builder: SummaryBuilder
  let frames: FrameVerdicts
  let summary: TraceSummary
  /// The cause graph, when a pass of the read asked for it.
  let graph: JoinedGraph?
  /// The trace start relative times count from.
  let anchor: Int64

  /// The frame budget, ns.
  var budget: Int64 { frames.timeline.budget.ns }

  /// The same read with each part's pass share transformed (a pair's half, an option's value).
  func map<Other: PassPart>(_ transform: (Part) -> Other) -> FinishedRead<Other> {
    FinishedRead<Other>(
      run: run,
      parts: parts.map { $0.map(transform) },
      builder: builder, frames: frames, summary: summary, graph: graph, anchor: anchor)
  }
}

/// One reader thread's share of a read: its summary accumulator and its pass part.
struct ReadPart<Part: PassPart> {
  let summary: SummaryAccumulator
  let pass: Part
  /// The strings of the part's events.
  let symbols: SymbolTable
  /// Lines before the part.
  let lineOffset: Int

  /// The same part with its pass share transformed.
  func map<Other: PassPart>(_ transform: (Part) -> Other) -> ReadPart<Other> {
    ReadPart<Other>(summary: summary, pass: transform(pass), symbols: symbols, lineOffset: lineOffset)
  }
}

/// The cause graph of a read, with what the findings join back to it.
struct JoinedGraph {
  var graph: CauseGraph
  /// Catalog node → the graph's node.
  var position: [Int]
  /// Each edge's `from` node.
  var edgeSources: [Int]
  var edgeCounts: [Int]
  /// Every counted cause with its ends resolved (``GraphNeed/resolvedCauses`` only).
  var resolved: ResolvedCauses?
}
