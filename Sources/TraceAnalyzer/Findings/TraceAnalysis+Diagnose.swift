import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` (one JSON Lines file or `-`, or xctrace exports) and
  /// names its problems by the rules of analysis.md "Findings".
  ///
  /// One streaming pass feeds the summary and the cause graph's spills; the graph's join
  /// resolves every cause to its nodes and its target's timing, spilling those records; the
  /// rules then scan the summary's spill and the resolved causes once each. Memory stays flat
  /// in the trace's length (see ``FindingsBuilder``).
  package static func diagnose(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(),
    settings: FindingSettings = FindingSettings()
  ) throws(TraceReadError) -> Diagnosis {
    try diagnose(paths: paths, name: name, options: options, settings: settings, wrap: { $0 }) { _ in }
  }

  /// Reads and diagnoses with each part's ``DiagnoseSink`` wrapped by `wrap` (to read more in
  /// the same pass), handing the second phase's state to `inspect` before it is dropped.
  static func diagnose<Sink: DiagnoseWrapping>(
    paths: [String], name: String?, options: AnalysisOptions, settings: FindingSettings,
    wrap: @escaping @Sendable (DiagnoseSink) -> Sink, inspect: (AnalysisPass<Sink>) -> Void
  ) throws(TraceReadError) -> Diagnosis {
    let (files, displayName, spool) = try TraceInput.resolvingInputs(paths, name: name)
    defer { TraceInput.removeSpool(spool) }
    let partitions = CauseGraphBuilder.partitions(forInputBytes: inputBytes(files))
    var findings: [Finding] = []
    var graph = CauseGraph(nodes: [], edges: [])
    let summary = try analyze(
      paths: files, name: displayName, options: options,
      wrap: { accumulator in
        wrap(
          DiagnoseSink(
            summary: accumulator,
            graph: CauseGraphSink(
              partitions: partitions, keepFrom: accumulator.keepFrom == .min ? nil : accumulator.keepFrom,
              keepTo: accumulator.keepTo == .max ? nil : accumulator.keepTo)))
      }
    ) { pass in
      let inner = AnalysisPass(
        frames: pass.frames,
        parts: pass.parts.map {
          TracePart(sink: $0.sink.diagnose, symbols: $0.symbols, lineOffset: $0.lineOffset)
        },
        summary: pass.summary, anchor: pass.anchor, displayName: pass.displayName)
      (findings, graph) = diagnose(inner, options: options, settings: settings)
      inspect(pass)
    }.summary
    graph.findings = findings
    return Diagnosis(findings: findings, summary: summary, settings: settings, graph: graph)
  }

  /// Joins the graph and applies the rules to one read.
  private static func diagnose(
    _ pass: AnalysisPass<DiagnoseSink>, options: AnalysisOptions, settings: FindingSettings
  ) -> (findings: [Finding], graph: CauseGraph) {
    let resolved = PartitionedSpill<ResolvedCause>(partitions: 1)
    let (graph, position, edgeSources, edgeCounts) = CauseGraphBuilder.join(
      parts: pass.parts.map {
        TracePart(sink: $0.sink.graph, symbols: $0.symbols, lineOffset: $0.lineOffset)
      },
      file: pass.displayName, range: options.range, resolved: resolved)
    var longest: [ViewKey: DiagnoseSink.LongestUpdates] = [:]
    var backtraces: [String: [String]] = [:]
    for part in pass.parts {
      let symbols = part.symbols
      for (group, updates) in part.sink.longest.enumerated() where !updates.any.isEmpty {
        let key = part.sink.summary.keys[group]
        let viewKey = ViewKey(
          module: key.module.map { symbols[$0] } ?? "", kind: key.kind,
          name: key.name.map { symbols[$0] } ?? ViewKey.unnamed)
        longest[viewKey, default: DiagnoseSink.LongestUpdates()].merge(updates)
      }
      for (key, frames) in part.sink.backtraces where backtraces[symbols[key.label]] == nil {
        backtraces[symbols[key.label]] = frames
      }
    }
    let builder = FindingsBuilder(
      settings: settings, thresholds: options.thresholds, frames: pass.frames, budget: pass.budget,
      graph: graph, position: position, edgeSources: edgeSources, edgeCounts: edgeCounts,
      keys: pass.summary.keys, statistics: pass.summary.statistics,
      longest: longest, backtraces: backtraces,
      traceSpan: pass.summary.earliest...max(pass.summary.earliest, pass.summary.latest))
    return (
      builder.findings(spilled: pass.summary, resolved: resolved, threads: options.readerThreads), graph
    )
  }
}
