/// A `--fail-on` rule: which change of which figure fails a diff.
///
/// Examples: `red>0`, `p95>+20%`, `total>+5ms`, `edge>+50%`, `missed>0`. The number is always a change from base to head (a `+` is allowed, never required):
/// `red>0` fails when a view's red count rose at all. A percentage is of the base median;
/// from a base of 0 any rise exceeds it. Durations take a unit (`+2ms`) or are ns.
/// View figures (`count`, `orange`, `red`, `p95`, `total`) apply to every view; `missed` and
/// `overrun` to the frames; `hitches`, `hitchTime`, `longestHitch`, `hangs` and `longestHang` to the
/// recorded hitches and hangs; `edge` to every cause-graph edge. `VIEW:figure>change` (e.g.
/// `LandmarkRow:p95>10%`) applies a view figure to that view alone.
///
/// With verdicts (enough runs a side), a figure that has one fails the rule when it is `slower`
/// and its median change exceeds the rule; it is inconclusive when the median change exceeds the
/// rule but q ≥ α. A rule over every view uses the q adjusted over the views; a rule naming a
/// view tests that view alone (q = p).
package struct DiffRule: Hashable, Sendable, CustomStringConvertible {
  /// How large a change may be.
  package enum Threshold: Hashable, Sendable {
    /// An amount of the figure (a count, or ns).
    case amount(Int64)
    /// Percent of the base median.
    case percent(Double)
  }

  /// A rule that cannot be read.
  package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
  }

  package var measure: DiffMeasure
  package var threshold: Threshold
  /// The one view the rule applies to (as for `--view`); nil for every view.
  package var view: String?
  /// The rule as written.
  package var text: String

  package init(measure: DiffMeasure, threshold: Threshold, view: String? = nil, text: String) {
    self.measure = measure
    self.threshold = threshold
    self.view = view
    self.text = text
  }

  package var description: String { text }

  /// The measures a rule may name.
  package static let measures: [DiffMeasure] = [
    .count, .orange, .red, .p95, .total, .missed, .overrun, .hitches, .hitchTime, .longestHitch, .hangs,
    .longestHang, .edge, .finding,
  ]

  /// Parses one rule (`measure>threshold`, spaces allowed); the operator is the last `>`, so a
  /// view may be generic (`Row<Item>:p95>10%`).
  package static func parse(_ text: String) throws(ParseError) -> DiffRule {
    var view: String?
    var rest = Substring(text)
    if let operatorIndex = text.lastIndex(of: ">"), let colon = text[..<operatorIndex].lastIndex(of: ":") {
      view = String(text[..<colon].trimmingWhitespace)
      rest = text[text.index(after: colon)...]
      guard let view, !view.isEmpty else {
        throw ParseError(message: "rule '\(text)': name a view before ':', e.g. LandmarkRow:p95>+10%")
      }
    }
    let trimmed = rest.filter { $0 != " " }
    guard let operatorIndex = trimmed.lastIndex(of: ">") else {
      throw ParseError(message: "rule '\(text)' must read measure>change, e.g. red>0 or p95>+20%")
    }
    let name = String(trimmed[..<operatorIndex])
    var number = String(trimmed[trimmed.index(after: operatorIndex)...])
    guard let measure = DiffMeasure(rawValue: name), measures.contains(measure) else {
      throw ParseError(
        message:
          "rule '\(text)': unknown figure '\(name)' (use \(measures.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    if view != nil && !DiffMeasure.views.contains(measure) {
      throw ParseError(
        message: "rule '\(text)': only a view's figure (count, orange, red, p95, total) can name a view")
    }
    if number.hasPrefix("+") { number.removeFirst() }
    guard !number.isEmpty, !number.hasPrefix("-"), !number.hasPrefix("=") else {
      throw ParseError(message: "rule '\(text)': the change must be a non-negative number, e.g. \(name)>+20%")
    }
    if number.hasSuffix("%") {
      guard let percent = Double(number.dropLast()), percent.isFinite, percent >= 0 else {
        throw ParseError(message: "rule '\(text)': '\(number)' is not a percentage")
      }
      return DiffRule(measure: measure, threshold: .percent(percent), view: view, text: text)
    }
    if measure.isDuration {
      guard let ns = DurationText.parse(number), ns >= 0 else {
        throw ParseError(message: "rule '\(text)': '\(number)' is not a duration; write e.g. +2ms or +20%")
      }
      return DiffRule(measure: measure, threshold: .amount(ns), view: view, text: text)
    }
    guard let amount = Int64(number), amount >= 0 else {
      throw ParseError(message: "rule '\(text)': '\(number)' is not a whole number or a percentage")
    }
    return DiffRule(measure: measure, threshold: .amount(amount), view: view, text: text)
  }

  /// Parses repeated and comma-separated rules.
  ///
  /// A comma inside a view's generic arguments (`Row<A, B>:p95>10%`) separates nothing.
  package static func parseList(_ texts: [String]) throws(ParseError) -> [DiffRule] {
    var rules: [DiffRule] = []
    for text in texts {
      var parts: [String] = [""]
      var depth = 0
      for character in text {
        switch character {
        case "<": depth += 1
        case ">" where depth > 0: depth -= 1
        case "," where depth == 0:
          parts.append("")
          continue
        default: break
        }
        parts[parts.count - 1].append(character)
      }
      for part in parts where !part.allSatisfy({ $0 == " " }) { rules.append(try parse(part)) }
    }
    return rules
  }

  /// Whether `change` is larger than the rule allows (noise or not).
  package func isExceeded(by change: FigureChange) -> Bool {
    let delta = change.delta
    guard delta > 0 else { return false }
    switch threshold {
    case .amount(let amount): return delta > amount
    case .percent(let percent):
      guard change.base.median > 0 else { return true }
      return Double(delta) * 100 > percent * Double(change.base.median)
    }
  }

  /// The rule's verdict on `diff`: the subjects whose change exceeds it, real or within noise.
  package func evaluate(_ diff: TraceDiff) -> RuleVerdict {
    // Runs that did not record what the rule measures (let through by --allow-unrecorded):
    // judged on nothing, so not judged at all.
    let unrecorded = diff.runsUnrecorded(for: self)
    if !unrecorded.isEmpty, let figure = DiffMeasure.recorded.first(where: { $0.measure == measure }) {
      let runs = diff.runRecordings.count
      return RuleVerdict(
        rule: self,
        notEvaluated:
          "\(unrecorded.count) of \(runs) runs did not record \(figure.section) (--allow-unrecorded)")
    }
    var rows: [(String, FigureChange)] = []
    switch measure {
    case .missed: rows = [("frames", diff.missed)]
    case .overrun: rows = [("frames", diff.worstOverrun)]
    case .hitches, .hitchTime, .longestHitch: rows = diff.recorded(measure).map { [("hitches", $0)] } ?? []
    case .hangs, .longestHang: rows = diff.recorded(measure).map { [("hangs", $0)] } ?? []
    case .edge: rows = (diff.edges ?? []).map { ($0.key.description, $0.count) }
    case .finding: rows = diff.findings.map { ("\($0.finding.rule): \($0.finding.title)", $0.presence) }
    default:
      rows = diff.views.filter { view.map($0.key.matches) ?? true }.map { row in
        var change = row[measure]
        if view != nil { change.verdict = change.verdict?.alone }
        return (row.key.description, change)
      }
    }
    var verdict = RuleVerdict(
      rule: self, notEvaluated: measure == .edge && diff.edges == nil ? "no cause graph" : nil)
    for (subject, change) in rows where isExceeded(by: change) {
      let hit = RuleVerdict.Hit(subject: subject, change: change)
      if let tested = change.verdict {
        if tested.outcome == .slower {
          verdict.failures.append(hit)
        } else if tested.isInconclusive {
          verdict.inconclusive.append(hit)
        }
      } else if change.status != .unchanged {
        if change.isNoise { verdict.inconclusive.append(hit) } else { verdict.failures.append(hit) }
      }
    }
    return verdict
  }

  /// Whether the rule's view is one of `diff`'s (true for a rule over every view).
  package func namesAView(of diff: TraceDiff) -> Bool {
    guard let view else { return true }
    return diff.views.contains { $0.key.matches(view) }
  }

  /// `+20%`, `−91%`, `+∞%`.
  package static func percentText(_ percent: Double) -> String {
    let sign = percent > 0 ? "+" : percent < 0 ? "−" : "±"
    let magnitude = abs(percent)
    let rounded = magnitude >= 10 ? (magnitude).rounded() : (magnitude * 10).rounded() / 10
    let text = Int64(exactly: rounded).map(String.init) ?? String(rounded)
    return "\(sign)\(text)%"
  }
}
