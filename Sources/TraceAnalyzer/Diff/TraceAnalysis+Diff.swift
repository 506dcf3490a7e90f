import TraceModel

/// Reading the runs of a diff.
extension TraceAnalysis {
  /// The figures of one run: the trace at `path`, with per-kind percentiles, the cause
  /// graph's edges and the findings (one read for the percentiles, one for the rest).
  package static func runFigures(
    path: String, options: AnalysisOptions = AnalysisOptions(), settings: FindingSettings = FindingSettings()
  ) throws(TraceReadError) -> RunFigures {
    let (files, displayName, spool) = try TraceInput.resolvingInputs([path], name: nil)
    defer { TraceInput.removeSpool(spool) }
    var measurements = try measure(
      paths: files, name: displayName, options: options, kindPercentiles: true, edges: false)
    let diagnosis = try diagnose(paths: files, name: displayName, options: options, settings: settings)
    measurements.edges = EdgeCounts(diagnosis.graph)
    measurements.findings = diagnosis.findings
    return RunFigures(measurements)
  }

  /// Compares the `base` traces with the `head` traces (one or more each).
  package static func diff(
    base: [String], head: [String], options: AnalysisOptions = AnalysisOptions(),
    settings: FindingSettings = FindingSettings(), minimum: ChangeMinimum = .default
  ) throws(TraceReadError) -> TraceDiff {
    var baseRuns: [RunFigures] = []
    for path in base { baseRuns.append(try runFigures(path: path, options: options, settings: settings)) }
    var headRuns: [RunFigures] = []
    for path in head { headRuns.append(try runFigures(path: path, options: options, settings: settings)) }
    return TraceDiff(base: baseRuns, head: headRuns, minimum: minimum)
  }
}
