import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` (one JSON Lines file or `-`, or xctrace exports) and
  /// names its problems by the rules of analysis.md "Findings".
  ///
  /// One read feeds the summary and the cause graph's spills; the graph's join resolves every
  /// cause to its nodes and its target's timing, spilling those records; the rules then scan
  /// the summary's spill and the resolved causes once each (see ``FindingsPass``; fan-out looks
  /// again at the causes of the edges that fan out). Memory stays
  /// flat in the trace's length.
  ///
  /// With `hitches`, the same read ties the recorded hitches and hangs to the findings
  /// (``Diagnosis/hitches``).
  package static func diagnose(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(),
    settings: FindingSettings = FindingSettings(), hitches: Bool = false
  ) throws(TraceReadError) -> Diagnosis {
    try diagnose(TraceRun(paths: paths, name: name, options: options), settings: settings, hitches: hitches)
  }

  /// Diagnoses `run` in one read with `rules` (every rule in effect, unless told otherwise);
  /// `measuring` reads it again for the samples of slow bodies (when it has any).
  static func diagnose(
    _ run: TraceRun, settings: FindingSettings, rules: [any FindingsRule.Type] = FindingRules.all,
    hitches: Bool = false, measuring: Bool = true
  ) throws(TraceReadError) -> Diagnosis {
    let read = try run.read(
      PassPair(DiagnosisPass(settings: settings, rules: rules), OptionalPass(hitches ? HitchesPass() : nil)))
    var diagnosis = read.output.0
    if var recorded = read.output.1 {
      recorded.attach(diagnosis.findings)
      diagnosis.hitches = recorded
    }
    if measuring { try diagnosis.measureSamples(of: run) }
    return diagnosis
  }
}
