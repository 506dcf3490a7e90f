import TraceModel

/// Reads a baseline file (``Baseline``), strictly: unknown keys, wrong types and a
/// fingerprint that does not match its rule and subject are errors at their line and column.
///
/// ```
/// {
///   "tracecliBaseline": 1,
///   "findings": [
///     { "rule": "fan-out", "fingerprint": "8c0e5b2f0d6a9e41",
///       "subject": ["observable::LandmarkCollection.landmarks", "body:Landmarks:LandmarkListItemView"],
///       "title": "…", "note": "accepted until the rows get their own models" }
///   ]
/// }
/// ```
package enum BaselineParser {
  static let topKeys = ["tracecliBaseline", "note", "findings"]
  static let entryKeys = ["rule", "fingerprint", "subject", "title", "note"]

  /// Parses the bytes of a baseline file named `file`.
  package static func parse(_ bytes: [UInt8], file: String) throws(BudgetError) -> Baseline {
    let root = try BaselineReader.document(bytes, file: file)
    return try BaselineReader(file: file).baseline(root)
  }
}

/// The validating walk over a parsed baseline file.
private struct BaselineReader: LocatedFileReader {
  let file: String

  func baseline(_ root: LocatedJSON) throws(BudgetError) -> Baseline {
    let members = try object(root, what: "the baseline")
    try checkKeys(members, allowed: BaselineParser.topKeys, what: "the baseline")
    guard members.contains(where: { $0.key == "tracecliBaseline" }) else {
      throw error(
        root, "not a tracecli baseline: no \"tracecliBaseline\" key (write one with check --write-baseline)")
    }
    var entries: [Baseline.Entry] = []
    for member in members {
      switch member.key {
      case "tracecliBaseline":
        let version = try integer(member.value, key: member.key)
        guard version == 1 else {
          throw error(member.value, "unsupported baseline version \(version) (this tracecli reads version 1)")
        }
      case "note":
        _ = try string(member.value, key: member.key)
      default:
        for element in try array(member.value, key: member.key) { entries.append(try entry(element)) }
      }
    }
    return Baseline(file: file, entries: entries)
  }

  private func entry(_ value: LocatedJSON) throws(BudgetError) -> Baseline.Entry {
    let members = try object(value, what: "a baseline entry")
    try checkKeys(members, allowed: BaselineParser.entryKeys, what: "a baseline entry")
    var rule: String?
    var fingerprint: (text: String, value: LocatedJSON)?
    var subject: [String]?
    var title: String?
    for member in members {
      switch member.key {
      case "rule":
        let name = try nonEmpty(member.value, key: member.key)
        guard FindingRule(named: name) != nil else {
          let rules = FindingRule.allCases.map(\.rawValue)
          throw error(
            member.value,
            "unknown rule \"\(name)\"" + Suggestion.didYouMean(name, among: rules, quote: "\"")
              + " (the rules: \(rules.joined(separator: ", ")))")
        }
        rule = name
      case "fingerprint":
        let text = try string(member.value, key: member.key)
        guard text.utf8.count == 16,
          text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else {
          throw error(
            member.value, "\"fingerprint\" must be 16 lowercase hexadecimal digits, found \"\(text)\"")
        }
        fingerprint = (text, member.value)
      case "subject":
        guard case .array(let elements) = member.value.kind else {
          throw error(member.value, "\"subject\" must be an array of strings, found \(member.value.typeName)")
        }
        var keys: [String] = []
        for element in elements { keys.append(try string(element, key: "subject")) }
        subject = keys
      case "title": title = try string(member.value, key: member.key)
      default: _ = try string(member.value, key: member.key)
      }
    }
    guard let rule else { throw error(value, "a baseline entry needs \"rule\"") }
    guard let fingerprint else { throw error(value, "a baseline entry needs \"fingerprint\"") }
    if let subject {
      let expected = FindingFingerprint.hash(([rule] + subject).joined(separator: "|"))
      guard expected == fingerprint.text else {
        throw error(
          fingerprint.value,
          "fingerprint \(fingerprint.text) does not match the entry's rule and subject (\(expected)); "
            + "write the baseline anew with check --write-baseline rather than editing it")
      }
    }
    return Baseline.Entry(rule: rule, fingerprint: fingerprint.text, subject: subject ?? [], title: title)
  }
}
