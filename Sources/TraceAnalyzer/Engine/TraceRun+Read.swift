import TraceModel

extension TraceRun {
  /// Reads the trace once for `pass`: its summary per the analysis contract, and the pass's
  /// output.
  ///
  /// Two phases: a streaming read (one part per thread) that counts per view, spills each
  /// finished update's start and duration (16 bytes) to a temporary file and feeds the graph's
  /// spills and the pass's parts; then one scan of the spill for frame deadlines and exact
  /// nearest-rank percentiles beside the graph's partitioned join when asked, and the pass's
  /// finish.
  /// Memory stays flat in the trace's length; it grows with the number of distinct views,
  /// frames and graph nodes.
  ///
  /// `windows` restricts the read to those windows in place of the options' `--window`.
  func read<P: Pass>(_ pass: P, windows: [String]? = nil) throws(TraceReadError)
    -> (summary: TraceSummary, output: P.Output)
  {
    let window = try window(windows: windows)
    let thresholds = options.thresholds
    let need = pass.graph
    let partitions = need == .none ? 0 : causePartitions
    let context = PartContext(thresholds: thresholds, window: window)
    let early = options.earlyCauses
    let reading = try readEvents {
      EngineSink(
        summary: SummaryAccumulator(thresholds: thresholds, window: window),
        graph: need == .none
          ? nil
          : CauseGraphSink(
            partitions: partitions, window: window, resolving: need == .resolvedCauses, early: early),
        pass: pass.makePart(context))
    }
    var builder = SummaryBuilder(
      parts: reading.parts.map {
        TracePart(sink: $0.sink.summary, symbols: $0.symbols, lineOffset: $0.lineOffset)
      })
    if builder.tooManyGroups {
      throw .badData(
        TraceParseError(
          file: displayName, line: 0,
          message:
            "more than \(SpillRecord.groupLimit) distinct views (module, kind, name): tracecli keeps at most that many, so that its memory stays bounded"
        )
      )
    }
    let parts = reading.parts.map {
      ReadPart(summary: $0.sink.summary, pass: $0.sink.pass, symbols: $0.symbols, lineOffset: $0.lineOffset)
    }
    pass.readEnded(parts, groupMaps: builder.groupMaps)
    // The join needs only the parts: it runs beside the summary's second phase (on one
    // thread, before it).
    let join = EarlyWork<JoinedGraph>()
    if need != .none {
      let graphParts = UnsafeSendable(
        reading.parts.map { TracePart(sink: $0.sink.graph!, symbols: $0.symbols, lineOffset: $0.lineOffset) })
      let (file, range, threads) = (displayName, options.range, options.readerThreads)
      join.start(here: threads == 1) {
        CauseGraphBuilder.join(
          parts: graphParts.value, file: file, range: range, resolving: need == .resolvedCauses,
          threads: threads)
      }
    }
    // The earliest time of any event (Int64.max stands for none only where no event ended).
    let known = builder.earliest == .max && builder.latest == .min ? nil : builder.earliest
    let start = reading.header?.start ?? [known, reading.report.unknownEarliest].compactMap { $0 }.min()
    let budget = FrameBudget(header: reading.header, refreshRate: options.refreshRate)
    let timeline = builder.timeline(budget: budget, anchor: start ?? 0)
    let frames = builder.finish(timeline: timeline, thresholds: thresholds)
    var summaryOptions = options
    if let windows { summaryOptions.windows = windows }
    var summary = Self.summary(
      of: builder, frames: frames, start: start, reading: reading, file: displayName, options: summaryOptions)
    summary.windowIntervals = window.matched
    summary.windowSpanNs = window.spanNs
    var graph = join.result
    graph?.graph.windows = summaryOptions.windows
    let finished = FinishedRead(
      run: self, parts: parts, builder: builder, frames: frames, summary: summary, graph: graph,
      anchor: start ?? 0)
    return (summary, pass.finish(finished))
  }

  /// The summary of the analysis contract, from the merged figures and the frames.
  private static func summary<Sink>(
    of builder: SummaryBuilder, frames: FrameVerdicts, start: Int64?, reading: TraceReading<Sink>,
    file: String, options: AnalysisOptions
  ) -> TraceSummary {
    var kinds: [UpdateKind: ViewStatistics] = [:]
    for kind in UpdateKind.allCases { kinds[kind] = ViewStatistics() }
    var views: [ViewSummary] = []
    for (index, key) in builder.keys.enumerated() {
      kinds[key.kind, default: ViewStatistics()].add(builder.statistics[index])
      views.append(ViewSummary(key: key, statistics: builder.statistics[index]))
    }
    views.sort(by: ViewSummary.worstFirst)
    var summary = TraceSummary(
      file: file, header: reading.header, thresholds: options.thresholds, range: options.range,
      traceStart: start, traceEnd: builder.latest == .min ? nil : builder.latest, kinds: kinds,
      views: views, frames: frames.summary, events: builder.counts,
      unknownTypes: reading.report.unknownTypes, unknownKeys: reading.report.unknownKeys,
      warnings: reading.report.warnings)
    summary.hitches = builder.hitches
    summary.windows = options.windows
    summary.samplesKept = builder.samplesKept
    summary.sampleNsKept = builder.sampleNsKept
    return summary
  }
}
