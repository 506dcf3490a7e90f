import TraceModel

/// The library's entry points: read a trace and analyse it in one call.
///
/// A trace comes as a path, bytes or a file descriptor (``Input``); ``AnalysisOptions`` sets
/// the thresholds, the inspection range and the reader threads. ``summarize(_:options:)``
/// gives the per-view statistics and frames of the analysis contract, ``diagnose(_:options:)``
/// adds the findings. Errors (``TraceReadError``, from TraceModel) locate bad data by file,
/// line and column.
///
/// ```swift
/// import TraceAnalyzer
///
/// let trace = #"{"type":"update","id":1,"kind":"body","view":"Row","start":0,"duration":1200000}"#
/// var options = AnalysisOptions()
/// options.thresholds = Thresholds(orange: 500_000, red: 1_000_000)
/// let summary = try TraceAnalysis.summarize(.bytes(Array(trace.utf8)), options: options)
/// for view in summary.views {
///   print(view.key.qualifiedName, view.statistics.count, view.statistics.red)  // Row 1 1
/// }
/// let diagnosis = try TraceAnalysis.diagnose(.path("Fixtures/traces/update-loop.jsonl"))
/// print(diagnosis.findings.map(\.rule.description))  // ["update-loop"]
/// ```
public enum TraceAnalysis {
  /// Summarizes the trace at `path` (`-` for standard input) per the analysis contract.
  package static func summarize(
    path: String, name: String? = nil, options: AnalysisOptions = AnalysisOptions()
  )
    throws(TraceReadError) -> TraceSummary
  {
    try summarize(paths: [path], name: name, options: options)
  }

  /// Summarizes the trace made of `paths` (one JSON Lines file or `-`, or xctrace exports).
  ///
  /// Two phases: a streaming read (one part per thread) that counts per view and spills each
  /// finished update's start and duration (16 bytes) to a temporary file, then one scan of the
  /// spill for frame deadlines and exact nearest-rank percentiles. Memory stays flat in the
  /// trace's length; it grows with the number of distinct views and frames.
  package static func summarize(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions()
  )
    throws(TraceReadError) -> TraceSummary
  {
    try analyze(paths: paths, name: name, options: options, wrap: { $0 }) { _ in }.summary
  }

  /// Reads and summarizes, handing the second phase's state (the timeline and per-frame work,
  /// the parts' sinks, the spilled updates) to `inspect` before it is dropped.
  static func analyze<Sink: SummaryWrapping>(
    paths: [String], name: String?, options: AnalysisOptions,
    wrap: @escaping @Sendable (SummaryAccumulator) -> Sink,
    inspect: (AnalysisPass<Sink>) -> Void
  ) throws(TraceReadError) -> (summary: TraceSummary, header: TraceHeader?) {
    let (files, displayName, spool) = try TraceInput.resolvingInputs(paths, name: name)
    defer { TraceInput.removeSpool(spool) }
    let header = TraceInput.header(paths: files)
    var traceStart = header?.start
    if !options.range.isUnbounded && traceStart == nil {
      traceStart = try earliestTime(files: files, name: displayName, threads: options.readerThreads)
    }
    let thresholds = options.thresholds
    let keepFrom = traceStart.flatMap { start in options.range.from.map(start.saturatingAdd) } ?? .min
    let keepTo = traceStart.flatMap { start in options.range.to.map(start.saturatingAdd) } ?? .max
    let reading = try TraceInput.read(
      paths: files, name: displayName, threads: options.readerThreads, process: options.process
    ) {
      wrap(SummaryAccumulator(thresholds: thresholds, keepFrom: keepFrom, keepTo: keepTo))
    }
    for part in reading.parts { part.sink.finish() }
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
    // The earliest time of any event (Int64.max stands for none only where no event ended).
    let known = builder.earliest == .max && builder.latest == .min ? nil : builder.earliest
    let start = reading.header?.start ?? [known, reading.report.unknownEarliest].compactMap { $0 }.min()
    let budget = FrameBudget(header: reading.header, refreshRate: options.refreshRate)
    let timeline = builder.timeline(budget: budget, anchor: start ?? 0)
    let frames = builder.finish(timeline: timeline, thresholds: thresholds)
    inspect(
      AnalysisPass(
        frames: frames, parts: reading.parts, summary: builder, anchor: start ?? 0,
        displayName: displayName))
    var kinds: [UpdateKind: ViewStatistics] = [:]
    for kind in UpdateKind.allCases { kinds[kind] = ViewStatistics() }
    var views: [ViewSummary] = []
    for (index, key) in builder.keys.enumerated() {
      kinds[key.kind, default: ViewStatistics()].add(builder.statistics[index])
      views.append(ViewSummary(key: key, statistics: builder.statistics[index]))
    }
    views.sort(by: ViewSummary.worstFirst)
    let summary = TraceSummary(
      file: displayName, header: reading.header, thresholds: thresholds, range: options.range,
      traceStart: start, traceEnd: builder.latest == .min ? nil : builder.latest, kinds: kinds,
      views: views, frames: frames.summary, events: builder.counts,
      unknownTypes: reading.report.unknownTypes, unknownKeys: reading.report.unknownKeys,
      warnings: reading.report.warnings)
    return (summary, reading.header)
  }

  /// The earliest `start`/`time` in the trace (a full read; only for ranges without a header start).
  static func earliestTime(files: [String], name: String, threads: Int) throws(TraceReadError) -> Int64? {
    let reading = try TraceInput.read(paths: files, name: name, threads: threads) { EarliestTime() }
    return (reading.parts.compactMap(\.sink.earliest) + [reading.report.unknownEarliest].compactMap { $0 }).min()
  }
}

extension SummaryAccumulator: SummaryWrapping {
  var summary: SummaryAccumulator { self }
  func finish() {}
}

/// Finds the earliest time any event mentions.
private struct EarliestTime: TraceSink {
  var earliest: Int64?

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    if case .header = event { return }
    if let time = event.time { earliest = min(earliest ?? time, time) }
  }
}
