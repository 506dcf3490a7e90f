import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` and lists the missed frames `selection` names, each with
  /// the updates its deadline verdict counts (analysis.md "Frames and deadlines (version 2)").
  ///
  /// One read; each part spills its main-thread updates in file order, and the finish keeps
  /// only those of the frames shown, so memory stays flat in the trace's length.
  package static func frames(
    paths: [String], name: String? = nil, selection: FrameSelection = .worst(limit: 3),
    options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> FrameListing {
    let run = try TraceRun(paths: paths, name: name, options: options)
    return try run.read(FrameListingPass(selection: selection)).output
  }
}
