import TraceModel

/// `fan-out`: one change makes many updates of one view.
struct FanOutRule: FindingsRule {
  static let fanOut = RuleThreshold(
    option: "--fan-out", key: "fanOut", default: 8, help: "median updates per change")

  static let declaration = RuleDeclaration(
    rule: .fanOut, finds: "one change makes many updates of one view",
    suggestion: "Narrow the dependency: give each row its own @Observable model (or pass it only the "
      + "value it shows) so one change updates one row, not all of them.",
    thresholds: [fanOut], subject: .first(2))

  /// A source → update edge that may fan out.
  struct FanEdge: Sendable {
    var from: Int32
    var to: Int32
    /// The join's edge.
    var joinEdge: Int32
    var count = 0
    var costNs: Int64 = 0
    var examples = EarliestUpdates()
  }

  /// The edges that can fan out (at least twice the threshold's causes) in order of first sight.
  struct Scan: RuleScan {
    /// The join edge's place in `fans` (-1: none yet; empty until the first).
    var fanOfEdge: [Int32] = []
    var fans: [FanEdge] = []

    mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {
      for fan in later.fans {
        let index = slot(Int(fan.joinEdge), edges: later.fanOfEdge.count)
        if index < 0 {
          fanOfEdge[Int(fan.joinEdge)] = Int32(fans.count)
          fans.append(fan)
        } else {
          fans[Int(index)].count += fan.count
          fans[Int(index)].costNs = fans[Int(index)].costNs.saturatingAdd(fan.costNs)
          fans[Int(index)].examples.merge(fan.examples)
        }
      }
    }

    /// The place of `edge` in `fans` (-1: none yet), the table made for `edges` edges first.
    @inline(__always)
    mutating func slot(_ edge: Int, edges: Int) -> Int32 {
      if fanOfEdge.isEmpty { fanOfEdge = [Int32](repeating: -1, count: edges) }
      return fanOfEdge[edge]
    }
  }

  static var visitsCauses: Bool { true }

  let context: RuleContext
  let threshold: Int
  /// Each fanning edge's update starts, for its bursts (shared by the runs, a spill each).
  let bursts: UnsafeSendable<BurstCounter>

  init(_ context: RuleContext) {
    self.context = context
    threshold = context.settings.count(Self.fanOut)
    bursts = UnsafeSendable(
      BurstCounter(
        expected: context.resolvedCauses, low: context.traceSpan.lowerBound,
        high: context.traceSpan.upperBound,
        threads: context.runs))
  }

  /// The join edge of `visit` if it may fan out (else -1).
  @inline(__always)
  private func fanningEdge(_ visit: CauseVisit) -> Int {
    let cause = visit.cause
    guard cause.has(ResolvedCause.updateLabel) && cause.has(ResolvedCause.toUpdate),
      case .source(let sourceKind) = visit.fromKind, sourceKind != .environment,
      sourceKind != .environmentWriter
    else { return -1 }
    let joinEdge = Int(cause.edge)
    // Two bursts whose lower median reaches the threshold take twice its updates: an edge with
    // fewer causes cannot fan out, so it is neither kept nor counted into bursts.
    return context.edgeCounts[joinEdge] >= 2 * threshold ? joinEdge : -1
  }

  func visit(cause: CauseVisit, run: Int, into scan: inout Scan) {
    visit(causes: [cause], run: run, into: &scan)
  }

  /// Causes a look-ahead takes.
  private static let lookAhead = 16

  /// Visits `causes` a few at a time: their edges' places first, then the edges' tallies (the
  /// examples' bars), then counts them, so that each stage's cache misses overlap.
  func visit(causes: [CauseVisit], run: Int, into scan: inout Scan) {
    let edges = context.edgeCounts.count
    var joinEdges = (0..<Self.lookAhead).map { _ in -1 }
    var places = [Int32](repeating: -1, count: Self.lookAhead)
    var bars = [(start: Int64, id: Int64)?](repeating: nil, count: Self.lookAhead)
    var start = 0
    while start < causes.count {
      let count = min(Self.lookAhead, causes.count - start)
      for slot in 0..<count {
        joinEdges[slot] = fanningEdge(causes[start + slot])
        if joinEdges[slot] >= 0 { places[slot] = scan.slot(joinEdges[slot], edges: edges) }
      }
      for slot in 0..<count where joinEdges[slot] >= 0 {
        bars[slot] = places[slot] < 0 ? nil : scan.fans[Int(places[slot])].examples.bar
      }
      for slot in 0..<count where joinEdges[slot] >= 0 {
        // A place found before may have been made since, by a cause of the same edge just before:
        // looked up again. A bar only falls as examples are added: one found before still skips
        // only what the examples would turn away.
        let edge = places[slot] < 0 ? scan.slot(joinEdges[slot], edges: edges) : places[slot]
        self.count(
          causes[start + slot], joinEdge: joinEdges[slot], edge: edge, bar: bars[slot], run: run, into: &scan)
      }
      start += count
    }
  }

  /// Counts `visit` on fanning edge `joinEdge`, at `edge` in the scan's fans (-1: none yet);
  /// `bar` is the edge's examples' bar as looked up before.
  @inline(__always)
  private func count(
    _ visit: CauseVisit, joinEdge: Int, edge: Int32, bar: (start: Int64, id: Int64)?, run: Int,
    into scan: inout Scan
  ) {
    let cause = visit.cause
    var edge = edge
    if edge < 0 {
      edge = Int32(scan.fans.count)
      scan.fanOfEdge[joinEdge] = edge
      scan.fans.append(FanEdge(from: Int32(visit.from), to: Int32(visit.to), joinEdge: Int32(joinEdge)))
    }
    scan.fans[Int(edge)].count += 1
    if cause.isFinishedUpdate {
      scan.fans[Int(edge)].costNs = scan.fans[Int(edge)].costNs.saturatingAdd(cause.duration)
    }
    if bar.map({ (cause.start, cause.target) < ($0.start, $0.id) }) ?? true {
      scan.fans[Int(edge)].examples.add(start: cause.start, id: cause.target)
    }
    bursts.value.add(edge: joinEdge, start: cause.start, thread: run)
  }

  func findings(_ scan: Scan) -> [Finding] {
    let graph = context.graph
    let edgeBursts = bursts.value.bursts(
      edges: context.edgeCounts.count, gap: context.budget, threshold: threshold)
    var findings: [Finding] = []
    for fan in scan.fans {
      let burstsOfEdge = edgeBursts[Int(fan.joinEdge)]
      guard burstsOfEdge.count >= 2, let median = burstsOfEdge.medianIfLarge else { continue }
      let source = graph.nodes[Int(fan.from)]
      let view = graph.nodes[Int(fan.to)]
      findings.append(
        Finding(
          rule: .fanOut, severity: .warning,
          title: "\(source.label) fans out to \(Count.text(median)) \(view.label) per change "
            + "(\(Count.text(burstsOfEdge.count)) changes, \(Count.updates(fan.count)), "
            + "\(DurationText.format(fan.costNs)))",
          nodes: [source.id, view.id], count: fan.count, costNs: fan.costNs,
          examples: fan.examples.ids,
          evidence: [
            "\(Count.text(burstsOfEdge.count)) bursts of updates (a burst ends where a budget of "
              + "\(DurationText.format(context.budget)) passes with none); median \(Count.text(median)), "
              + "largest \(Count.text(burstsOfEdge.largest)) updates",
            "\(view.label) updated \(Count.text(fan.count)) times for \(source.label)",
          ],
          backtraces: context.backtrace(of: [source]), path: [], view: view.viewKey?.qualifiedName,
          edges: [Finding.Edge(from: source.id, to: view.id)]))
    }
    return findings
  }
}
