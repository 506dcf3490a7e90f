import TraceModel

/// What a findings rule is made with: the read's summary, frames and cause graph, and the
/// settings.
struct RuleContext: Sendable {
  let settings: FindingSettings
  let thresholds: Thresholds
  let frames: FrameVerdicts
  /// The frame budget, ns.
  let budget: Int64
  let graph: CauseGraph
  /// The summary's views and their figures (global group order).
  let keys: [ViewKey]
  let statistics: [ViewStatistics]
  /// The longest updates of each view above the orange threshold.
  let longest: [ViewKey: FindingsPass.LongestUpdates]
  /// The first backtrace of each source that has one, by the source's label.
  let backtraces: [String: [String]]
  /// The earliest and latest time of the trace's events.
  let traceSpan: ClosedRange<Int64>
  /// The causes counted on each join edge.
  let edgeCounts: [Int]
  /// The causes the join resolved, as the rules visit them.
  let causes: CauseVisits
  /// The runs the causes are scanned in.
  let runs: Int

  /// How many causes the join resolved.
  var resolvedCauses: Int { causes.count }

  /// The trace's frames, for the frame sets' bitmaps.
  var frameSpan: ClosedRange<Int64>? {
    let first = frames.timeline.frame(containing: traceSpan.lowerBound).number
    let last = frames.timeline.frame(containing: traceSpan.upperBound).number
    return first <= last ? first...last : nil
  }

  /// The label a view's node has in the cause graph (`Name.body`, `Name.update`, the name).
  static func label(of key: ViewKey) -> String {
    CauseGraph.Node(kind: .update(key.kind), name: key.name).label
  }

  /// The backtraces of the sources among `nodes`.
  func backtrace(of nodes: [CauseGraph.Node]) -> [Finding.Backtrace] {
    nodes.compactMap { node in
      guard case .source = node.kind, let frames = backtraces[node.label] else { return nil }
      return Finding.Backtrace(source: node.label, frames: frames)
    }
  }
}

/// A few updates to quote: the three earliest by start, then id.
struct EarliestUpdates: Sendable {
  private var first: (start: Int64, id: Int64)?
  private var second: (start: Int64, id: Int64)?
  private var third: (start: Int64, id: Int64)?

  /// The latest of the three once there are three: an update that does not start before it
  /// (by start, then id) is not added.
  var bar: (start: Int64, id: Int64)? { third }

  @inline(__always)
  mutating func add(start: Int64, id: Int64) {
    let item = (start: start, id: id)
    if let third, (third.start, third.id) <= (start, id) { return }
    if first?.id == id || second?.id == id || third?.id == id { return }
    if let first, (first.start, first.id) <= (start, id) {
      if let second, (second.start, second.id) <= (start, id) {
        third = item
      } else {
        third = second
        second = item
      }
    } else {
      third = second
      second = first
      first = item
    }
  }

  var ids: [Int64] { [first, second, third].compactMap { $0?.id } }

  /// Adds the updates `other` keeps: the three earliest of both.
  mutating func merge(_ other: EarliestUpdates) {
    for item in [other.first, other.second, other.third] {
      if let item { add(start: item.start, id: item.id) }
    }
  }
}

extension Dictionary where Value: RuleScanValue {
  /// Changes the value of `key` in place (made with `init()` when absent), without copying it.
  @inline(__always)
  mutating func change(_ key: Key, _ body: (inout Value) -> Void) {
    body(&self[key, default: Value()])
  }
}

/// A value a rule keeps per key in its scan, with an empty starting state.
protocol RuleScanValue { init() }
