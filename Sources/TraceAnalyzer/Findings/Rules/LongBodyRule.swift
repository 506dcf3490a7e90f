import TraceModel

/// `long-body`: a view's body (or representable update) runs long, again and again.
struct LongBodyRule: FindingsRule {
  static let minRed = RuleThreshold(
    option: "--min-red", key: "minRed", default: 3, help: "red updates of one view")

  static let declaration = RuleDeclaration(
    rule: .longBody, finds: "a view's body runs long, again and again",
    suggestion: "Move expensive work out of body: create formatters once and cache them, precompute "
      + "filtered or sorted data when it changes, not on every update.",
    thresholds: [minRed], subject: .first(1))

  struct Scan: RuleScan {
    /// Per group: summed duration of the updates above the orange threshold.
    var longNs: [Int64] = []
    /// Per group: missed frames holding one of its red updates.
    var redMissedFrames: [Set<Int64>] = []
    /// Where the last missed frame was found.
    var hint = 0

    mutating func merge(_ later: Self, within span: ClosedRange<Int64>?) {}
  }

  static var visitsUpdates: Bool { true }

  let context: RuleContext
  let missed: MissedFrameIndex

  init(_ context: RuleContext) {
    self.context = context
    missed = context.frames.missedIndex
  }

  func visit(update: SpillRecord, group: Int, into scan: inout Scan) {
    if scan.longNs.isEmpty {
      scan.longNs = Array(repeating: 0, count: context.keys.count)
      scan.redMissedFrames = Array(repeating: [], count: context.keys.count)
    }
    let duration = update.duration
    if duration > context.thresholds.orange { scan.longNs[group] = scan.longNs[group].saturatingAdd(duration) }
    // Only a finished main-thread update is in a missed frame: its work's or its stretch's.
    guard update.isMainThread && duration > context.thresholds.red,
      let index = missed.index(holding: update.start, hint: &scan.hint)
    else { return }
    scan.redMissedFrames[group].insert(missed.frames[index].frame.number)
  }

  func findings(_ scan: Scan) -> [Finding] {
    let minRed = context.settings.count(Self.minRed)
    var findings: [Finding] = []
    for (group, key) in context.keys.enumerated() {
      let figures = context.statistics[group]
      guard key.kind != .other && figures.red >= minRed else { continue }
      let longNs = scan.longNs.isEmpty ? 0 : scan.longNs[group]
      let missedFrames = scan.redMissedFrames.isEmpty ? 0 : scan.redMissedFrames[group].count
      findings.append(finding(key, figures: figures, longNs: longNs, missedFrames: missedFrames))
    }
    return findings
  }

  private func finding(_ key: ViewKey, figures: ViewStatistics, longNs: Int64, missedFrames: Int) -> Finding {
    let label = RuleContext.label(of: key)
    let red = context.thresholds.red
    var evidence = [
      "\(Count.text(figures.red)) red (> \(DurationText.format(red))) and "
        + "\(Count.text(figures.orange)) orange of \(Count.text(figures.count)) updates; "
        + "p95 \(DurationText.format(figures.p95Ns)), longest \(DurationText.format(figures.maxNs))"
    ]
    if missedFrames > 0 {
      evidence.append("its red updates are in \(Count.frames(missedFrames)) that missed the deadline")
    } else {
      evidence.append("no frame with one of its red updates missed the deadline")
    }
    return Finding(
      rule: .longBody, severity: missedFrames > 0 ? .error : .warning,
      title: "\(label) runs long: \(Count.text(figures.red)) red and \(Count.text(figures.orange)) "
        + "orange updates (\(DurationText.format(longNs)))",
      nodes: [CauseGraph.NodeID(view: key)], count: figures.orange + figures.red, costNs: longNs,
      examples: (context.longest[key]?.any ?? []).map(\.id), evidence: evidence, backtraces: [], path: [],
      view: key.qualifiedName, edges: [])
  }
}
