import TraceModel

/// A hitch or hang the recording holds, tied to the main thread's work in its window
/// (analysis.md "Recorded hitches and hangs").
package struct RecordedHitch: Hashable, Sendable {
  package enum Kind: String, Hashable, Sendable {
    case hitch
    case hang
  }

  package var kind: Kind
  package var start: Int64
  package var duration: Int64
  /// A hitch's narrative (`Potentially expensive app update(s)`) or a hang's kind (`Microhang`).
  package var narrative: String?
  /// The stage that was late (hitches only), such as `Commit to Render latency`.
  package var cause: String?
  /// Where the work that made it may lie: two budgets before a hitch, the hang itself.
  package var window: Range<Int64>
  package var verdict: HitchVerdict = .unknown
  /// The main thread's finished updates in the window (their union), ns.
  package var updateNs: Int64 = 0
  /// The main thread's samples in the window that belong to no update, ns.
  package var otherNs: Int64 = 0
  /// The update nodes, hot app frames or recorded reasons that explain it, most first.
  package var explainedBy: [String] = []
  /// The time of each update node or hot frame in ``explainedBy``, ns (empty for reasons).
  package var explainedNs: [Int64] = []
  /// The rules of the findings that name an explaining node, sorted by name.
  package var findings: [FindingRule] = []
  /// The longest finished main-thread update overlapping the window (ties: the smaller id).
  package var longestUpdate: Int64?

  package init(
    kind: Kind, start: Int64, duration: Int64, narrative: String?, cause: String?, window: Range<Int64>
  ) {
    self.kind = kind
    self.start = start
    self.duration = duration
    self.narrative = narrative
    self.cause = cause
    self.window = window
  }

  /// The recorded reasons: a hitch's narrative then its cause, those it has.
  var recordedReasons: [String] {
    kind == .hang ? [] : [narrative, cause].compactMap { $0 }
  }

  /// Longest first, then by start, then hangs before hitches.
  static func listedBefore(_ lhs: Self, _ rhs: Self) -> Bool {
    if lhs.duration != rhs.duration { return lhs.duration > rhs.duration }
    if lhs.start != rhs.start { return lhs.start < rhs.start }
    return lhs.kind == .hang && rhs.kind == .hitch
  }

  /// Whether `finding` names one of the explaining nodes.
  ///
  /// Nodes are compared by label, as the JSON shows both (one view name in two modules is one
  /// label).
  func isExplained(by finding: Finding) -> Bool {
    finding.nodes.contains(where: explainedBy.contains) && verdict == .updates
  }

  /// Names the findings whose nodes include an explaining node.
  mutating func attach(_ found: [Finding]) {
    findings = Set(found.filter(isExplained(by:)).map(\.rule)).sorted { $0.rawValue < $1.rawValue }
  }
}

/// What a recorded hitch or hang comes from.
package enum HitchVerdict: String, Hashable, Sendable {
  /// SwiftUI updates on the main thread filled the window.
  case updates
  /// The main thread was busy outside updates (the app's own code, sampled).
  case mainThread = "main-thread"
  /// The main thread was not busy: the render server, the GPU, another process.
  case elsewhere
  /// Without samples, main-thread work outside updates cannot be told from idleness.
  case unknown
}

/// The app's recorded hitches and hangs in the range, and whether the recording could have
/// held them (what a gate on them needs).
package struct RecordedHitches: Hashable, Sendable {
  /// Listed as analysis.md orders them (``RecordedHitch/listedBefore(_:_:)``).
  package var events: [RecordedHitch]
  /// Whether the recording had Time Profiler samples (else no verdict says `elsewhere`).
  package var sampled: Bool

  package init(events: [RecordedHitch], sampled: Bool) {
    self.events = events
    self.sampled = sampled
  }

  /// Names each event's findings.
  mutating func attach(_ found: [Finding]) {
    for index in events.indices { events[index].attach(found) }
  }
}
