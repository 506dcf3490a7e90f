import Dispatch
import TraceModel

/// Applies every findings rule (``FindingRules``) to one read of a trace.
///
/// Each rule is made from the read (``RuleContext``); the summary's spill of finished updates is
/// scanned once for the rules that visit updates, and the join's resolved causes once for those
/// that visit causes, in runs on several threads whose scans are merged in order. Memory: what
/// the rules keep per view, node, edge, source or loop; nothing per event.
struct FindingsBuilder {
  let rules: [any FindingsRule.Type]
  let context: RuleContext
  /// The graph's node position of each join edge's `from` end.
  let edgeSources: [Int]
  /// The join's catalog index → the graph's node position.
  let position: [Int]

  /// Causes a rule's scan takes at a time.
  static let blockSize = 4096

  /// Every finding, errors first, then by cost.
  func findings(spilled: SummaryBuilder, resolved: ResolvedCauses) -> [Finding] {
    let rules = rules.map { FindingRules.entry($0).make(context) }
    let runs = context.runs
    // A scan per rule and run; run 0's also takes the spilled updates, first.
    let scans = rules.map { rule in (0..<runs).map { _ in rule.makeScan() } }
    let updateScans = rules.indices.filter { rules[$0].visitsUpdates }.map { scans[$0][0] }
    if !updateScans.isEmpty {
      // A chunk of the spill at a time: each rule's scan walks it in a loop of its own.
      for (spill, map) in zip(spilled.spills, spilled.groupMaps) {
        spill.forEachChunk { records in
          for scan in updateScans { scan.visitUpdates(records, map) }
        }
      }
    }
    let causeRules = rules.indices.filter { rules[$0].visitsCauses }
    if !causeRules.isEmpty { scanCauses(resolved, into: causeRules.map { scans[$0] }) }
    let span = context.frameSpan
    var findings: [Finding] = []
    for ruleScans in scans {
      for later in ruleScans.dropFirst() { ruleScans[0].merge(later, span) }
      findings += ruleScans[0].findings()
    }
    // Sorted by place, then gathered once: a finding moved in the sort costs a dozen retains.
    return Finding.listedOrder(findings).map { findings[$0] }
  }

  /// Scans the resolved causes in runs, one thread each: run `r` visits `scans[rule][r]`.
  private func scanCauses(_ resolved: ResolvedCauses, into scans: [[RuleScanBox]]) {
    let total = context.resolvedCauses
    let runs = context.runs
    let kinds = context.graph.nodes.map(\.kind)
    let edgeSources = edgeSources
    let position = position
    let box = UnsafeSendable(scans)
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      let scans = box.value.map { $0[run] }
      var visits: [CauseVisit] = []
      visits.reserveCapacity(Self.blockSize)
      resolved.forEachBlock(records: total * run / runs..<total * (run + 1) / runs) { block in
        for cause in block {
          let from = edgeSources[Int(cause.edge)]
          visits.append(
            CauseVisit(cause: cause, from: from, to: position[Int(cause.to)], fromKind: kinds[from]))
          if visits.count == Self.blockSize {
            for scan in scans { scan.visitCauses(visits, run) }
            visits.removeAll(keepingCapacity: true)
          }
        }
      }
      for scan in scans { scan.visitCauses(visits, run) }
    }
  }
}

/// A rule's type, with how to make it for a diagnosis, its types hidden.
///
/// Made from the rule's concrete type (as ``FindingRules`` lists the built-in ones), so that
/// its scans' loops are specialized for it.
struct RuleEntry: Sendable {
  let type: any FindingsRule.Type
  let make: @Sendable (RuleContext) -> RuleBox

  init<Rule: FindingsRule>(_ type: Rule.Type) {
    self.type = type
    make = { RuleBox(Rule($0)) }
  }
}

/// A rule made for one diagnosis.
struct RuleBox {
  let visitsUpdates: Bool
  let visitsCauses: Bool
  let makeScan: () -> RuleScanBox

  init<Rule: FindingsRule>(_ rule: Rule) {
    visitsUpdates = Rule.visitsUpdates
    visitsCauses = Rule.visitsCauses
    makeScan = { RuleScanBox(rule) }
  }
}

/// One scan of one rule, its types hidden: what the builder drives, a chunk at a time.
struct RuleScanBox: @unchecked Sendable {
  /// Holds the scan between chunks.
  private final class Storage<Scan: RuleScan> {
    var scan = Scan()
  }

  private let storage: AnyObject
  /// Visits a chunk of a part's spill; the map turns the part's groups into the summary's.
  let visitUpdates: (UnsafeBufferPointer<SpillRecord>, [Int]) -> Void
  let visitCauses: ([CauseVisit], Int) -> Void
  /// Adds a later run's scan.
  let merge: (RuleScanBox, ClosedRange<Int64>?) -> Void
  let findings: () -> [Finding]

  init<Rule: FindingsRule>(_ rule: Rule) {
    let storage = Storage<Rule.Scan>()
    self.storage = storage
    // The scan is moved into a local for each loop: no exclusivity check a record.
    visitUpdates = { records, map in
      var scan = Rule.Scan()
      swap(&scan, &storage.scan)
      for record in records { rule.visit(update: record, group: map[record.group], into: &scan) }
      swap(&scan, &storage.scan)
    }
    visitCauses = { causes, run in
      var scan = Rule.Scan()
      swap(&scan, &storage.scan)
      for cause in causes { rule.visit(cause: cause, run: run, into: &scan) }
      swap(&scan, &storage.scan)
    }
    merge = { later, span in
      if let later = later.storage as? Storage<Rule.Scan> { storage.scan.merge(later.scan, within: span) }
    }
    findings = { rule.findings(storage.scan) }
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
