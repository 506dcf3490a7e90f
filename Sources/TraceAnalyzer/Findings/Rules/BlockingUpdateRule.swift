import TraceModel

/// `blocking-update`: one update held the main thread for several frames.
struct BlockingUpdateRule: FindingsRule {
  static let blockingFrames = RuleThreshold(
    option: "--blocking-frames", key: "blockingFrames", default: 4, help: "frame budgets one update lasts")

  static let declaration = RuleDeclaration(
    rule: .blockingUpdate, finds: "one update holds the main thread for several frames",
    suggestion: "Do slow work off the main thread: load data in .task { await … } instead of a "
      + "synchronous initializer or fetch reached from body.",
    thresholds: [blockingFrames], subject: .first(1))

  struct Scan: RuleScan {
    /// Per group: main-thread updates of at least the limit, their time, the longest.
    var blocking: [Int] = []
    var blockingNs: [Int64] = []
    var longestNs: [Int64] = []

    mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {}
  }

  static var visitsUpdates: Bool { true }

  let context: RuleContext
  /// The shortest update that blocks, ns.
  let limit: Int64

  init(_ context: RuleContext) {
    self.context = context
    let product = context.budget.multipliedReportingOverflow(by: Int64(context.settings.count(Self.blockingFrames)))
    limit = product.overflow ? Int64.max : product.partialValue
  }

  func visit(update: SpillRecord, group: Int, into scan: inout Scan) {
    guard update.isMainThread && update.duration >= limit else { return }
    if scan.blocking.isEmpty {
      scan.blocking = Array(repeating: 0, count: context.keys.count)
      scan.blockingNs = Array(repeating: 0, count: context.keys.count)
      scan.longestNs = Array(repeating: 0, count: context.keys.count)
    }
    scan.blocking[group] += 1
    scan.blockingNs[group] = scan.blockingNs[group].saturatingAdd(update.duration)
    scan.longestNs[group] = max(scan.longestNs[group], update.duration)
  }

  func findings(_ scan: Scan) -> [Finding] {
    scan.blocking.indices.filter { scan.blocking[$0] > 0 }.map { group in
      let key = context.keys[group]
      let label = RuleContext.label(of: key)
      let budget = context.budget
      let longestNs = scan.longestNs[group]
      let count = scan.blocking[group]
      let budgets = budget > 0 ? Double(longestNs) / Double(budget) : 0
      let longestMain = context.longest[key]?.main ?? []
      return Finding(
        rule: .blockingUpdate, severity: .error,
        title: "\(label) blocks the main thread for \(DurationText.format(longestNs)) "
          + "(\(Count.decimal(budgets)) frame budgets)"
          + (count > 1 ? ", \(Count.text(count)) such updates" : ""),
        nodes: [CauseGraph.NodeID(view: key)], count: count, costNs: scan.blockingNs[group],
        examples: longestMain.filter { $0.duration >= limit }.map(\.id),
        evidence: [
          "\(Count.updates(count)) on the main thread of at least "
            + "\(context.settings.count(Self.blockingFrames)) frame budgets (\(DurationText.format(budget)) each), "
            + "\(DurationText.format(scan.blockingNs[group])) in all"
        ],
        backtraces: [], path: [], view: key.qualifiedName, edges: [])
    }
  }
}
