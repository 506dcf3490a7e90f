import TraceModel

extension TraceAnalysis {
  /// Which event `why` explains.
  package enum WhyTarget: Hashable, Sendable {
    /// The update (or source) with this id.
    case id(Int64)
    /// The update of a view (`View` or `Module.View`) running at a time relative to the trace
    /// start (ns): the one whose `[start, start + duration)` holds it, else the nearest start.
    case view(String, at: Int64)
    /// The longest finished update of a view.
    case worst(String)
  }

  /// Every chain of causes from one update back to its roots (see ``CauseChains``).
  ///
  /// The chains are per event (ids), so they need the cause events around the target, which
  /// could be anywhere in the file. Memory stays bounded: one streaming pass spills every
  /// update and source `(id, node, time)` partitioned by id and every cause partitioned by its
  /// target id to temporary files (``WhySink``, the same partitioned spill as the cause
  /// graph); the target is then looked up, and the causes walked backwards one level of hops
  /// at a time, each level reading only the partitions of the ids it asks about
  /// (``CauseChainSearch``). What stays in memory is the spills' blocks, the nodes, and the
  /// events found (at most `limits.events`). Of `options` only the reader threads apply: a
  /// chain is followed whatever its times and durations.
  package static func why(
    paths: [String], name: String? = nil, target: WhyTarget,
    limits: CauseChains.Limits = CauseChains.Limits(), options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> CauseChains.Outcome {
    let run = try TraceRun(paths: paths, name: name, options: options)
    let displayName = run.displayName
    let partitions = run.causePartitions
    let reading = try run.readEvents { WhySink(partitions: partitions) }
    let search = CauseChainSearch(parts: reading.parts, header: reading.header, file: displayName)
    let lookup: (query: String, matched: Bool, event: CauseChains.Event?)
    switch target {
    case .id(let id):
      guard let found = search.event(id: id) else { return .noSuchID(id, file: displayName) }
      return .explained(search.chains(of: found, limits: limits))
    case .view(let query, let offset):
      let (matched, found) = search.update(ofView: query, at: offset)
      lookup = (query, matched, found)
    case .worst(let query):
      let (matched, found) = search.worstUpdate(ofView: query)
      lookup = (query, matched, found)
    }
    guard lookup.matched, let event = lookup.event else {
      let suggestions = Suggestion.closest(to: lookup.query, in: search.viewKeys)
      return .noSuchView(lookup.query, file: displayName, suggestions: suggestions)
    }
    return .explained(search.chains(of: event, limits: limits))
  }
}
