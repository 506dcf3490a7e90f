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

  /// A source → update edge that fans out.
  struct FanEdge: Sendable {
    /// The graph positions of its ends, from its causes.
    var from = 0
    var to = 0
    /// The join's edge.
    var joinEdge: Int
    var count = 0
    var costNs: Int64 = 0
    var examples = EarliestUpdates()
  }

  static var visitsCauses: Bool { true }

  let context: RuleContext
  let threshold: Int
  /// Whether each join edge has enough causes to fan out: two bursts whose lower median reaches
  /// the threshold take twice its updates.
  let canFan: [Bool]
  /// Each fanning edge's update starts, for its bursts (shared by the runs, a spill each).
  let bursts: UnsafeSendable<BurstCounter>

  init(_ context: RuleContext) {
    self.context = context
    threshold = context.settings.count(Self.fanOut)
    canFan = context.edgeCounts.map { [threshold] in $0 >= 2 * threshold }
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
      sourceKind != .environmentWriter, canFan[Int(cause.edge)]
    else { return -1 }
    return Int(cause.edge)
  }

  /// Adds the cause's start to its edge's bursts when the edge may fan out; only the edges
  /// whose bursts fan out are counted, in ``counted(_:places:)`` (most edges do not, and a table
  /// of every edge is a cache miss a cause).
  func visit(cause: CauseVisit, run: Int, into scan: inout NoScan) {
    let edge = fanningEdge(cause)
    if edge >= 0 { bursts.value.add(edge: edge, start: cause.cause.start, thread: run) }
  }

  /// The edges of `fans` counted, costed and quoted from their causes, in a second look at the
  /// causes (a share of them a thread); `places[e]` is join edge `e`'s place in `fans`, -1 for
  /// the edges not in it.
  private func counted(_ fans: [FanEdge], places: [Int32]) -> [FanEdge] {
    let causes = context.causes
    let runs = context.runs
    let tallies = concurrentMap(Array(0..<runs)) { run in
      var tally = fans
      causes.forEachBlock(records: causes.share(run, of: runs)) { visits in
        for visit in visits {
          let edge = fanningEdge(visit)
          guard edge >= 0, places[edge] >= 0 else { continue }
          let place = Int(places[edge])
          let cause = visit.cause
          tally[place].from = visit.from
          tally[place].to = visit.to
          tally[place].count += 1
          if cause.isFinishedUpdate {
            tally[place].costNs = tally[place].costNs.saturatingAdd(cause.duration)
          }
          tally[place].examples.add(start: cause.start, id: cause.target)
        }
      }
      return tally
    }
    var result = tallies[0]
    for tally in tallies.dropFirst() {
      for (place, fan) in tally.enumerated() where fan.count > 0 {
        result[place].from = fan.from
        result[place].to = fan.to
        result[place].count += fan.count
        result[place].costNs = result[place].costNs.saturatingAdd(fan.costNs)
        result[place].examples.merge(fan.examples)
      }
    }
    return result
  }

  func findings(_ scan: NoScan) -> [Finding] {
    let graph = context.graph
    let edgeBursts = bursts.value.bursts(
      edges: context.edgeCounts.count, gap: context.budget, threshold: threshold)
    var places = [Int32](repeating: -1, count: edgeBursts.count)
    var fanning: [FanEdge] = []
    for (edge, burstsOfEdge) in edgeBursts.enumerated()
    where burstsOfEdge.count >= 2 && burstsOfEdge.medianIfLarge != nil {
      places[edge] = Int32(fanning.count)
      fanning.append(FanEdge(joinEdge: edge))
    }
    guard !fanning.isEmpty else { return [] }
    var findings: [Finding] = []
    // Each edge here had causes in its bursts; one counted none would have no ends to name.
    for fan in counted(fanning, places: places) where fan.count > 0 {
      let burstsOfEdge = edgeBursts[fan.joinEdge]
      guard let median = burstsOfEdge.medianIfLarge else { continue }
      let source = graph.nodes[fan.from]
      let view = graph.nodes[fan.to]
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
