/// What the samples of a finding's node measured: whether its body computes or waits, the
/// app's frames where the time went, and a fix that names them (analysis.md "Profile and
/// hitches JSON": `long-body` and `blocking-update` of a node with samples).
package struct MeasuredCode: Hashable, Sendable {
  package var verdict: SampleVerdict
  package var coverage: Double
  /// The node's first three hot app frames.
  package var hotAppFrames: [Profile.HotFrame]
  /// The fix that names the hottest app frame and what it calls; nil when the hottest is
  /// `(system)` (the rule's own fix stands).
  package var fix: String?
  /// One line of evidence: the verdict and the frames with their shares.
  package var evidence: String
  /// The node's samples as a flame graph, when the profile drew one (the report's).
  package var icicle: Icicle?

  /// Calls under this share of the hot frame's time are not where its cost sits.
  static let callFloor = 0.05

  /// What `node`'s samples measured; `known` keeps what the catalog recognised in each function
  /// name (a trace's findings share their callees, and recognising one takes many searches).
  init(_ node: NodeProfile, known: inout [String: CostCatalog.Recognised?]) {
    verdict = node.verdict ?? .mixed
    coverage = node.coverage
    hotAppFrames = Array(node.hotAppFrames.prefix(3))
    let shares = hotAppFrames.map { "\($0.name) \(Self.percent($0.ns, of: node.sampledNs))" }
    evidence =
      "samples: \(DurationText.format(node.sampledNs)) of \(DurationText.format(node.updateNs)) in its updates "
      + "(coverage \(SampleVerdict.percent(node.coverage)), \(verdict.rawValue): \(verdict.meaning)); "
      + "where the time went: \(shares.joined(separator: ", "))"
    fix = Self.fix(node, verdict: verdict, known: &known)
    icicle = node.icicle
  }

  init(_ node: NodeProfile) {
    var known: [String: CostCatalog.Recognised?] = [:]
    self.init(node, known: &known)
  }

  private static func fix(
    _ node: NodeProfile, verdict: SampleVerdict, known: inout [String: CostCatalog.Recognised?]
  ) -> String? {
    guard let hot = node.hotAppFrames.first, hot.name != "(system)" else { return nil }
    let calls = (node.calls[hot.name] ?? []).filter { Double($0.totalNs) >= callFloor * Double(hot.ns) }
    let waits = DurationText.format(max(0, node.updateNs - node.sampledNs))
    for call in calls {
      let recognised = known[call.name] ?? CostCatalog.recognise(call.name)
      known[call.name] = .some(recognised)
      guard let (entry, what) = recognised else { continue }
      let binary = call.binary.map { " (\($0))" } ?? ""
      if verdict == .blocked {
        return "The body waits \(waits) in \(call.name)\(binary), under \(hot.name): \(what); \(entry.fix)."
      }
      return "\(hot.name) spends \(percent(call.totalNs, of: hot.ns)) \(what)\(binary): \(entry.fix)."
    }
    let callee = calls.first.map { call in
      ", most of it in \(call.name)\(call.binary.map { " (\($0))" } ?? "")"
    }
    if verdict == .blocked {
      return "The body waits \(waits) in \(hot.name)\(callee ?? ""): do that work asynchronously in .task "
        + "and keep the result in state."
    }
    return
      "\(hot.name) takes \(percent(hot.ns, of: node.sampledNs)) of the body's sampled time\(callee ?? ""): "
      + "move that work out of body (compute it when its inputs change and keep the result)."
  }

  private static func percent(_ part: Int64, of whole: Int64) -> String {
    whole == 0 ? "0 %" : SampleVerdict.percent(Double(part) / Double(whole))
  }
}
