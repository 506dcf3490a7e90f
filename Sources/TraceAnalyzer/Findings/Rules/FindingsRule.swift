import TraceModel

/// One rule of analysis.md "Findings", in a file of its own (as a swift-format rule is).
///
/// A rule declares itself once (``declaration``); it is made for each diagnosis from what the
/// read found (``RuleContext``), visits the updates the summary spilled and the causes the
/// graph's join resolved into scans of its own, and turns the merged scan into findings. The
/// spill is scanned once for every rule, and the resolved causes once, in runs on several
/// threads whose scans are merged in order (``RuleScan/merge(_:within:)``).
protocol FindingsRule: Sendable {
  /// What the rule accumulates over a scan.
  associatedtype Scan: RuleScan = NoScan

  static var declaration: RuleDeclaration { get }

  /// Whether the rule visits the spilled updates, and the resolved causes (a scan no rule
  /// visits is not made).
  static var visitsUpdates: Bool { get }
  static var visitsCauses: Bool { get }

  /// The rule for one diagnosis.
  init(_ context: RuleContext)

  /// Takes a spilled update (finished, in the window) with its view's group.
  func visit(update: SpillRecord, group: Int, into scan: inout Scan)

  /// Takes a resolved cause; `run` is the scan's run (each on its own thread).
  func visit(cause: CauseVisit, run: Int, into scan: inout Scan)

  /// The findings of the merged scan.
  func findings(_ scan: Scan) -> [Finding]
}

extension FindingsRule {
  static var visitsUpdates: Bool { false }
  static var visitsCauses: Bool { false }
  func visit(update: SpillRecord, group: Int, into scan: inout Scan) {}
  func visit(cause: CauseVisit, run: Int, into scan: inout Scan) {}
}

/// What a rule accumulates over one scan.
protocol RuleScan: Sendable {
  init()
  /// Adds the scan of the records after this one's; `span` is the frame sets' span.
  mutating func merge(_ later: Self, within span: ClosedRange<Int64>?)
}

/// The scan of a rule that needs none.
struct NoScan: RuleScan {
  mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {}
}

/// A resolved cause with its ends as graph nodes.
struct CauseVisit {
  let cause: ResolvedCause
  /// The graph positions of the cause's ends.
  let from: Int
  let to: Int
  let fromKind: CauseGraph.Node.Kind
}

/// Missed frames by the starts of their updates, for finding the frame of an update when
/// updates come roughly in time order (as the summary's spill gives them).
struct MissedFrameIndex: Sendable {
  let frames: [MissedFrame]
  private let firsts: [Int64]
  private let lasts: [Int64]

  /// `frames` in time order.
  init(_ frames: [MissedFrame]) {
    self.frames = frames
    firsts = frames.map(\.firstStart)
    lasts = frames.map(\.lastStart)
  }

  var isEmpty: Bool { frames.isEmpty }

  /// The index of the frame whose updates hold the finished main-thread update starting at
  /// `start`; `hint` is where the last search ended (kept in a scan).
  @inline(__always)
  func index(holding start: Int64, hint: inout Int) -> Int? {
    let count = firsts.count
    if hint < count && firsts[hint] <= start {
      if start <= lasts[hint] { return hint }
      if hint + 1 == count || start < firsts[hint + 1] { return nil }
    }
    // The last frame whose updates start at or before `start`.
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if firsts[middle] <= start { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    hint = low - 1
    return start <= lasts[hint] ? hint : nil
  }
}
