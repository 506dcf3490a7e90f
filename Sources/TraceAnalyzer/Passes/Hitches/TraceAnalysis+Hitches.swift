import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` and ties each of the app's recorded hitches and hangs to
  /// the main thread's work in its window (analysis.md "Recorded hitches and hangs"); with
  /// `findings`, names the findings of its explaining nodes (the read of `diagnose`).
  ///
  /// One read; each part spills its main-thread updates and samples in file order, and the
  /// finish keeps only those in a window, so memory stays flat in the trace's length.
  package static func hitches(
    paths: [String], name: String? = nil, findings: Bool = true,
    settings: FindingSettings = FindingSettings(),
    options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> (summary: TraceSummary, hitches: RecordedHitches) {
    let run = try TraceRun(paths: paths, name: name, options: options)
    guard findings else {
      let read = try run.read(HitchesPass())
      return (read.summary, read.output)
    }
    let diagnosis = try diagnose(run, settings: settings, hitches: true, measuring: false)
    return (diagnosis.summary, diagnosis.hitches ?? RecordedHitches(events: [], sampled: false))
  }
}
