import TraceModel

/// `accumulation`: frames missed by many small updates, none of them long.
struct AccumulationRule: FindingsRule {
  static let accumulationFrames = RuleThreshold(
    option: "--accumulation-frames", key: "accumulationFrames", default: 2,
    help: "frames missed by small updates")

  static let declaration = RuleDeclaration(
    rule: .accumulation, finds: "frames missed by many small updates, none of them long",
    suggestion: "Fewer views should update per frame: narrow dependencies (per-row models, smaller "
      + "observed properties) and lazy containers, since no single update is to blame.",
    thresholds: [accumulationFrames], subject: .none)

  struct Scan: RuleScan {
    /// Per group: main-thread time in frames missed by accumulation.
    var accumulationNs: [Int64] = []
    /// Where the last missed frame was found.
    var hint = 0

    mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {}
  }

  static var visitsUpdates: Bool { true }

  let context: RuleContext
  /// The frames missed by accumulation.
  let missed: MissedFrameIndex
  var missedFrames: [MissedFrame] { missed.frames }

  init(_ context: RuleContext) {
    self.context = context
    missed = MissedFrameIndex(context.frames.missed.filter { $0.blame == .accumulation })
  }

  func visit(update: SpillRecord, group: Int, into scan: inout Scan) {
    guard update.isMainThread && !missed.isEmpty, missed.index(holding: update.start, hint: &scan.hint) != nil
    else { return }
    if scan.accumulationNs.isEmpty { scan.accumulationNs = Array(repeating: 0, count: context.keys.count) }
    scan.accumulationNs[group] = scan.accumulationNs[group].saturatingAdd(update.duration)
  }

  func findings(_ scan: Scan) -> [Finding] {
    guard missedFrames.count >= context.settings.count(Self.accumulationFrames) else { return [] }
    let keys = context.keys
    let overrun = missedFrames.reduce(Int64(0)) { $0.saturatingAdd($1.overrunNs) }
    let ranked = scan.accumulationNs.indices.filter { scan.accumulationNs[$0] > 0 }
      .map { (label: RuleContext.label(of: keys[$0]), ns: scan.accumulationNs[$0], key: keys[$0]) }
      .sorted { $0.ns != $1.ns ? $0.ns > $1.ns : $0.label.utf8.lexicographicallyPrecedes($1.label.utf8) }
      .prefix(3)
    let worst = missedFrames.min { $0.isWorse(than: $1) }
    var evidence = [
      "\(Count.frames(missedFrames.count)) missed the deadline with no red update in them, "
        + "\(DurationText.format(overrun)) over in all"
    ]
    if let worst {
      evidence.append(
        "worst: frame \(worst.frame.number), \(Count.updates(worst.updates)), "
          + "\(DurationText.format(worst.overrunNs)) over")
    }
    for item in ranked {
      evidence.append("\(item.label): \(DurationText.format(item.ns)) in those frames")
    }
    return [
      Finding(
        rule: .accumulation, severity: .warning,
        title: "\(Count.frames(missedFrames.count)) missed the deadline by many small updates "
          + "(\(DurationText.format(overrun)) over)"
          + (ranked.isEmpty ? "" : "; most time in \(ranked.map(\.label).joined(separator: ", "))"),
        nodes: ranked.map { CauseGraph.NodeID(view: $0.key) }, count: missedFrames.count, costNs: overrun,
        examples: [], evidence: evidence, backtraces: [], path: [], view: ranked.first?.key.qualifiedName,
        edges: [])
    ]
  }
}
