import TraceModel

/// Explains recorded hitches and hangs from the main thread's updates and samples in their
/// windows, by the verdict rules of analysis.md "Recorded hitches and hangs": one sweep over
/// the windows' records in order (``WindowRecord``), keeping per window only a figure per
/// node and per hot function, so memory stays flat however much of the trace the windows hold.
struct HitchEvidence {
  /// Records' groups from here up are views the range leaves out (see ``outsideMaps``).
  static let outsideRange = UInt32(1) << 30

  /// The views, by global group: the summary's, then those only outside the range.
  let keys: [ViewKey]
  /// By global group: the view's node label.
  private let labels: [String]
  var functions: FunctionCatalog
  /// Per part: its distinct stacks.
  let stacks: [StackTable]
  /// Per part and stack: its hot app frame (nil: `(system)`), once found.
  private var hotFunctions: [[Int: FunctionCatalog.Function?]]

  /// The window being swept.
  private struct Window {
    /// The latest end of its pieces so far: a sample before it is in an update.
    var busyEnd = Int64.min
    var updateNs: Int64 = 0
    var otherNs: Int64 = 0
    /// The nodes with a piece in it, in the order first seen.
    var nodes: [Int] = []
    var hot: [FunctionCatalog.Function: Int64] = [:]
    var longest: (duration: Int64, id: Int64)?
  }

  init(keys: [ViewKey], functions: FunctionCatalog, stacks: [StackTable]) {
    self.keys = keys
    labels = keys.map(RuleContext.label(of:))
    self.functions = functions
    self.stacks = stacks
    hotFunctions = Array(repeating: [:], count: stacks.count)
    nodeEnds = Array(repeating: .min, count: keys.count)
    nodeTimes = Array(repeating: 0, count: keys.count)
  }

  /// By global group, for the window being swept: the latest end of the node's pieces so far
  /// (`.min` for a node without one), and its time.
  private var nodeEnds: [Int64]
  private var nodeTimes: [Int64]

  /// Sets every event's figures, verdict and explanation from `records`, merged in order.
  mutating func explain(
    _ events: inout [RecordedHitch], windows: HitchWindows, records: inout RunMerger<WindowRecord>,
    sampled: Bool
  ) {
    var concluded = [Bool](repeating: false, count: events.count)
    var current: (index: Int, window: Window)?
    while let (record, _) = records.next() {
      let index = windows.index(at: Int(record.window))
      if current?.index != index {
        if let (done, window) = current { conclude(&events[done], window, sampled: sampled) }
        concluded[index] = true
        current = (index, Window())
      }
      add(record, to: &current!.window)
    }
    if let (done, window) = current { conclude(&events[done], window, sampled: sampled) }
    // Windows without a record: nothing on the main thread.
    for index in events.indices where !concluded[index] {
      conclude(&events[index], Window(), sampled: sampled)
    }
  }

  private mutating func add(_ record: WindowRecord, to window: inout Window) {
    if record.isSample {
      guard window.busyEnd <= record.time else { return }
      window.otherNs = window.otherNs.saturatingAdd(record.end)
      if let function = hotFunction(part: Int(record.part), stack: Int(record.id)) {
        window.hot[function, default: 0] = window.hot[function, default: 0].saturatingAdd(record.end)
      }
      return
    }
    window.updateNs = window.updateNs.saturatingAdd(Self.extent(record, after: window.busyEnd))
    window.busyEnd = max(window.busyEnd, record.end)
    let group = Int(record.group)
    if nodeEnds[group] == .min { window.nodes.append(group) }
    nodeTimes[group] = nodeTimes[group].saturatingAdd(Self.extent(record, after: nodeEnds[group]))
    nodeEnds[group] = max(nodeEnds[group], record.end)
    if window.longest.map({
      record.duration > $0.duration || (record.duration == $0.duration && record.id < $0.id)
    })
      ?? true
    {
      window.longest = (record.duration, record.id)
    }
  }

  /// What of a piece lies past `covered`, ns.
  private static func extent(_ record: WindowRecord, after covered: Int64) -> Int64 {
    let lower = max(record.time, covered)
    return record.end > lower ? record.end.saturatingSubtract(lower) : 0
  }

  /// The verdict and explanation of `event` from its swept `window`.
  private mutating func conclude(_ event: inout RecordedHitch, _ window: Window, sampled: Bool) {
    defer {
      for group in window.nodes {
        nodeEnds[group] = .min
        nodeTimes[group] = 0
      }
    }
    event.updateNs = window.updateNs
    event.otherNs = window.otherNs
    event.longestUpdate = window.longest?.id
    let length = Int128(event.window.upperBound) - Int128(event.window.lowerBound)
    let updateNs = Int128(window.updateNs)
    let otherNs = Int128(window.otherNs)
    if updateNs >= otherNs && 4 * updateNs >= length {
      event.verdict = .updates
      // Most time first; ties by label, then kind, then module.
      let ranked = window.nodes.map { (group: $0, ns: nodeTimes[$0]) }.sorted { a, b in
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
      let ranked = window.hot.sorted {
        ($1.value, $0.key.name, $0.key.binary ?? "") < ($0.value, $1.key.name, $1.key.binary ?? "")
      }.prefix(3)
      event.explainedBy = ranked.map(\.key.name)
      event.explainedNs = ranked.map(\.value)
    } else {
      event.verdict = sampled ? .elsewhere : .unknown
      event.explainedBy = event.recordedReasons
      event.explainedNs = []
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
}
