import TraceModel

/// One rule of analysis.md "Findings", in a file of its own (as a swift-format rule is).
///
/// A rule declares itself once (``declaration``); it is made for each diagnosis from what the
/// read found (``RuleContext``), visits the updates the summary spilled and the causes the
/// graph's join resolved into scans of its own, and turns the merged scan into findings. The
/// spill is scanned once for every rule, and the resolved causes once, in runs on several
/// threads whose scans are merged in order (``RuleScan/merge(_:within:)``). A rule whose scan
/// narrows what it must count may look again at the causes of those few keys alone
/// (``RuleContext/causes``), as fan-out does for the edges whose bursts fan out.
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

  /// Takes resolved causes in order, as many ``visit(cause:run:into:)`` calls would: the loop
  /// each rule's scan runs, specialized for the rule.
  func visit(causes: [CauseVisit], run: Int, into scan: inout Scan)

  /// The findings of the merged scan.
  func findings(_ scan: Scan) -> [Finding]
}

extension FindingsRule {
  static var visitsUpdates: Bool { false }
  static var visitsCauses: Bool { false }
  func visit(update: SpillRecord, group: Int, into scan: inout Scan) {}
  func visit(cause: CauseVisit, run: Int, into scan: inout Scan) {}

  func visit(causes: [CauseVisit], run: Int, into scan: inout Scan) {
    for cause in causes { visit(cause: cause, run: run, into: &scan) }
  }
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
