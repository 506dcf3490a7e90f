import TraceModel

/// The named intervals of a trace (its signposts), the windows `--window` picks from.
package struct WindowCatalog: Hashable, Sendable {
  /// One name of one subsystem: how many intervals it has and their summed duration.
  package struct Entry: Hashable, Sendable {
    package var name: String
    package var subsystem: String?
    package var count: Int
    package var totalNs: Int64

    /// `Scroll Feed`, or `com.example.app/Scroll Feed` with a subsystem.
    package var qualifiedName: String { subsystem.map { "\($0)/\(name)" } ?? name }
  }

  /// One interval.
  struct Item: Hashable, Sendable {
    var name: String
    var subsystem: String?
    var span: Range<Int64>
  }

  /// Every interval, in file order.
  private(set) var items: [Item]

  init(items: [Item]) { self.items = items }

  /// The names with their counts and total time, by name and subsystem.
  package var entries: [Entry] {
    var entries: [Entry] = []
    var places: [String?: [String: Int]] = [:]
    for item in items {
      if let place = places[item.subsystem]?[item.name] {
        entries[place].count += 1
        entries[place].totalNs = entries[place].totalNs.saturatingAdd(Int64(item.span.count))
      } else {
        places[item.subsystem, default: [:]][item.name] = entries.count
        entries.append(
          Entry(name: item.name, subsystem: item.subsystem, count: 1, totalNs: Int64(item.span.count)))
      }
    }
    return entries.sorted {
      $0.name != $1.name
        ? $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
        : ($0.subsystem ?? "").utf8.lexicographicallyPrecedes(($1.subsystem ?? "").utf8)
    }
  }

  /// Whether `item` is named by `query`: its name, or `SUBSYSTEM/NAME`.
  static func matches(_ item: Item, _ query: String) -> Bool {
    if item.name == query { return true }
    guard let subsystem = item.subsystem else { return false }
    return query.count == subsystem.count + 1 + item.name.count && query == "\(subsystem)/\(item.name)"
  }

  /// Whether `query` names an interval of the trace.
  func names(_ query: String) -> Bool { items.contains { Self.matches($0, query) } }

  /// The union of the intervals `queries` name, as ``TraceWindow/spans``; the first query that
  /// names none is thrown.
  func spans(for queries: [String], file: String) throws(TraceReadError) -> [Int64] {
    try window(for: queries, file: file).spans
  }

  /// The union of the intervals `queries` name, and how many they are (an interval two names
  /// match counted once).
  ///
  /// A query that names none is an error, or names nothing, as `missing` says.
  func window(
    for queries: [String], file: String, missing: AnalysisOptions.MissingWindows = .usageError
  ) throws(TraceReadError) -> (spans: [Int64], matched: Int) {
    var matched = 0
    for item in items where queries.contains(where: { Self.matches(item, $0) }) { matched += 1 }
    var intervals: [Range<Int64>] = []
    for query in queries {
      let named = items.filter { Self.matches($0, query) }
      if named.isEmpty {
        let why = Self.unknown(query, file: file, entries: entries)
        switch missing {
        case .usageError: throw .ambiguousInput("--window '\(query)': " + why)
        case .cannotJudge: throw .cannotJudge(Self.missing(query, file: file, why: why))
        case .keepNothing: break
        }
      }
      intervals += named.map(\.span)
    }
    return (TraceWindow.merged(intervals), matched)
  }

  /// The "cannot judge" of a window `query` that `file` lacks (`why`, from ``unknown``), at
  /// `location` of a budget file when it names the window.
  static func missing(
    _ query: String, file: String, why: String, location: (file: String, TextLocation)? = nil
  )
    -> TraceParseError
  {
    TraceParseError(
      file: location?.file ?? file, line: location?.1.line ?? 0, column: location?.1.column,
      message: "cannot judge window '\(query)': \(why) — did the recording miss the interaction? "
        + "(--allow-missing-window judges it as a window that keeps nothing)")
  }

  /// Why `query` names no window of `file`, listing those it has.
  static func unknown(_ query: String, file: String, entries: [Entry]) -> String {
    guard !entries.isEmpty else {
      return
        "\(file) has no intervals (no interval events, no signposts); record with the"
        + " os_signpost or Points of Interest instrument, or leave out --window"
    }
    var names: [String] = []
    var listed: [String] = []
    for entry in entries where !names.contains(entry.name) {
      names.append(entry.name)
      let subsystems = entries.filter { $0.name == entry.name }.compactMap(\.subsystem)
      listed.append(
        "'\(entry.name)'" + (subsystems.isEmpty ? "" : " (\(subsystems.joined(separator: ", ")))"))
    }
    let candidates = names + entries.compactMap { $0.subsystem == nil ? nil : $0.qualifiedName }
    return "no interval of that name in \(file); its windows: "
      + listed.joined(separator: ", ") + Suggestion.didYouMean(query, among: candidates)
  }
}

/// Collects the intervals of one reader part, in file order, checking every line.
struct IntervalCollector: TraceSink {
  var items: [WindowCatalog.Item] = []

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    guard case .interval(let interval) = event else { return }
    items.append(
      WindowCatalog.Item(
        name: symbols[interval.name], subsystem: interval.subsystem.map { symbols[$0] },
        span: interval.start..<max(interval.start, interval.end)))
  }
}

/// Collects the intervals of one reader part, parsing only the lines that mention `interval`:
/// for a read that another, checking read follows.
struct IntervalFinder: TraceSink {
  var collector = IntervalCollector()

  static var requiredBytes: StaticString? { "interval" }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    collector.consume(event, line: line, symbols: symbols)
  }
}
