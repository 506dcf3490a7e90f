import TraceModel

extension TraceAnalysis {
  /// Writes the trace made of `paths` (one JSON Lines file or `-`, or xctrace exports) as
  /// Trace Event Format JSON, handing the text to `write` about a MiB at a time (see
  /// ``ChromeTraceExport``).
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
    let reading = try run.readEvents { ExportSink(causePartitions: partitions) }
    var export = ChromeTraceExport(
      reading: ExportReading(reading: reading, refreshRate: options.refreshRate, red: options.thresholds.red),
      thresholds: options.thresholds, sink: write)
    var result = export.write(partitions: partitions, file: run.displayName)
    result.warnings = reading.report.warnings
    return result
  }

  /// Writes one flat JSON row per update of each trace in `runs` (each one JSON Lines file, or
  /// an xctrace export or folder of them), run after run (see ``RowsExport``).
  package static func exportRows(
    runs: [String], options: AnalysisOptions = AnalysisOptions(),
    write: @escaping (UnsafeRawBufferPointer) -> Bool
  ) throws(TraceReadError) -> ExportResult {
    var export = RowsExport(thresholds: options.thresholds, sink: write)
    var warnings: [TraceWarning] = []
    for run in runs {
      let traceRun = try TraceRun(paths: [run], options: options)
      let reading = try traceRun.readEvents { ExportSink(causePartitions: nil) }
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
