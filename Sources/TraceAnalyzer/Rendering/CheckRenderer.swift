/// Renders a ``CheckResult`` as text: every limit, failures first, and a verdict line.
public enum CheckRenderer {
  public static func render(_ result: CheckResult, style: TextStyle = .plain) -> String {
    var output = style.bold("tracecli check") + "  \(result.trace) against \(result.budget)\n"
    var table = TextTable(
      header: ["", "subject", "measure", "value", "max", "limit"], leftAligned: [0, 1, 2])
    let ordered = result.violations + result.results.filter(\.passed)
    for entry in ordered {
      let mark =
        entry.passed
        ? TextTable.Cell("ok", shown: style.dim("ok")) : TextTable.Cell("FAIL", shown: style.red("FAIL"))
      var limit = "\(entry.limit.name)"
      if let location = entry.location(in: result.budget) { limit += "  (\(location))" }
      table.add([
        mark, TextTable.Cell(shortened(entry.subject)), TextTable.Cell(entry.limit.measure.rawValue),
        TextTable.Cell(entry.valueText, shown: entry.passed ? entry.valueText : style.red(entry.valueText)),
        TextTable.Cell(entry.maxText), TextTable.Cell(limit),
      ])
    }
    output += table.render(style: style)
    let total = result.results.count
    let failed = result.violations.count
    if failed == 0 {
      output += "within budget: \(total == 1 ? "the limit holds" : "all \(total) limits hold")\n"
    } else {
      output += style.red("over budget") + ": \(failed) of \(total) limit\(total == 1 ? "" : "s") failed\n"
    }
    return output
  }

  /// Subjects longer than this (a finding's title) are cut with `…` so that the table fits a
  /// terminal; JSON and the other formats keep them whole.
  static let subjectWidth = 64

  private static func shortened(_ subject: String) -> String {
    subject.count <= subjectWidth ? subject : String(subject.prefix(subjectWidth - 1)) + "…"
  }
}
