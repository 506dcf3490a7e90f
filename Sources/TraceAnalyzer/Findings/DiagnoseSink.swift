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
  /// Longest updates above the orange threshold, by the summary's group (its `keys`).
  private(set) var longest: [LongestUpdates] = []
  /// The graph's node of each summary group (-1: not seen yet): one key lookup an update.
  private var nodeOfGroup: [Int32] = []
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
    guard let group = summary.countUpdate(update) else {
      _ = graph.consumeUpdate(update, knownNode: nil)
      return
    }
    if group >= nodeOfGroup.count {
      nodeOfGroup.append(contentsOf: repeatElement(-1, count: group + 1 - nodeOfGroup.count))
      longest.append(contentsOf: repeatElement(LongestUpdates(), count: group + 1 - longest.count))
    }
    let known = nodeOfGroup[group]
    let node = graph.consumeUpdate(update, knownNode: known >= 0 ? Int(known) : nil)
    if known < 0 { nodeOfGroup[group] = Int32(node) }
    guard update.duration > summary.thresholds.orange, !update.isUnfinished else { return }
    longest[group].add(
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

/// A sink that carries a ``DiagnoseSink`` (and maybe more).
protocol DiagnoseWrapping: SummaryWrapping {
  var diagnose: DiagnoseSink { get }
}

extension DiagnoseSink: DiagnoseWrapping {
  var diagnose: DiagnoseSink { self }
}
