import TraceModel

/// The library's entry points: read a trace and analyse it in one call.
///
/// A trace comes as a path, bytes or a file descriptor (``Input``); ``AnalysisOptions`` sets
/// the thresholds, the inspection range and the reader threads. ``summarize(_:options:)``
/// gives the per-view statistics and frames of the analysis contract, ``diagnose(_:options:)``
/// adds the findings. Errors (``TraceReadError``, from TraceModel) locate bad data by file,
/// line and column.
///
/// ```swift
/// import TraceAnalyzer
///
/// let trace = #"{"type":"update","id":1,"kind":"body","view":"Row","start":0,"duration":1200000}"#
/// var options = AnalysisOptions()
/// options.thresholds = Thresholds(orange: 500_000, red: 1_000_000)
/// let summary = try TraceAnalysis.summarize(.bytes(Array(trace.utf8)), options: options)
/// for view in summary.views {
///   print(view.key.qualifiedName, view.statistics.count, view.statistics.red)  // Row 1 1
/// }
/// let diagnosis = try TraceAnalysis.diagnose(.path("Fixtures/traces/update-loop.jsonl"))
/// print(diagnosis.findings.map(\.rule.description))  // ["update-loop"]
/// ```
public enum TraceAnalysis {
  /// Summarizes the trace at `path` (`-` for standard input) per the analysis contract.
  package static func summarize(
    path: String, name: String? = nil, options: AnalysisOptions = AnalysisOptions()
  )
    throws(TraceReadError) -> TraceSummary
  {
    try summarize(paths: [path], name: name, options: options)
  }

  /// Summarizes the trace made of `paths` (one JSON Lines file or `-`, or xctrace exports).
  ///
  /// One read (see ``TraceRun/read(_:)``): memory stays flat in the trace's length; it grows
  /// with the number of distinct views and frames.
  package static func summarize(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions()
  )
    throws(TraceReadError) -> TraceSummary
  {
    try TraceRun(paths: paths, name: name, options: options).read(SummaryPass()).summary
  }
}
