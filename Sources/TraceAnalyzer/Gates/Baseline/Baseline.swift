/// Findings a team accepted on purpose: `check --baseline` passes them and fails new ones.
///
/// Written by `check --write-baseline` (``BaselineRenderer``), read by ``BaselineParser``;
/// a finding is accepted when its fingerprint (rule and subject nodes) is listed.
package struct Baseline: Hashable, Sendable {
  /// One accepted finding.
  package struct Entry: Hashable, Sendable {
    package var rule: String
    /// ``FindingFingerprint``'s 16 hexadecimal digits.
    package var fingerprint: String
    /// The subject nodes' keys (`body:Landmarks:LandmarkListItemView`), for people.
    package var subject: [String]
    /// The finding's title when it was accepted, for people.
    package var title: String?

    package init(rule: String, fingerprint: String, subject: [String], title: String?) {
      self.rule = rule
      self.fingerprint = fingerprint
      self.subject = subject
      self.title = title
    }

    /// The entry of `finding`.
    package init(_ finding: Finding) {
      let fingerprint = finding.fingerprint
      self.init(
        rule: finding.rule.rawValue, fingerprint: fingerprint.description,
        subject: fingerprint.subject.map(FindingFingerprint.key(of:)), title: finding.title)
    }
  }

  /// The file's name as given.
  package var file: String
  /// In file order.
  package var entries: [Entry]

  package init(file: String, entries: [Entry]) {
    self.file = file
    self.entries = entries
  }

  /// The baseline accepting every finding of `findings` once, by rule (in analysis.md's
  /// order) then subject.
  package init(file: String, accepting findings: [Finding]) {
    var seen = Set<FindingFingerprint>()
    let fingerprints = findings.map(\.fingerprint)
    let unique = zip(findings, fingerprints).filter { seen.insert($0.1).inserted }
    let sorted = unique.sorted { lhs, rhs in
      lhs.1.rule != rhs.1.rule ? lhs.1.rule < rhs.1.rule : lhs.1 < rhs.1
    }
    self.init(file: file, entries: sorted.map { Entry($0.0) })
  }

  /// Whether `finding` is accepted.
  package func accepts(_ finding: Finding) -> Bool {
    let fingerprint = finding.fingerprint.description
    return entries.contains { $0.fingerprint == fingerprint }
  }

  /// The entries none of `findings` matches: fixed since they were accepted.
  package func fixed(given findings: [Finding]) -> [Entry] {
    let found = Set(findings.map(\.fingerprint.description))
    return entries.filter { !found.contains($0.fingerprint) }
  }
}
