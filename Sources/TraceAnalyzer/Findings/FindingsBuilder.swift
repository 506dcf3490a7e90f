import Dispatch
import Synchronization
import TraceModel

/// Applies every findings rule (``FindingRules``) to one read of a trace.
///
/// Each rule is made from the read (``RuleContext``); the summary's spill of finished updates is
/// scanned once for the rules that visit updates, and the join's resolved causes once for those
/// that visit causes, in runs on several threads whose scans are merged in order (a rule may
/// then look again at a few keys' causes). Memory: what the rules keep per view, node, edge,
/// source or loop; nothing per event.
struct FindingsBuilder {
  let rules: [any FindingsRule.Type]
  let context: RuleContext

  /// Every finding, errors first, then by cost.
  func findings(spilled: SummaryBuilder) -> [Finding] {
    let rules = rules.map { FindingRules.entry($0).make(context) }
    let runs = context.runs
    // A scan per rule and run; run 0's also takes the spilled updates, first.
    let scans = rules.map { rule in (0..<runs).map { _ in rule.makeScan() } }
    let span = context.frameSpan
    var found = [[Finding]](repeating: [], count: rules.count)
    /// Rule `index`'s findings, its runs' scans merged.
    func finish(_ index: Int) -> [Finding] {
      let ruleScans = scans[index]
      for later in ruleScans.dropFirst() { ruleScans[0].merge(later, span) }
      return ruleScans[0].findings()
    }
    let updateScans = rules.indices.filter { rules[$0].visitsUpdates }.map { scans[$0][0] }
    /// The spilled updates, a chunk at a time: each rule's scan walks it in a loop of its own.
    func scanUpdates() {
      guard !updateScans.isEmpty else { return }
      for (spill, map) in zip(spilled.spills, spilled.groupMaps) {
        spill.forEachChunk { records in
          for scan in updateScans { scan.visitUpdates(records, map) }
        }
      }
    }
    let causeRules = rules.indices.filter { rules[$0].visitsCauses }
    if causeRules.isEmpty || rules.contains(where: { $0.visitsUpdates && $0.visitsCauses }) {
      // A rule that visits both takes the updates first, in its run 0.
      scanUpdates()
      if !causeRules.isEmpty { scanCauses(into: causeRules.map { scans[$0] }, aside: {}) }
      for index in rules.indices { found[index] = finish(index) }
    } else {
      // The updates' scan and the findings of the rules that visit no cause need no cause:
      // they are done beside the causes' scan.
      let aside = rules.indices.filter { !rules[$0].visitsCauses }
      let registered = FindingRules.registered
      scanCauses(into: causeRules.map { scans[$0] }) {
        scanUpdates()
        // On another thread, with this task's rules.
        FindingRules.withRegistered(registered) {
          for index in aside { found[index] = finish(index) }
        }
      }
      for index in causeRules { found[index] = finish(index) }
    }
    let findings = Array(found.joined())
    // Sorted by place, then gathered once: a finding moved in the sort costs a dozen retains.
    return Finding.listedOrder(findings).map { findings[$0] }
  }

  /// Scans the resolved causes in runs, one thread each (run `r` visits `scans[rule][r]`), and
  /// does `aside` on the last run's thread before that run's causes.
  ///
  /// The runs before the last two take equal ranges. The one before the last claims causes
  /// from the start of its range on, a 32nd of them at a time, until the last run, done with
  /// `aside`, takes half of what is still unclaimed (all of it may be claimed by then). Every
  /// split gives the same findings (the runs' scans are merged in order); this one keeps both
  /// threads busy.
  private func scanCauses(
    into scans: [[RuleScanBox]], aside: @escaping () -> Void
  ) {
    let total = context.resolvedCauses
    let runs = context.runs
    let causes = context.causes
    let box = UnsafeSendable((scans: scans, aside: aside))
    // Where the run before the last has claimed up to (the low half) and where it must stop
    // (the high half), in one atomic word: both threads change it by compare-and-exchange.
    let claims = Atomic<UInt64>(UInt64(total * max(runs - 2, 0) / runs) | UInt64(total) << 32)
    let claim = max(1, total / 32)
    /// Changes `claims` by `change` (of the claimed and the limit) until no other thread did
    /// between; returns the claims before and after.
    @Sendable func update(_ change: (Int, Int) -> (Int, Int))
      -> (before: (claimed: Int, limit: Int), after: (claimed: Int, limit: Int))
    {
      var current = claims.load(ordering: .acquiring)
      while true {
        let (claimed, limit) = (Int(current & 0xFFFF_FFFF), Int(current >> 32))
        let (newClaimed, newLimit) = change(claimed, limit)
        let (exchanged, original) = claims.compareExchange(
          expected: current, desired: UInt64(newClaimed) | UInt64(newLimit) << 32,
          ordering: .acquiringAndReleasing)
        if exchanged { return ((claimed, limit), (newClaimed, newLimit)) }
        current = original
      }
    }
    /// Visits, in run `run`, the causes of each range `next` gives until it gives nil.
    @Sendable func scan(run: Int, _ next: () -> Range<Int>?) {
      let scans = box.value.scans.map { $0[run] }
      causes.forEachBlock(next) { visits in
        for scan in scans { scan.visitCauses(visits, run) }
      }
    }
    guard runs > 1 else {
      box.value.aside()
      scan(run: 0, CauseVisits.once(0..<total))
      return
    }
    // More causes than the word's halves hold take equal ranges.
    let claiming = total < 1 << 32
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      if run == runs - 1 { box.value.aside() }
      switch run {
      case runs - 1 where claiming:
        let split = update { claimed, limit in (claimed, claimed + (limit - claimed) / 2) }.after.limit
        scan(run: run, CauseVisits.once(split..<total))
      case runs - 2 where claiming:
        scan(run: run) {
          let (before, after) = update { claimed, limit in (min(claimed + claim, limit), limit) }
          return before.claimed < after.claimed ? before.claimed..<after.claimed : nil
        }
      default:
        scan(run: run, CauseVisits.once(causes.share(run, of: runs)))
      }
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
      rule.visit(causes: causes, run: run, into: &scan)
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
    if n.magnitude < 1_000 { return String(n) }
    let digits = Array(String(n.magnitude).utf8)
    var grouped: [UInt8] = n < 0 ? [UInt8(ascii: "-")] : []
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(UInt8(ascii: " ")) }
      grouped.append(digit)
    }
    return String(decoding: grouped, as: UTF8.self)
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
