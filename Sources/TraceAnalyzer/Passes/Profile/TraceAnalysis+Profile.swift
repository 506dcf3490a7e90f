import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` and attributes its Time Profiler samples to the
  /// innermost update of their thread (analysis.md "Samples"); with `view`, focuses on that
  /// node (its folded stacks alone); `stacks` gathers the folded stacks (``Profile/stacks``,
  /// empty otherwise).
  ///
  /// One read; each part keeps its updates and samples in sorted runs that spill to disk, so
  /// memory stays flat in the trace's length.
  package static func profile(
    paths: [String], name: String? = nil, view: String? = nil, stacks: Bool = true,
    options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> (summary: TraceSummary, profile: Profile) {
    let run = try TraceRun(paths: paths, name: name, options: options)
    let read = try run.read(ProfilePass(view: view, wantsStacks: stacks))
    return (read.summary, read.output)
  }
}
