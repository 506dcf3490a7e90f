/// Renders a ``CheckResult`` as text: every limit, failures first, and a verdict line.
package enum CheckRenderer {
  package static func render(_ result: CheckResult, style: TextStyle = .plain) -> String {
    var output = style.bold("tracecli check") + "  \(result.trace) against \(result.budget)\n"
    let ordered = result.listed
    // Whole names when the table fits the terminal (or goes to a pipe); else the limit names
    // are cut first (to 20 characters), then the subjects (to 30), then both further (to 12),
    // with `…`. JSON and the other formats keep them whole.
    var subjectWidth = Int.max
    var limitWidth = Int.max
    if let lineWidth = style.width {
      var table = self.table(ordered, style: .plain, subjectWidth: subjectWidth, limitWidth: limitWidth)
      while let excess = Optional(widest(table.render(style: .plain)) - lineWidth), excess > 0 {
        let limit = min(limitWidth, ordered.map(\.limit.name.count).max() ?? 0)
        let subject = min(subjectWidth, ordered.map(\.subject.count).max() ?? 0)
        if limit > 20 {
          limitWidth = max(20, limit - excess)
        } else if subject > 30 {
          subjectWidth = max(30, subject - excess)
        } else if limit > 12 {
          limitWidth = max(12, limit - excess)
        } else if subject > 12 {
          subjectWidth = max(12, subject - excess)
        } else {
          break
        }
        table = self.table(ordered, style: .plain, subjectWidth: subjectWidth, limitWidth: limitWidth)
      }
    }
    output += self.table(ordered, style: style, subjectWidth: subjectWidth, limitWidth: limitWidth)
      .render(style: style)
    let verdict = result.verdict
    if result.passed {
      output += verdict + "\n"
    } else if let colon = verdict.firstIndex(of: ":") {
      output += style.red(String(verdict[..<colon])) + verdict[colon...] + "\n"
    }
    if let baseline = result.baseline, !baseline.fixed.isEmpty {
      output += "fixed since \(baseline.file) (remove from the baseline):\n"
      for entry in baseline.fixed {
        output +=
          "  \(entry.rule) \(entry.fingerprint)  \(entry.title ?? entry.subject.joined(separator: ", "))\n"
      }
    }
    return output
  }

  private static func table(_ entries: [LimitResult], style: TextStyle, subjectWidth: Int, limitWidth: Int)
    -> TextTable
  {
    var table = TextTable(
      header: ["", "subject", "measure", "value", "max", "limit"], leftAligned: [0, 1, 2])
    for entry in entries {
      let mark = TextTable.Cell(
        entry.mark, shown: entry.passed ? style.dim(entry.mark) : style.red(entry.mark))
      // The header names the budget file once; a limit shows its line and column.
      let location = entry.limit.location.map { "  (\($0.line):\($0.column))" } ?? ""
      table.add([
        mark, TextTable.Cell(shortened(entry.subject, to: subjectWidth)),
        TextTable.Cell(entry.limit.measureKey),
        TextTable.Cell(entry.valueText, shown: entry.passed ? entry.valueText : style.red(entry.valueText)),
        TextTable.Cell(entry.maxText), TextTable.Cell(shortened(entry.limit.name, to: limitWidth) + location),
      ])
    }
    return table
  }

  private static func widest(_ text: String) -> Int {
    text.split(separator: "\n").map(\.count).max() ?? 0
  }

  private static func shortened(_ text: String, to width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }
}
