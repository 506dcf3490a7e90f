import TraceModel

/// Applies the rules of analysis.md "Findings" to one read of a trace.
///
/// The update rules (`long-body`, `blocking-update`, `accumulation`) scan the summary's spill
/// of finished updates once the frames are known; the cause rules (`fan-out`,
/// `environment-churn`, `update-loop`, `over-broad-input`) scan the join's resolved causes
/// once (see ``FindingsBuilder/causeFindings(_:)``). Memory: per view, per node and per edge
/// figures, and per source or loop the set of frames it reached; nothing per event.
struct FindingsBuilder {
  let settings: FindingSettings
  let thresholds: Thresholds
  let frames: FrameVerdicts
  /// The frame budget, ns.
  let budget: Int64
  let graph: CauseGraph
  /// The join's catalog index → the graph's node position.
  let position: [Int]
  /// The graph's node position of each join edge's `from` end.
  let edgeSources: [Int]
  /// The causes counted on each join edge.
  let edgeCounts: [Int]
  /// The summary's views and their figures (global group order).
  let keys: [ViewKey]
  let statistics: [ViewStatistics]
  /// The longest updates of each view above the orange threshold.
  let longest: [ViewKey: FindingsPass.LongestUpdates]
  /// The first backtrace of each source that has one, by the source's label.
  let backtraces: [String: [String]]
  /// The earliest and latest time of the trace's events.
  let traceSpan: ClosedRange<Int64>

  init(
    settings: FindingSettings, thresholds: Thresholds, frames: FrameVerdicts, budget: Int64,
    graph: CauseGraph, position: [Int], edgeSources: [Int], edgeCounts: [Int], keys: [ViewKey],
    statistics: [ViewStatistics],
    longest: [ViewKey: FindingsPass.LongestUpdates], backtraces: [String: [String]],
    traceSpan: ClosedRange<Int64>
  ) {
    self.traceSpan = traceSpan
    self.settings = settings
    self.thresholds = thresholds
    self.frames = frames
    self.budget = budget
    self.graph = graph
    self.position = position
    self.edgeSources = edgeSources
    self.edgeCounts = edgeCounts
    self.keys = keys
    self.statistics = statistics
    self.longest = longest
    self.backtraces = backtraces
  }

  /// The label a view's node has in the cause graph (`Name.body`, `Name.update`, the name).
  static func label(of key: ViewKey) -> String {
    CauseGraph.Node(kind: .update(key.kind), name: key.name).label
  }

  /// Every finding, errors first, then by cost; the resolved causes are scanned on `threads`
  /// threads.
  func findings(spilled: SummaryBuilder, resolved: PartitionedSpill<ResolvedCause>, threads: Int = 1)
    -> [Finding]
  {
    var findings = updateFindings(spilled)
    findings += causeFindings(resolved, threads: threads)
    findings.sort(by: Finding.listedBefore)
    return findings
  }

  // MARK: - Update rules

  /// What one view's spilled updates add up to for the update rules.
  private struct ViewScan {
    /// Summed duration of the updates above the orange threshold.
    var longNs: Int64 = 0
    /// Missed frames holding one of its red updates.
    var redMissedFrames: Set<Int64> = []
    var blocking = 0
    var blockingNs: Int64 = 0
    var longestBlockingNs: Int64 = 0
    /// Main-thread time in frames missed by accumulation.
    var accumulationNs: Int64 = 0
  }

  /// `long-body`, `blocking-update` and `accumulation`, from one scan of the spilled updates.
  private func updateFindings(_ spilled: SummaryBuilder) -> [Finding] {
    var scans = [ViewScan](repeating: ViewScan(), count: keys.count)
    let blockingNs = budget.multipliedReportingOverflow(by: Int64(settings.blockingFrames))
    let blockingLimit = blockingNs.overflow ? Int64.max : blockingNs.partialValue
    let accumulationFrames = frames.missed.filter { $0.blame == .accumulation }
    // Spilled updates come roughly in time order: remember the last missed frame found.
    var lastMissed: MissedFrame?
    spilled.forEachSpilled { group, record in
      let duration = record.duration
      let isRed = duration > thresholds.red
      let blocks = record.isMainThread && duration >= blockingLimit
      if duration > thresholds.orange { scans[group].longNs = scans[group].longNs.saturatingAdd(duration) }
      if blocks {
        scans[group].blocking += 1
        scans[group].blockingNs = scans[group].blockingNs.saturatingAdd(duration)
        scans[group].longestBlockingNs = max(scans[group].longestBlockingNs, duration)
      }
      // Only a finished main-thread update is in a missed frame: its work's or its stretch's.
      guard record.isMainThread && (isRed || !accumulationFrames.isEmpty) else { return }
      if lastMissed?.holds(mainUpdateAt: record.start) != true {
        lastMissed = frames.missedFrame(ofMainUpdateAt: record.start)
      }
      guard let missed = lastMissed else { return }
      if isRed { scans[group].redMissedFrames.insert(missed.frame.number) }
      if missed.blame == .accumulation {
        scans[group].accumulationNs = scans[group].accumulationNs.saturatingAdd(duration)
      }
    }
    var findings: [Finding] = []
    for (group, key) in keys.enumerated() {
      let figures = statistics[group]
      let scan = scans[group]
      if key.kind != .other && figures.red >= settings.minRed {
        findings.append(longBody(key, figures: figures, scan: scan))
      }
      if scan.blocking > 0 { findings.append(blocking(key, scan: scan, limit: blockingLimit)) }
    }
    if accumulationFrames.count >= settings.accumulationFrames {
      findings.append(accumulation(accumulationFrames, scans: scans))
    }
    return findings
  }

  private func longBody(_ key: ViewKey, figures: ViewStatistics, scan: ViewScan) -> Finding {
    let label = Self.label(of: key)
    let count = figures.orange + figures.red
    let missedFrames = scan.redMissedFrames.count
    var evidence = [
      "\(Count.text(figures.red)) red (> \(DurationText.format(thresholds.red))) and "
        + "\(Count.text(figures.orange)) orange of \(Count.text(figures.count)) updates; "
        + "p95 \(DurationText.format(figures.p95Ns)), longest \(DurationText.format(figures.maxNs))"
    ]
    if missedFrames > 0 {
      evidence.append(
        "its red updates are in \(Count.frames(missedFrames)) that missed the deadline")
    } else {
      evidence.append("no frame with one of its red updates missed the deadline")
    }
    return Finding(
      rule: .longBody, severity: missedFrames > 0 ? .error : .warning,
      title: "\(label) runs long: \(Count.text(figures.red)) red and \(Count.text(figures.orange)) "
        + "orange updates (\(DurationText.format(scan.longNs)))",
      nodes: [label], count: count, costNs: scan.longNs,
      examples: (longest[key]?.any ?? []).map(\.id), evidence: evidence, backtraces: [], path: [],
      view: key.qualifiedName, edges: [])
  }

  private func blocking(_ key: ViewKey, scan: ViewScan, limit: Int64) -> Finding {
    let label = Self.label(of: key)
    let budgets = budget > 0 ? Double(scan.longestBlockingNs) / Double(budget) : 0
    let longestMain = longest[key]?.main ?? []
    return Finding(
      rule: .blockingUpdate, severity: .error,
      title: "\(label) blocks the main thread for \(DurationText.format(scan.longestBlockingNs)) "
        + "(\(Count.decimal(budgets)) frame budgets)"
        + (scan.blocking > 1 ? ", \(Count.text(scan.blocking)) such updates" : ""),
      nodes: [label], count: scan.blocking, costNs: scan.blockingNs,
      examples: longestMain.filter { $0.duration >= limit }.map(\.id),
      evidence: [
        "\(Count.updates(scan.blocking)) on the main thread of at least "
          + "\(settings.blockingFrames) frame budgets (\(DurationText.format(budget)) each), "
          + "\(DurationText.format(scan.blockingNs)) in all"
      ],
      backtraces: [], path: [], view: key.qualifiedName, edges: [])
  }

  private func accumulation(_ missedFrames: [MissedFrame], scans: [ViewScan]) -> Finding {
    let overrun = missedFrames.reduce(Int64(0)) { $0.saturatingAdd($1.overrunNs) }
    let ranked = keys.indices.filter { scans[$0].accumulationNs > 0 }
      .map { (label: Self.label(of: keys[$0]), ns: scans[$0].accumulationNs, key: keys[$0]) }
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
    return Finding(
      rule: .accumulation, severity: .warning,
      title: "\(Count.frames(missedFrames.count)) missed the deadline by many small updates "
        + "(\(DurationText.format(overrun)) over)"
        + (ranked.isEmpty ? "" : "; most time in \(ranked.map(\.label).joined(separator: ", "))"),
      nodes: ranked.map(\.label), count: missedFrames.count, costNs: overrun,
      examples: [], evidence: evidence, backtraces: [], path: [], view: ranked.first?.key.qualifiedName,
      edges: [])
  }
}

/// Counts as findings print them: `1 560 updates`.
enum Count {
  /// `n` with a space between thousands.
  static func text(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var grouped = ""
    for (offset, character) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(" ") }
      grouped.append(character)
    }
    return (n < 0 ? "-" : "") + grouped
  }

  /// `9.9`, `120` (one decimal below 100).
  static func decimal(_ value: Double) -> String {
    guard value.isFinite else { return "∞" }
    if value >= 99.95 { return text(Int(value.rounded())) }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  static func updates(_ n: Int) -> String { "\(text(n)) \(n == 1 ? "update" : "updates")" }
  static func frames(_ n: Int) -> String { "\(text(n)) \(n == 1 ? "frame" : "frames")" }
}
