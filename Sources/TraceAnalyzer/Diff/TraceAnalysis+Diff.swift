import TraceModel

/// Reading the runs of a diff.
extension TraceAnalysis {
  /// The figures of one run: the trace at `path`, with per-kind percentiles and the cause
  /// graph's edges.
  public static func runFigures(path: String, options: AnalysisOptions = AnalysisOptions())
    throws(TraceReadError) -> RunFigures
  {
    RunFigures(try measure(paths: [path], options: options, kindPercentiles: true, edges: true))
  }

  /// Compares the `base` traces with the `head` traces (one or more each).
  public static func diff(base: [String], head: [String], options: AnalysisOptions = AnalysisOptions())
    throws(TraceReadError) -> TraceDiff
  {
    var baseRuns: [RunFigures] = []
    for path in base { baseRuns.append(try runFigures(path: path, options: options)) }
    var headRuns: [RunFigures] = []
    for path in head { headRuns.append(try runFigures(path: path, options: options)) }
    return TraceDiff(base: baseRuns, head: headRuns)
  }
}
