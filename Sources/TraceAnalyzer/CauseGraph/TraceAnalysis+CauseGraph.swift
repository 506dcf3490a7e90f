import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension TraceAnalysis {
  /// Builds the whole cause-and-effect graph of the trace made of `paths` (one JSON Lines file
  /// or `-`, or xctrace exports) for the inspection range of `options`.
  ///
  /// Built in one streaming pass (one part per reader thread) and a partitioned join (see
  /// ``CauseGraphBuilder``): memory grows with the number of distinct nodes and edges, not
  /// with the number of events.
  ///
  /// The range (relative to the trace start: the header's `start`, else the earliest time in
  /// the trace, as for `summarize`) keeps the causes whose `time` lies in it; a cause without
  /// a time is placed by its target's time (an update's start, a source's `time`). Node counts
  /// are the updates whose start lies in the range. Narrow the result with
  /// ``CauseGraph/subgraph(around:direction:depth:)`` and friends.
  package static func causeGraph(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> CauseGraph {
    let (files, displayName, spool) = try TraceInput.resolvingInputs(paths, name: name)
    defer { TraceInput.removeSpool(spool) }
    var keepFrom: Int64?
    var keepTo: Int64?
    if !options.range.isUnbounded {
      let header = TraceInput.header(paths: files)
      var start = header?.start
      if start == nil {
        start = try earliestTime(files: files, name: displayName, threads: options.readerThreads)
      }
      if let from = options.range.from { keepFrom = (start ?? 0).saturatingAdd(from) }
      if let to = options.range.to { keepTo = (start ?? 0).saturatingAdd(to) }
    }
    let partitions = CauseGraphBuilder.partitions(forInputBytes: inputBytes(files))
    let (from, to) = (keepFrom, keepTo)
    let reading = try TraceInput.read(
      paths: files, name: displayName, threads: options.readerThreads, process: options.process
    ) {
      CauseGraphSink(partitions: partitions, keepFrom: from, keepTo: to)
    }
    return CauseGraphBuilder.build(parts: reading.parts, file: displayName, range: options.range)
  }

  /// The total size of `files` in bytes (0 for what cannot be read).
  static func inputBytes(_ files: [String]) -> Int64 {
    files.reduce(0) { total, file in
      var status = stat()
      return total + (stat(file, &status) == 0 ? Int64(status.st_size) : 0)
    }
  }
}
