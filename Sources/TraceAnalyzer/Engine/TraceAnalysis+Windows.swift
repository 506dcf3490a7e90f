import TraceModel

extension TraceAnalysis {
  /// The named intervals of the trace at `paths` (the windows `--window` picks from), whatever
  /// the range and windows, every line checked: the trace's name and its catalog.
  package static func windows(paths: [String], options: AnalysisOptions = AnalysisOptions())
    throws(TraceReadError) -> (file: String, catalog: WindowCatalog)
  {
    let run = try TraceRun(paths: paths, options: options)
    return (run.displayName, try run.windowCatalog(checked: true))
  }
}
