import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` once and gathers what `tracecli report` draws: the
  /// diagnosis, the timeline aggregated to `columns` pixel columns (with the updates `detail`
  /// allows in full, for zooming in), strips of the worst missed
  /// frames and the parts of the cause graph around `view` and around the findings' nodes (see
  /// ``Report/graphs(_:view:)``).
  ///
  /// The timeline and strips come from the summary's spill of finished updates (start,
  /// duration, view) once the trace's span and frames are known, so memory stays flat in the
  /// trace's length: per column, per view and per missed-frame strip.
  ///
  /// A trace with samples is read a second time for them (``Diagnosis/measureSamples(of:icicles:)``):
  /// the slow bodies' findings name their code, and the first ``Report/icicleLimit`` of them
  /// carry an icicle of their samples.
  ///
  /// `graphFound` is false, and ``Report/graphs`` empty, when `view` names no view of the
  /// trace.
  package static func report(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(),
    settings: FindingSettings = FindingSettings(), view: String? = nil,
    columns: Int = ReportTimeline.defaultColumns, detail: TimelineDetail.Limits = TimelineDetail.Limits()
  ) throws(TraceReadError) -> (report: Report, graphFound: Bool) {
    let run = try TraceRun(paths: paths, name: name, options: options)
    let pass = PassPair(
      DiagnosisPass(settings: settings), PassPair(ReportPass(columns: columns, detail: detail), HitchesPass())
    )
    var (diagnosis, ((timeline, strips), recorded)) = try run.read(pass).output
    recorded.attach(diagnosis.findings)
    diagnosis.hitches = recorded
    timeline.addRecorded(recorded)
    try diagnosis.measureSamples(of: run, icicles: Report.icicleLimit)
    let graphs = Report.graphs(diagnosis, view: view)
    let report = Report(diagnosis: diagnosis, timeline: timeline, strips: strips, graphs: graphs ?? [])
    return (report, graphs != nil)
  }
}
