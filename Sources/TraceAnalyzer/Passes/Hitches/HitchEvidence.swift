import TraceModel

/// Explains one recorded hitch or hang from the main thread's updates and samples in its
/// window, by the verdict rules of analysis.md "Recorded hitches and hangs".
struct HitchEvidence {
  /// A main-thread update or sample that lies in a window, with its reader part.
  struct Hit {
    var record: ProfileRecord
    var part: Int
  }

  /// Records' groups from here up are views the range leaves out (see ``outsideMaps``).
  static let outsideRange = UInt32(1) << 30

  /// The views, by global group: the summary's, then those only outside the range.
  let keys: [ViewKey]
  /// By global group: the view's node label.
  private let labels: [String]
  /// Per part: its summary groups, and its views outside the range, to global groups.
  let groupMaps: [[Int]]
  let outsideMaps: [[Int]]
  var functions: FunctionCatalog
  /// Per part: its distinct stacks.
  let stacks: [StackTable]
  /// Per part and stack: its hot app frame (nil: `(system)`), once found.
  private var hotFunctions: [[Int: FunctionCatalog.Function?]]

  init(
    keys: [ViewKey], groupMaps: [[Int]], outsideMaps: [[Int]], functions: FunctionCatalog,
    stacks: [StackTable]
  ) {
    self.keys = keys
    labels = keys.map(RuleContext.label(of:))
    self.groupMaps = groupMaps
    self.outsideMaps = outsideMaps
    self.functions = functions
    self.stacks = stacks
    hotFunctions = Array(repeating: [:], count: stacks.count)
  }

  /// Sets `event`'s figures, verdict and explanation from the `hits` in its window.
  mutating func explain(_ event: inout RecordedHitch, records hits: [Hit], sampled: Bool) {
    let window = event.window
    // The updates clipped to the window, by node; the longest whole.
    var pieces: [(lower: Int64, upper: Int64, group: Int)] = []
    var longest: (duration: Int64, id: Int64)?
    for hit in hits where !hit.record.isSample {
      let record = hit.record
      let end = record.time.saturatingAdd(record.length)
      let group =
        record.group >= Self.outsideRange
        ? outsideMaps[hit.part][Int(record.group - Self.outsideRange)]
        : groupMaps[hit.part][Int(record.group)]
      pieces.append((max(record.time, window.lowerBound), min(end, window.upperBound), group))
      if longest.map({ record.length > $0.duration || (record.length == $0.duration && record.id < $0.id) })
        ?? true
      {
        longest = (record.length, record.id)
      }
    }
    event.longestUpdate = longest?.id
    pieces.sort { ($0.lower, $0.upper) < ($1.lower, $1.upper) }
    let busy = Self.union(pieces.map { ($0.lower, $0.upper) })
    event.updateNs = busy.reduce(0) { $0.saturatingAdd($1.upper.saturatingSubtract($1.lower)) }
    // The samples that no update holds.
    var hot: [FunctionCatalog.Function: Int64] = [:]
    for hit in hits where hit.record.isSample && !Self.holds(busy, hit.record.time) {
      event.otherNs = event.otherNs.saturatingAdd(hit.record.length)
      if let function = hotFunction(part: hit.part, stack: Int(hit.record.id)) {
        hot[function, default: 0] = hot[function, default: 0].saturatingAdd(hit.record.length)
      }
    }
    let length = Int128(window.upperBound) - Int128(window.lowerBound)
    let updateNs = Int128(event.updateNs)
    let otherNs = Int128(event.otherNs)
    if updateNs >= otherNs && 4 * updateNs >= length {
      event.verdict = .updates
      // Per node, the union of its pieces: they are sorted, so one pass keeps each node's
      // covered end and total.
      var byNode: [Int: (end: Int64, ns: Int64)] = [:]
      for piece in pieces {
        var node = byNode[piece.group] ?? (Int64.min, 0)
        let lower = max(piece.lower, node.end)
        if piece.upper > lower { node.ns = node.ns.saturatingAdd(piece.upper.saturatingSubtract(lower)) }
        node.end = max(node.end, piece.upper)
        byNode[piece.group] = node
      }
      // Most time first; ties by label, then kind, then module.
      let ranked = byNode.map { (group: $0.key, ns: $0.value.ns) }.sorted { a, b in
        if a.ns != b.ns { return a.ns > b.ns }
        if labels[a.group] != labels[b.group] { return labels[a.group] < labels[b.group] }
        return (keys[a.group].kind.description, keys[a.group].module)
          < (keys[b.group].kind.description, keys[b.group].module)
      }.prefix(3)
      event.explainedBy = ranked.map { labels[$0.group] }
      event.explainedNs = ranked.map(\.ns)
    } else if sampled && 4 * otherNs >= length {
      event.verdict = .mainThread
      // Functions are name and binary: one name in two binaries ranks twice.
      let ranked = hot.sorted {
        ($1.value, $0.key.name, $0.key.binary ?? "") < ($0.value, $1.key.name, $1.key.binary ?? "")
      }.prefix(3)
      event.explainedBy = ranked.map(\.key.name)
      event.explainedNs = ranked.map(\.value)
    } else {
      event.verdict = sampled ? .elsewhere : .unknown
      event.explainedBy = event.recordedReasons
    }
  }

  /// The leaf-most app function of a part's stack that is not the entry point.
  private mutating func hotFunction(part: Int, stack: Int) -> FunctionCatalog.Function? {
    if let found = hotFunctions[part][stack] { return found }
    var hot: FunctionCatalog.Function?
    for id in stacks[part].stacks[stack] {
      let function = functions.functions[functions.function(of: id)]
      if function.user && !FunctionCatalog.isEntryPoint(function.name) {
        hot = function
        break
      }
    }
    hotFunctions[part][stack] = .some(hot)
    return hot
  }

  /// The union of `intervals` sorted by lower bound, as disjoint sorted intervals.
  static func union(_ intervals: [(lower: Int64, upper: Int64)]) -> [(lower: Int64, upper: Int64)] {
    var merged: [(lower: Int64, upper: Int64)] = []
    for interval in intervals.sorted(by: { $0.lower < $1.lower }) where interval.upper > interval.lower {
      if let last = merged.last, interval.lower <= last.upper {
        merged[merged.count - 1].upper = max(last.upper, interval.upper)
      } else {
        merged.append(interval)
      }
    }
    return merged
  }

  /// Whether the disjoint sorted `intervals` hold `time`.
  static func holds(_ intervals: [(lower: Int64, upper: Int64)], _ time: Int64) -> Bool {
    var low = 0
    var high = intervals.count
    while low < high {
      let middle = (low + high) / 2
      if intervals[middle].upper <= time { low = middle + 1 } else { high = middle }
    }
    return low < intervals.count && intervals[low].lower <= time
  }
}
