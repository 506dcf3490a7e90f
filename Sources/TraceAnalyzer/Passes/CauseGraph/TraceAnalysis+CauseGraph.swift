import TraceModel

extension TraceAnalysis {
  /// Builds the whole cause-and-effect graph of the trace made of `paths` (one JSON Lines file
  /// or `-`, or xctrace exports) for the inspection range of `options`.
  ///
  /// Built in one streaming pass (one part per reader thread) and a partitioned join (see
  /// ``CauseGraphBuilder``): memory grows with the number of distinct nodes and edges, not
  /// with the number of events.
  ///
  /// The range (relative to the trace start: the header's `start`, else the earliest time in
  /// the trace, as for `summarize`) keeps the causes whose `time` lies in it; a cause without
  /// a time is placed by its target's time (an update's start, a source's `time`). Node counts
  /// are the updates whose start lies in the range. With windows, a cause counts by its target
  /// update, or (into a source) by its own time. Narrow the result with
  /// ``CauseGraph/subgraph(around:direction:depth:)`` and friends.
  package static func causeGraph(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> CauseGraph {
    let run = try TraceRun(paths: paths, name: name, options: options)
    let window = try run.window()
    let partitions = run.causePartitions
    let early = options.earlyCauses
    let reading = try run.readEvents {
      CauseGraphSink(partitions: partitions, window: window, early: early)
    }
    var graph = CauseGraphBuilder.build(
      parts: reading.parts, file: run.displayName, range: options.range, threads: options.readerThreads)
    graph.windows = options.windows
    return graph
  }
}
