/// Renders check and diff results as GitHub Actions workflow commands: `::error` annotations
/// (pointing at the budget file's line when a limit comes from one), `::warning` for
/// inconclusive verdicts and reader warnings, and a closing `::notice`.
///
/// Escaping follows the runner's rules: in the message, `%`, CR and LF become `%25`, `%0D`,
/// `%0A`; in a property value, `:` and `,` also become `%3A` and `%2C`.
package enum GitHubRenderer {
  /// One `::error` per limit over budget.
  package static func render(_ result: CheckResult) -> String {
    var output = ""
    for warning in result.warnings {
      output += command("warning", ["title": "tracecli"], warning)
    }
    for entry in result.unjudged {
      output += command(
        "error", [("title", "cannot judge: \(entry.limit.name)")],
        "the recording did not capture \(entry.subject), so \(entry.limit.measureKey) cannot be checked (trace \(result.trace))"
      )
    }
    for entry in result.violations {
      var properties: [(String, String)] = []
      if let location = entry.limit.location {
        properties += [
          ("file", result.budget), ("line", String(location.line)), ("col", String(location.column)),
        ]
      }
      properties.append(("title", "over budget: \(entry.limit.name)"))
      let message =
        "\(entry.subject): \(entry.limit.measure) \(entry.valueText) exceeds max \(entry.maxText)"
        + " (value \(entry.value), max \(entry.limit.max); trace \(result.trace))"
      output += command("error", properties, message)
    }
    for entry in result.baseline?.fixed ?? [] {
      output += command(
        "notice", [("title", "fixed: remove it from \(result.baseline?.file ?? "the baseline")")],
        "\(entry.rule) \(entry.fingerprint): \(entry.title ?? entry.subject.joined(separator: ", ")) no longer occurs"
      )
    }
    let total = result.results.count
    let summary =
      result.passed ? "within budget: \(total) limit\(total == 1 ? "" : "s") hold" : result.verdict
    output += command("notice", [("title", "tracecli check")], summary)
    return output
  }

  /// One `::error` per change a rule fails on, one `::warning` per inconclusive one.
  package static func render(_ diff: TraceDiff, verdicts: [RuleVerdict]) -> String {
    var output = ""
    for warning in diff.warnings {
      output += command("warning", ["title": "tracecli"], warning)
    }
    for verdict in verdicts {
      if let reason = verdict.notEvaluated {
        output += command(
          "warning", [("title", "tracecli diff: \(verdict.rule.text)")], "not evaluated: \(reason)")
      }
      for hit in verdict.failures {
        output += command(
          "error", [("title", "regression: \(verdict.rule.text)")],
          "\(hit.subject): \(hit.change.measure) \(hit.change.text)" + (hit.reason.map { ", " + $0 } ?? ""))
      }
      // At most 20 inconclusive annotations a rule (a rule over thousands of noisy views would
      // flood the run), then one that counts the rest.
      for hit in verdict.inconclusive.prefix(20) {
        output += command(
          "warning", [("title", "inconclusive: \(verdict.rule.text)")],
          "\(hit.subject): \(hit.change.measure) \(hit.change.text)" + (hit.reason.map { ", " + $0 } ?? ""))
      }
      if verdict.inconclusive.count > 20 {
        output += command(
          "warning", [("title", "inconclusive: \(verdict.rule.text)")],
          "\(verdict.inconclusive.count - 20) more inconclusive changes (--format json lists all)")
      }
    }
    let changed = diff.changedViews.filter(\.hasRealChange).count
    var summary = "\(changed) view\(changed == 1 ? "" : "s") changed beyond noise"
    summary += "; frames missed \(diff.missed.text)"
    switch RuleVerdict.overall(verdicts) {
    case .pass: summary += verdicts.isEmpty ? "" : "; every --fail-on rule passed"
    case .fail: summary += "; --fail-on rules failed"
    case .inconclusive:
      summary +=
        diff.hasVerdicts
        ? "; --fail-on verdict inconclusive (the runs do not show the change)"
        : "; --fail-on verdict inconclusive (within the runs' spread)"
    }
    output += command("notice", [("title", "tracecli diff")], summary)
    return output
  }

  /// One `::error` or `::warning` per finding, and a closing `::notice`.
  package static func render(_ diagnosis: Diagnosis) -> String {
    var output = ""
    for warning in diagnosis.summary.warnings {
      output += command("warning", ["title": "tracecli"], warning.description)
    }
    for finding in diagnosis.findings {
      var message = finding.title
      if !finding.path.isEmpty { message += "\nloop: " + finding.path.joined(separator: " → ") }
      message += "\n" + finding.evidence.joined(separator: "\n") + "\nfix: " + finding.suggestion
      output += command(
        finding.severity == .error ? "error" : "warning",
        [("title", "tracecli diagnose: \(finding.rule.rawValue)")], message)
    }
    output += command(
      "notice", [("title", "tracecli diagnose")],
      "\(FindingsRenderer.tally(diagnosis.findings)) in \(diagnosis.file)")
    return output
  }

  // MARK: - Workflow commands

  private static func command(_ name: String, _ properties: [String: String], _ message: String) -> String {
    command(name, properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, message)
  }

  /// `::name key=value,key=value::message` and a line end.
  static func command(_ name: String, _ properties: [(String, String)], _ message: String) -> String {
    var line = "::" + name
    if !properties.isEmpty {
      line += " " + properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
    }
    return line + "::" + escapeData(message) + "\n"
  }

  /// A message: `%`, CR, LF escaped.
  static func escapeData(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A property value: as a message, and `:` and `,` too.
  static func escapeProperty(_ text: String) -> String {
    var result = ""
    for scalar in escapeData(text).unicodeScalars {
      switch scalar {
      case ":": result += "%3A"
      case ",": result += "%2C"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
