import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` (one JSON Lines file or `-`, or xctrace exports) and
  /// names its problems by the rules of analysis.md "Findings".
  ///
  /// One read feeds the summary and the cause graph's spills; the graph's join resolves every
  /// cause to its nodes and its target's timing, spilling those records; the rules then scan
  /// the summary's spill and the resolved causes once each (see ``FindingsPass``). Memory stays
  /// flat in the trace's length.
  package static func diagnose(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(),
    settings: FindingSettings = FindingSettings()
  ) throws(TraceReadError) -> Diagnosis {
    try diagnose(TraceRun(paths: paths, name: name, options: options), settings: settings)
  }

  /// Diagnoses `run` in one read with `rules` (every rule in effect, unless told otherwise).
  static func diagnose(
    _ run: TraceRun, settings: FindingSettings, rules: [any FindingsRule.Type] = FindingRules.all
  ) throws(TraceReadError) -> Diagnosis {
    var diagnosis = try run.read(DiagnosisPass(settings: settings, rules: rules)).output
    try diagnosis.measureSamples(of: run)
    return diagnosis
  }
}
