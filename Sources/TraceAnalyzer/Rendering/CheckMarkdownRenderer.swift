/// Renders a ``CheckResult`` as Markdown for a pull-request comment or a job summary.
package enum CheckMarkdownRenderer {
  package static func render(_ result: CheckResult) -> String {
    let total = result.results.count
    let failed = result.violations.count
    var output =
      result.passed
      ? "### ✅ tracecli check: within budget (\(total) limit\(total == 1 ? "" : "s"))\n\n"
      : failed == 0
        ? "### ❔ tracecli check: \(MarkdownText.escape(result.verdict))\n\n"
        : "### ❌ tracecli check: over budget (\(failed) of \(total) limit\(total == 1 ? "" : "s") failed)\n\n"
    output += "Trace \(MarkdownText.code(result.trace)) · budget \(MarkdownText.code(result.budget))\n\n"
    var rows: [[String]] = []
    for entry in result.listed {
      var limit = MarkdownText.escape(entry.limit.name)
      if let location = entry.location(in: result.budget) { limit += " (\(MarkdownText.code(location)))" }
      rows.append([
        entry.waived ? "➖" : entry.accepted ? "☑️" : entry.passed ? "✅" : entry.judged ? "❌" : "❔", limit,
        MarkdownText.code(entry.subject), entry.limit.measureKey,
        entry.passed ? MarkdownText.escape(entry.valueText) : "**\(MarkdownText.escape(entry.valueText))**",
        MarkdownText.escape(entry.maxText),
      ])
    }
    output += MarkdownText.table(
      header: ["", "Limit", "Subject", "Measure", "Value", "Max"],
      alignments: ["l", "l", "l", "l", "r", "r"],
      rows: rows)
    if let baseline = result.baseline, !baseline.fixed.isEmpty {
      output += "\nFixed since \(MarkdownText.code(baseline.file)) (remove them from the baseline):\n\n"
      for entry in baseline.fixed {
        output +=
          "- \(MarkdownText.code(entry.rule)) \(MarkdownText.escape(entry.title ?? entry.subject.joined(separator: ", ")))"
          + " (\(MarkdownText.code(entry.fingerprint)))\n"
      }
    }
    if !result.warnings.isEmpty {
      output += "\n" + result.warnings.map { "> ⚠️ \(MarkdownText.escape($0))\n" }.joined()
    }
    return output
  }
}
