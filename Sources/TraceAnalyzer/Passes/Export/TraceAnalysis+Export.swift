import TraceModel

extension TraceAnalysis {
  /// Writes the trace made of `paths` (one JSON Lines file or `-`, or xctrace exports) as
  /// Trace Event Format JSON, handing the text to `write` about a MiB at a time (see
  /// ``ChromeTraceExport``).
  ///
  /// The options' inspection range (`--from`/`--to`) and `--window` keep what starts in them
  /// (a source, what its time or first written update places in them), as for the other
  /// commands; a cause is drawn when both its ends are.
  ///
  /// Memory stays bounded in the trace's length: updates wait in sorted runs on disk (one run
  /// when the trace is in order) and are merged; the joins of causes to sources and updates
  /// are partitioned on disk like the cause graph's. Groups, hitches, hangs and recorded frames
  /// are kept in memory.
  package static func exportChrome(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(),
    write: @escaping (UnsafeRawBufferPointer) -> Bool
  ) throws(TraceReadError) -> ExportResult {
    let run = try TraceRun(paths: paths, name: name, options: options)
    let partitions = run.causePartitions
    let window = try run.window()
    let reading = try run.readEvents { ExportSink(causePartitions: partitions, window: window) }
    var export = ChromeTraceExport(
      reading: ExportReading(reading: reading, refreshRate: options.refreshRate, red: options.thresholds.red),
      thresholds: options.thresholds, threads: options.readerThreads, sink: write)
    var result = export.write(partitions: partitions, file: run.displayName)
    result.warnings = reading.report.warnings
    return result
  }

  /// Writes the Time Profiler samples of the trace made of `paths` as a speedscope file, one
  /// sampled profile per thread (see ``SpeedscopeExport``); `exporter` names the program in it.
  ///
  /// The options' inspection range and `--window` keep the samples whose time is in them. A trace
  /// without samples gives a file without profiles (``ExportResult/profiles`` 0). Memory stays
  /// flat in the number of samples: they wait in sorted runs (by thread, then time), and each
  /// distinct stack is kept once.
  package static func exportSpeedscope(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(), exporter: String,
    write: @escaping (UnsafeRawBufferPointer) -> Bool
  ) throws(TraceReadError) -> ExportResult {
    let run = try TraceRun(paths: paths, name: name, options: options)
    let window = try run.window()
    let reading = try run.readEvents { SpeedscopeSink(window: window) }
    var export = SpeedscopeExport(reading: reading, sink: write)
    var result = export.write(name: run.displayName, exporter: exporter)
    result.warnings = reading.report.warnings
    return result
  }

  /// Writes one flat JSON row per update of each trace in `runs` (each one JSON Lines file, or
  /// an xctrace export or folder of them), run after run (see ``RowsExport``); the range and
  /// `--window` keep the updates that start in them, run by run.
  package static func exportRows(
    runs: [String], options: AnalysisOptions = AnalysisOptions(),
    write: @escaping (UnsafeRawBufferPointer) -> Bool
  ) throws(TraceReadError) -> ExportResult {
    var export = RowsExport(thresholds: options.thresholds, sink: write)
    var warnings: [TraceWarning] = []
    for run in runs {
      let traceRun = try TraceRun(paths: [run], options: options)
      let window = try traceRun.window()
      let reading = try traceRun.readEvents { ExportSink(causePartitions: nil, window: window) }
      warnings += reading.report.warnings
      export.write(
        ExportReading(reading: reading, refreshRate: options.refreshRate, red: options.thresholds.red),
        run: traceRun.displayName)
      if export.result.writeFailed { break }
    }
    var result = export.result
    result.warnings = warnings
    return result
  }
}
