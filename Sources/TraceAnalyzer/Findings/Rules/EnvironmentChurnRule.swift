import TraceModel

/// `environment-churn`: environment changes reach views over many frames, some for nothing.
struct EnvironmentChurnRule: FindingsRule {
  static let churnFrames = RuleThreshold(
    option: "--churn-frames", key: "churnFrames", default: 10, help: "frames reached")

  static let declaration = RuleDeclaration(
    rule: .environmentChurn,
    finds: "environment changes reach views over many frames, some of them for nothing",
    suggestion: "Keep fast-changing values (geometry, timers, counters) out of the environment; pass "
      + "them to the views that need them, so the others are not checked on every change.",
    thresholds: [churnFrames], subject: .first(1))

  /// What one environment source reached.
  struct Source: RuleScanValue, Sendable {
    var frames = FrameSet()
    var skippedViews: Set<Int32> = []
    var costNs: Int64 = 0
    var updates = 0
    var skipped = 0
    var examples = EarliestUpdates()

    mutating func merge(_ other: Source, within span: ClosedRange<Int64>?) {
      frames.formUnion(other.frames, within: span)
      skippedViews.formUnion(other.skippedViews)
      costNs = costNs.saturatingAdd(other.costNs)
      updates += other.updates
      skipped += other.skipped
      examples.merge(other.examples)
    }
  }

  struct Scan: RuleScan {
    /// By the source's graph node.
    var sources: [Int32: Source] = [:]

    mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {
      for (source, facts) in later.sources { sources[source, default: Source()].merge(facts, within: span) }
    }
  }

  static var visitsCauses: Bool { true }

  let context: RuleContext
  let frameSpan: ClosedRange<Int64>?

  init(_ context: RuleContext) {
    self.context = context
    frameSpan = context.frameSpan
  }

  func visit(cause visit: CauseVisit, run: Int, into scan: inout Scan) {
    let cause = visit.cause
    guard cause.has(ResolvedCause.updateLabel) && cause.has(ResolvedCause.toUpdate),
      case .source(let sourceKind) = visit.fromKind,
      sourceKind == .environment || sourceKind == .environmentWriter
    else { return }
    let frame = context.frames.timeline.frame(containing: cause.start).number
    let skipped = cause.has(ResolvedCause.skipped)
    let finished = cause.isFinishedUpdate
    let span = frameSpan
    // Changed in place: a copy out of the dictionary would copy its sets.
    scan.sources.change(Int32(visit.from)) { source in
      source.frames.insert(frame, within: span)
      source.updates += 1
      if finished { source.costNs = source.costNs.saturatingAdd(cause.duration) }
      if skipped {
        source.skipped += 1
        source.skippedViews.insert(Int32(visit.to))
        source.examples.add(start: cause.start, id: cause.target)
      }
    }
  }

  func findings(_ scan: Scan) -> [Finding] {
    scan.sources.sorted { $0.key < $1.key }.compactMap { finding(source: Int($0.key), $0.value) }
  }

  private func finding(source node: Int, _ facts: Source) -> Finding? {
    guard facts.frames.count >= context.settings.count(Self.churnFrames), !facts.skippedViews.isEmpty else {
      return nil
    }
    let graph = context.graph
    let source = graph.nodes[node]
    let viewNodes = facts.skippedViews.map { graph.nodes[Int($0)] }.sorted(by: Self.byLabel)
    let views = viewNodes.map(\.label)
    let shown = views.prefix(5).joined(separator: ", ") + (views.count > 5 ? ", …" : "")
    return Finding(
      rule: .environmentChurn, severity: .warning,
      title: "\(source.label) reaches views in \(Count.frames(facts.frames.count)); "
        + "\(Count.text(views.count)) \(views.count == 1 ? "view is" : "views are") checked for nothing (\(shown))",
      nodes: [source.id] + viewNodes.map(\.id), count: facts.frames.count, costNs: facts.costNs,
      examples: facts.examples.ids,
      evidence: [
        "\(Count.updates(facts.updates)) reached in \(Count.frames(facts.frames.count)), "
          + "\(DurationText.format(facts.costNs)); \(Count.text(facts.skipped)) of them skipped "
          + "(checked, body not run)"
      ],
      backtraces: context.backtrace(of: [source]), path: [],
      view: viewNodes.first?.viewKey?.qualifiedName,
      edges: facts.skippedViews.map { Finding.Edge(from: source.id, to: graph.nodes[Int($0)].id) })
  }

  /// Nodes by label, then module (two views of one name in two modules keep one order).
  static func byLabel(_ lhs: CauseGraph.Node, _ rhs: CauseGraph.Node) -> Bool {
    if lhs.label != rhs.label { return lhs.label.utf8.lexicographicallyPrecedes(rhs.label.utf8) }
    return (lhs.module ?? "").utf8.lexicographicallyPrecedes((rhs.module ?? "").utf8)
  }
}
