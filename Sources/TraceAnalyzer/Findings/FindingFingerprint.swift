/// What makes a finding the same finding in another run: its rule and its subject nodes,
/// module-qualified, never their display labels.
///
/// Which nodes are the subject is each rule's to declare (``RuleDeclaration/subject``): the
/// nodes that stay when the app does not change, not those that vary run to run (the views a
/// churn happened to skip, the nodes an accumulation's frames happened to spend most on).
package struct FindingFingerprint: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Which of a finding's nodes identify it.
  package enum Subject: Hashable, Sendable {
    /// The first `n` nodes, in the finding's order.
    case first(Int)
    /// Every node, sorted (a loop's component has no first node).
    case sorted
    /// No node: one such finding a trace.
    case none
  }

  package var rule: FindingRule
  /// The subject nodes, in the order they are hashed.
  package var subject: [CauseGraph.NodeID]

  package init(rule: FindingRule, nodes: [CauseGraph.NodeID], subject: Subject) {
    self.rule = rule
    switch subject {
    case .first(let count): self.subject = Array(nodes.prefix(count))
    case .sorted:
      self.subject = nodes.sorted { Self.key(of: $0).utf8.lexicographicallyPrecedes(Self.key(of: $1).utf8) }
    case .none: self.subject = []
    }
  }

  /// `kind:module:name` of a node (`body:Landmarks:LandmarkListItemView`,
  /// `observable::LandmarkCollection.landmarks`).
  package static func key(of node: CauseGraph.NodeID) -> String {
    "\(node.kind):\(node.module ?? ""):\(node.name)"
  }

  /// The rule and the subject's keys, one string: `fan-out|observable::Model.items|body:App:Row`.
  package var key: String { ([rule.rawValue] + subject.map(Self.key(of:))).joined(separator: "|") }

  /// ``hash(_:)`` of ``key``.
  package var description: String { Self.hash(key) }

  /// 16 hexadecimal digits: the 64-bit FNV-1a hash of `key`'s UTF-8 bytes.
  package static func hash(_ key: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  package static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
  }
}

extension Finding {
  /// The finding's identity across runs (see ``FindingFingerprint``).
  package var fingerprint: FindingFingerprint {
    let subject =
      FindingRules.declarations.first { $0.rule == rule }?.subject ?? .sorted
    return FindingFingerprint(rule: rule, nodes: nodeIDs, subject: subject)
  }
}
