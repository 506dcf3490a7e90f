import TraceModel

/// One view's updates in time order: the instrument's "Show Updates".
package struct UpdateListing: Hashable, Sendable {
  /// One update of the view.
  package struct Entry: Hashable, Sendable {
    package var id: Int64
    package var key: ViewKey
    /// Start relative to the trace start, ns.
    package var offset: Int64
    package var duration: Int64
    package var isUnfinished: Bool
    package var severity: Severity?
    /// The frame that contains its start.
    package var frame: FrameRef
    /// Whether it is in a frame that missed its deadline (its work's or its stretch's); nil for
    /// an update no deadline judges (unfinished, or off the main thread).
    package var frameMissed: Bool?
    package var skipped: Bool
    /// `main` or the thread's name.
    package var thread: String
  }

  /// The query as given (`View` or `Module.View`).
  package var view: String
  /// The views (module, kind) the query matched.
  package var matched: [ViewKey]
  package var entries: [Entry]
  package var summary: TraceSummary
  /// The updates left out by ``arrange(by:limit:)``.
  package var omitted = 0

  /// How the entries are listed.
  package enum Order: String, Hashable, Sendable, CaseIterable {
    /// By start (then id): "Show Updates".
    case time
    /// Longest first (unfinished ones first of all), then by start.
    case duration
  }

  /// Orders the entries by `order` and keeps the first `limit` (nil: all), counting the rest
  /// in ``omitted``.
  package mutating func arrange(by order: Order, limit: Int?) {
    if order == .duration {
      entries.sort { lhs, rhs in
        if lhs.isUnfinished != rhs.isUnfinished { return lhs.isUnfinished }
        if lhs.duration != rhs.duration { return lhs.duration > rhs.duration }
        return (lhs.offset, lhs.id) < (rhs.offset, rhs.id)
      }
    }
    if let limit, entries.count > limit {
      omitted = entries.count - limit
      entries.removeLast(omitted)
    }
  }
}

extension TraceAnalysis {
  /// Lists the updates of `view` (`View` or `Module.View`) in time order; `longOnly` keeps
  /// orange and red ones.
  package static func updates(
    paths: [String], name: String? = nil, view: String, longOnly: Bool = false,
    options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> UpdateListing {
    let run = try TraceRun(paths: paths, name: name, options: options)
    return try run.read(UpdateListingPass(query: view, longOnly: longOnly)).output
  }
}

/// The updates of one view, as a pass: each part keeps the updates its view matches.
struct UpdateListingPass: Pass {
  let query: String
  let longOnly: Bool

  struct Item: Sendable {
    var id: Int64
    var key: ViewKey
    var start: Int64
    var duration: Int64
    var isMain: Bool
    var skipped: Bool
    var thread: String
  }

  struct Part: PassPart {
    let query: String
    /// Whether each of this part's views matches the query, by its symbols.
    private var matches: [SummaryAccumulator.LocalKey: ViewKey?] = [:]
    private(set) var items: [Item] = []

    init(query: String) { self.query = query }

    mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {
      guard group != nil else { return }
      let cacheKey = SummaryAccumulator.LocalKey(module: update.module, kind: update.kind, name: update.name)
      let key: ViewKey?
      if let cached = matches[cacheKey] {
        key = cached
      } else {
        let candidate = ViewKey(
          module: update.module.map { symbols[$0] } ?? "", kind: update.kind,
          name: update.name.map { symbols[$0] } ?? ViewKey.unnamed)
        key = candidate.matches(query) ? candidate : nil
        matches[cacheKey] = key
      }
      guard let key else { return }
      items.append(
        Item(
          id: update.id, key: key, start: update.start, duration: update.duration,
          isMain: update.isMainThread, skipped: update.skipped,
          thread: update.thread.map { symbols[$0] } ?? "main"))
    }
  }

  func makePart(_ context: PartContext) -> Part { Part(query: query) }

  func finish(_ read: FinishedRead<Part>) -> UpdateListing {
    let thresholds = read.run.options.thresholds
    let frames = read.frames
    let start = read.summary.traceStart ?? 0
    let updates = read.parts.flatMap(\.pass.items)
    var entries: [UpdateListing.Entry] = []
    for update in updates.sorted(by: { ($0.start, $0.id) < ($1.start, $1.id) }) {
      let severity = thresholds.classify(update.duration)
      if longOnly && severity == nil { continue }
      let unfinished = update.duration >= Update.unfinishedDuration
      entries.append(
        UpdateListing.Entry(
          id: update.id, key: update.key, offset: update.start.saturatingSubtract(start),
          duration: update.duration, isUnfinished: unfinished, severity: severity,
          frame: frames.frame(containing: update.start),
          frameMissed: update.isMain && !unfinished
            ? frames.missedFrame(ofMainUpdateAt: update.start) != nil : nil,
          skipped: update.skipped, thread: update.thread))
    }
    let matched = Set(updates.map(\.key)).sorted()
    return UpdateListing(view: query, matched: matched, entries: entries, summary: read.summary)
  }
}
