/// A finding present on one side of a diff only (or on both): by rule and nodes.
///
/// With several runs a side, a finding is present on a side when more than half of its runs
/// have it; `presence` counts the runs that do (1 or 0 each), so its median says the same.
package struct FindingChange: Hashable, Sendable {
  /// The finding as one of the runs that have it reports it (head's when both sides do).
  package var finding: Finding
  /// Per run, 1 when the run has the finding: the `finding` figure of `--fail-on finding>0`.
  package var presence: FigureChange

  /// Whether the finding is new on head.
  package var appeared: Bool { presence.delta > 0 }
  /// Whether the finding went away on head.
  package var disappeared: Bool { presence.delta < 0 }

  /// `new`, `gone` or `still`.
  package var status: String { appeared ? "new" : disappeared ? "gone" : "still" }

  /// The identity of a finding across runs: its rule and nodes.
  struct Key: Hashable {
    var rule: FindingRule
    var nodes: [CauseGraph.NodeID]

    init(_ finding: Finding) {
      rule = finding.rule
      nodes = finding.nodeIDs
    }
  }

  /// Every finding of `base` and `head`: new ones first, then gone ones, then the rest, each
  /// in the order findings are listed.
  static func changes(base: [RunFigures], head: [RunFigures]) -> [FindingChange] {
    var seen: [Key: Finding] = [:]
    for run in head + base {
      for finding in run.findings where seen[Key(finding)] == nil { seen[Key(finding)] = finding }
    }
    func presence(_ runs: [RunFigures], _ key: Key) -> RunSpread {
      RunSpread(runs.map { run in run.findings.contains { Key($0) == key } ? 1 : 0 })
    }
    let changes = seen.map { key, finding in
      FindingChange(
        finding: finding,
        presence: FigureChange(measure: .finding, base: presence(base, key), head: presence(head, key)))
    }
    return changes.sorted { lhs, rhs in
      let left = lhs.appeared ? 0 : lhs.disappeared ? 1 : 2
      let right = rhs.appeared ? 0 : rhs.disappeared ? 1 : 2
      if left != right { return left < right }
      return Finding.listedBefore(lhs.finding, rhs.finding)
    }
  }
}
