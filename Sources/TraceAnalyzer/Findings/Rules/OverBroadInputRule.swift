import TraceModel

/// `over-broad-input`: a parent passes a whole value to a child that shows a part of it.
struct OverBroadInputRule: FindingsRule {
  static let selfMin = RuleThreshold(
    option: "--self-min", key: "selfMin", default: 5, help: "updates by @self")

  static let declaration = RuleDeclaration(
    rule: .overBroadInput, finds: "a parent passes a whole value to a child that shows a part of it",
    suggestion: "Pass the child only what it shows (the image, not the whole model value), or make the "
      + "child Equatable, so unrelated changes of the parent's value do not re-run its body.",
    thresholds: [selfMin], subject: .first(2))

  /// An update → update edge.
  struct NodePair: Hashable, Sendable {
    var from: Int32
    var to: Int32
  }

  /// The finished updates `@self` caused on one edge.
  struct Edge: RuleScanValue, Sendable {
    var durations: [Int64] = []
    var examples = EarliestUpdates()
  }

  struct Scan: RuleScan {
    var edges: [NodePair: Edge] = [:]

    mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {
      for (pair, facts) in later.edges {
        edges.change(pair) { edge in
          edge.durations += facts.durations
          edge.examples.merge(facts.examples)
        }
      }
    }
  }

  static var visitsCauses: Bool { true }

  let context: RuleContext

  init(_ context: RuleContext) { self.context = context }

  func visit(cause visit: CauseVisit, run: Int, into scan: inout Scan) {
    let cause = visit.cause
    guard
      cause.has(ResolvedCause.updateLabel) && cause.has(ResolvedCause.changedSelf) && cause.isFinishedUpdate,
      case .update = visit.fromKind
    else { return }
    scan.edges.change(NodePair(from: Int32(visit.from), to: Int32(visit.to))) { facts in
      facts.durations.append(cause.duration)
      facts.examples.add(start: cause.start, id: cause.target)
    }
  }

  func findings(_ scan: Scan) -> [Finding] {
    scan.edges.sorted { ($0.key.from, $0.key.to) < ($1.key.from, $1.key.to) }.compactMap {
      finding($0.key, $0.value)
    }
  }

  private func finding(_ pair: NodePair, _ facts: Edge) -> Finding? {
    let count = facts.durations.count
    guard count >= context.settings.count(Self.selfMin) else { return nil }
    let median = facts.durations.sorted()[(count - 1) / 2]
    let orange = context.thresholds.orange
    guard median > orange else { return nil }
    let parent = context.graph.nodes[Int(pair.from)]
    let child = context.graph.nodes[Int(pair.to)]
    let cost = facts.durations.reduce(Int64(0)) { $0.saturatingAdd($1) }
    return Finding(
      rule: .overBroadInput, severity: .warning,
      title: "\(parent.label) re-runs \(child.label) for a change of its whole input: "
        + "\(Count.updates(count)) by @self (median \(DurationText.format(median)), "
        + "\(DurationText.format(cost)))",
      nodes: [parent.id, child.id], count: count, costNs: cost, examples: facts.examples.ids,
      evidence: [
        "\(Count.updates(count)) of \(child.label) caused by \(parent.label) with changed: @self "
          + "(the parent passed a new value, not one the child reads); median "
          + "\(DurationText.format(median)) > orange \(DurationText.format(orange))"
      ],
      backtraces: [], path: [], view: child.viewKey?.qualifiedName,
      edges: [Finding.Edge(from: parent.id, to: child.id)])
  }
}
