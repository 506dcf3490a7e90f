import TraceModel

/// Reading the runs of a diff.
extension TraceAnalysis {
  /// The figures of one run: the trace at `path`, with per-kind percentiles, the cause
  /// graph's edges and the findings, in one read.
  package static func runFigures(
    path: String, options: AnalysisOptions = AnalysisOptions(), settings: FindingSettings = FindingSettings()
  ) throws(TraceReadError) -> RunFigures {
    let pass = MeasurePass(kindPercentiles: true, edges: true, findings: settings)
    return RunFigures(try TraceRun(paths: [path], options: options).read(pass).output.measurements)
  }

  /// Compares the `base` traces with the `head` traces (one or more each); with enough runs a
  /// side, each tested figure gets a verdict at `alpha`.
  package static func diff(
    base: [String], head: [String], options: AnalysisOptions = AnalysisOptions(),
    settings: FindingSettings = FindingSettings(), minimum: ChangeMinimum = .default, alpha: Double = 0.05
  ) throws(TraceReadError) -> TraceDiff {
    var baseRuns: [RunFigures] = []
    for path in base { baseRuns.append(try runFigures(path: path, options: options, settings: settings)) }
    var headRuns: [RunFigures] = []
    for path in head { headRuns.append(try runFigures(path: path, options: options, settings: settings)) }
    return TraceDiff(base: baseRuns, head: headRuns, minimum: minimum, alpha: alpha)
  }
}
