import TraceModel

/// Reading a trace for a budget check or a diff.
extension TraceAnalysis {
  /// Summarizes the trace made of `paths` with what `budget`'s limits need.
  package static func measure(
    paths: [String], name: String? = nil, for budget: Budget, options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> CheckMeasurements {
    let (files, displayName, spool) = try TraceInput.resolvingInputs(paths, name: name)
    defer { TraceInput.removeSpool(spool) }
    var measurements = try measure(
      paths: files, name: displayName, options: options, kindPercentiles: budget.needsKindPercentiles,
      edges: budget.needsCauseGraph)
    if budget.needsFindings {
      measurements.findings =
        try diagnose(
          paths: files, name: displayName, options: options,
          settings: budget.findingSettings ?? FindingSettings()
        ).findings
    }
    return measurements
  }

  /// Summarizes the trace made of `paths`, with percentiles over kinds (the kept durations,
  /// held in memory) and the cause graph's edges (a second pass) when asked.
  package static func measure(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(), kindPercentiles: Bool,
    edges: Bool
  ) throws(TraceReadError) -> CheckMeasurements {
    let (files, displayName, spool) = try TraceInput.resolvingInputs(paths, name: name)
    defer { TraceInput.removeSpool(spool) }
    var measurements: CheckMeasurements
    if kindPercentiles {
      let store = CollectedDurations()
      let summary = try analyze(
        paths: files, name: displayName, options: options,
        wrap: { accumulator in
          KindDurationCollector(summary: accumulator, store: store)
        }
      ) { _ in }.summary
      measurements = CheckMeasurements(summary: summary, kindPercentiles: store.percentiles())
    } else {
      measurements = CheckMeasurements(
        summary: try summarize(paths: files, name: displayName, options: options))
    }
    if edges {
      measurements.edges = try edgeCounts(paths: files, name: displayName, options: options)
    }
    return measurements
  }

  /// The cause graph's edge counts of the trace made of `paths`, for the range of `options`.
  package static func edgeCounts(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> EdgeCounts {
    EdgeCounts(try causeGraph(paths: paths, name: name, options: options))
  }
}
