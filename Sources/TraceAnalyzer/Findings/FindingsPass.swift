import TraceModel

/// The findings of analysis.md "Findings", as a pass: each part keeps the little the findings
/// quote that neither the summary nor the graph keeps (each view's longest updates as examples,
/// the sources' backtraces); the finish scans the summary's spill and the resolved causes once
/// each (see ``FindingsBuilder``).
struct FindingsPass: Pass {
  let settings: FindingSettings
  /// The rules applied. Given, never defaulted here: the rules in effect are read on the caller's
  /// task (``FindingRules/registering(_:_:)``), and a part is made on a reader thread.
  let rules: [any FindingsRule.Type]

  var graph: GraphNeed { .resolvedCauses }

  /// An update worth quoting.
  struct Example: Hashable, Sendable {
    var id: Int64
    var start: Int64
    var duration: Int64
  }

  /// The longest updates of one view in a part: over all threads, and on the main thread.
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

    /// Per list (any, main), the duration below which an update does not join it: the shortest
    /// kept once the list is full (a tie may still join, by its start and id).
    var floors: (any: Int64, main: Int64) {
      (
        any.count == Self.limit ? any[Self.limit - 1].duration : .min,
        main.count == Self.limit ? main[Self.limit - 1].duration : .min
      )
    }

    /// Keeps the ``limit`` longest, ties by the earlier start, then the smaller id.
    @inline(__always)
    private static func insert(_ example: Example, into list: inout [Example]) {
      func before(_ a: Example, _ b: Example) -> Bool {
        (b.duration, a.start, a.id) < (a.duration, b.start, b.id)
      }
      if list.count == limit, let last = list.last, !before(example, last) { return }
      var place = list.count
      while place > 0 && before(example, list[place - 1]) { place -= 1 }
      list.insert(example, at: place)
      if list.count > limit { list.removeLast() }
    }
  }

  struct Part: PassPart {
    let orange: Int64
    /// Longest updates above the orange threshold, by the summary's group.
    private(set) var longest: [LongestUpdates] = []
    /// Per group, its ``LongestUpdates/floors``: most updates are turned away by these alone
    /// (a small array), without reaching the group's lists.
    private var floors: [(any: Int64, main: Int64)] = []
    /// The first backtrace of each source (kind, label symbol) that has one.
    private(set) var backtraces: [SourceKey: [String]] = [:]

    struct SourceKey: Hashable, Sendable {
      var kind: SourceKind
      var label: Symbol
    }

    init(orange: Int64) { self.orange = orange }

    @inline(__always)
    mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {
      guard let group else { return }
      if group >= longest.count {
        longest.append(contentsOf: repeatElement(LongestUpdates(), count: group + 1 - longest.count))
        floors.append(contentsOf: repeatElement((.min, .min), count: group + 1 - floors.count))
      }
      guard update.duration > orange, !update.isUnfinished else { return }
      let floor = floors[group]
      let isMain = update.isMainThread
      guard update.duration >= floor.any || (isMain && update.duration >= floor.main) else { return }
      longest[group].add(
        Example(id: update.id, start: update.start, duration: update.duration), isMain: isMain)
      floors[group] = longest[group].floors
    }

    mutating func consume(_ event: TraceEvent, symbols: SymbolTable) {
      if case .source(let source) = event, !source.backtrace.isEmpty {
        let key = SourceKey(kind: source.kind, label: source.label)
        if backtraces[key] == nil { backtraces[key] = source.backtrace }
      }
    }
  }

  func makePart(_ context: PartContext) -> Part { Part(orange: context.thresholds.orange) }

  /// The findings, worst first.
  func finish(_ read: FinishedRead<Part>) -> [Finding] {
    guard let joined = read.graph, let resolved = joined.resolved else { return [] }
    var longest: [ViewKey: LongestUpdates] = [:]
    var backtraces: [String: [String]] = [:]
    for part in read.parts {
      let symbols = part.symbols
      for (group, updates) in part.pass.longest.enumerated() where !updates.any.isEmpty {
        let key = part.summary.keys[group]
        let viewKey = key.viewKey(symbols)
        longest[viewKey, default: LongestUpdates()].merge(updates)
      }
      for (key, frames) in part.pass.backtraces where backtraces[symbols[key.label]] == nil {
        backtraces[symbols[key.label]] = frames
      }
    }
    let options = read.run.options
    let total = resolved.count
    let context = RuleContext(
      settings: settings, thresholds: options.thresholds, frames: read.frames, budget: read.budget,
      graph: joined.graph, keys: read.builder.keys, statistics: read.builder.statistics, longest: longest,
      backtraces: backtraces,
      traceSpan: read.builder.earliest...max(read.builder.earliest, read.builder.latest),
      edgeCounts: joined.edgeCounts,
      causes: CauseVisits(
        resolved: resolved, edgeSources: joined.edgeSources, position: joined.position,
        kinds: joined.graph.nodes.map(\.kind)),
      runs: max(1, min(options.readerThreads, total)))
    return FindingsBuilder(rules: rules, context: context).findings(spilled: read.builder)
  }
}
