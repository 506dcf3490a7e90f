import TraceModel

/// The streaming pass of `diagnose` over one reader part: the summary's counts and spill, the
/// cause graph's spills, and the little the findings quote that neither keeps (the longest
/// updates of each view as examples, the sources' backtraces).
struct DiagnoseSink: TraceSink, SummaryWrapping {
  /// An update worth quoting.
  struct Example: Hashable, Sendable {
    var id: Int64
    var start: Int64
    var duration: Int64
  }

  /// The longest updates of one view in this part: over all threads, and on the main thread.
  struct LongestUpdates: Sendable {
    static let limit = 3
    var any: [Example] = []
    var main: [Example] = []

    mutating func add(_ example: Example, isMain: Bool) {
      Self.insert(example, into: &any)
      if isMain { Self.insert(example, into: &main) }
    }

    mutating func merge(_ other: LongestUpdates) {
      for example in other.any { Self.insert(example, into: &any) }
      for example in other.main { Self.insert(example, into: &main) }
    }

    /// Keeps the ``limit`` longest, ties by the earlier start, then the smaller id.
    private static func insert(_ example: Example, into list: inout [Example]) {
      list.append(example)
      list.sort { ($1.duration, $0.start, $0.id) < ($0.duration, $1.start, $1.id) }
      if list.count > limit { list.removeLast() }
    }
  }

  private(set) var summary: SummaryAccumulator
  private(set) var graph: CauseGraphSink
  /// Longest updates above the orange threshold, by (module, kind, name) part symbols.
  private(set) var longest: [SummaryAccumulator.LocalKey: LongestUpdates] = [:]
  /// The first backtrace of each source (kind, label symbol) that has one.
  private(set) var backtraces: [LocalSourceKey: [String]] = [:]

  struct LocalSourceKey: Hashable, Sendable {
    var kind: SourceKind
    var label: Symbol
  }

  init(summary: SummaryAccumulator, graph: CauseGraphSink) {
    self.summary = summary
    self.graph = graph
  }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    summary.consumeUpdate(update, line: line, symbols: symbols)
    graph.consumeUpdate(update, line: line, symbols: symbols)
    guard update.duration > summary.thresholds.orange, !update.isUnfinished, summary.keeps(update) else { return }
    let key = SummaryAccumulator.LocalKey(module: update.module, kind: update.kind, name: update.name)
    longest[key, default: LongestUpdates()].add(
      Example(id: update.id, start: update.start, duration: update.duration), isMain: update.isMainThread)
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    if case .update(let update) = event {
      consumeUpdate(update, line: line, symbols: symbols)
      return
    }
    summary.consume(event, line: line, symbols: symbols)
    graph.consume(event, line: line, symbols: symbols)
    if case .source(let source) = event, !source.backtrace.isEmpty {
      let key = LocalSourceKey(kind: source.kind, label: source.label)
      if backtraces[key] == nil { backtraces[key] = source.backtrace }
    }
  }

  func finish() {}
}
