import TraceModel

/// Renders a ``TraceDiff`` as text: frames, kinds, the views and edges that changed (by
/// impact), and the `--fail-on` verdicts.
package enum DiffRenderer {
  /// - Parameter limit: how many changed views to list; nil lists all.
  package static func render(
    _ diff: TraceDiff, verdicts: [RuleVerdict] = [], limit: Int? = 20, style: TextStyle = .plain
  ) -> String {
    var output = style.bold("tracecli diff") + "  " + sides(diff) + "\n"
    let runs = max(diff.baseRuns.count, diff.headRuns.count)
    if let alpha = diff.alpha {
      output +=
        "  medians of \(diff.baseRuns.count) base and \(diff.headRuns.count) head runs; verdicts by the"
      output +=
        " Mann–Whitney U test at α \(FigureVerdict.format(alpha)) (q adjusted over \(diff.views.count) views);"
      output += " ~ marks a change the runs do not show (a figure without a test: within their spread)\n"
    } else if runs > 1 {
      output += "  medians of \(diff.baseRuns.count) base and \(diff.headRuns.count) head runs;"
      output += " ~ marks a change smaller than the runs' own spread (noise)\n"
      output += "  no verdicts: a verdict needs \(TraceDiff.verdictRuns) or more runs a side (this diff has"
      output += " \(diff.baseRuns.count) and \(diff.headRuns.count)); with 3 a side the exact test cannot"
      output += " reach p < 0.05\n"
    }
    if let minimum = diff.minimum {
      output += "  one run a side cannot tell noise from change: changes under \(minimum.text) count as"
      output += " unchanged; record \(TraceDiff.verdictRuns) or more runs a side (--vs) for verdicts\n"
    }
    output += "\n" + style.bold("Frames") + "\n"
    output += "  missed \(diff.missed.text) · by a long update \(diff.missedByLongUpdate.text)"
    output +=
      " · by accumulation \(diff.missedByAccumulation.text) · worst overrun \(diff.worstOverrun.text)\n"
    if diff.recorded.contains(where: { $0.base.median != 0 || $0.head.median != 0 }) {
      let figure = { (measure: DiffMeasure) in diff.recorded(measure)?.text ?? "" }
      output += "\n" + style.bold("Hitches and hangs") + " (recorded)\n"
      output +=
        "  hitches \(figure(.hitches)) · their time \(figure(.hitchTime)) · longest \(figure(.longestHitch))"
        + " · hangs \(figure(.hangs)) · longest \(figure(.longestHang))\n"
    }

    if diff.hasVerdicts { output += verdictSection(diff, limit: limit, style: style) }

    output += "\n" + style.bold("Kinds") + "\n"
    var kinds = TextTable(header: ["kind", "red", "orange", "count", "p95", "total"], leftAligned: [0])
    for kind in diff.kinds {
      kinds.add(
        [TextTable.Cell(kind.key.kind.description)] + DiffMeasure.views.map { cell(kind[$0], style: style) })
    }
    output += kinds.render(style: style)

    let changed = diff.changedViews
    let unchanged = diff.views.count - changed.count
    output += "\n" + style.bold("Views") + " (by impact"
    output += unchanged > 0 ? "; \(unchanged) unchanged not shown)\n" : ")\n"
    if changed.isEmpty {
      output += "  no view changed\n"
    } else {
      var table = TextTable(
        header: ["change", "red", "orange", "count", "p95", "total", "view"], leftAligned: [0])
      let shown = limit.map { Array(changed.prefix($0)) } ?? changed
      for view in shown {
        table.add(
          [TextTable.Cell(view.status, shown: statusStyle(view.status, style: style))]
            + DiffMeasure.views.map { cell(view[$0], style: style) } + [TextTable.Cell(view.key.description)])
      }
      output += table.render(style: style)
      if shown.count < changed.count {
        output += "  … \(changed.count - shown.count) more changed views (--limit 0 lists all)\n"
      }
    }

    output += "\n" + style.bold("Cause-graph edges")
    if let edges = diff.edges {
      let changedEdges = diff.changedEdges
      let same = edges.count - changedEdges.count
      output += same > 0 ? " (\(same) unchanged not shown)\n" : "\n"
      if changedEdges.isEmpty {
        output += "  no edge changed\n"
      } else {
        var table = TextTable(header: ["change", "count", "edge"], leftAligned: [0])
        for edge in changedEdges {
          table.add([
            TextTable.Cell(edge.status, shown: statusStyle(edge.status, style: style)),
            cell(edge.count, style: style),
            TextTable.Cell(edge.key.description),
          ])
        }
        output += table.render(style: style)
      }
    } else {
      output += "\n  not compared (no cause graph)\n"
    }

    output += "\n" + style.bold("Findings")
    let changedFindings = diff.findings.filter { $0.appeared || $0.disappeared }
    let still = diff.findings.count - changedFindings.count
    output += still > 0 ? " (\(still) on both sides not shown)\n" : "\n"
    if changedFindings.isEmpty { output += "  no finding appeared or went away\n" }
    for change in changedFindings {
      let status = change.appeared ? style.red("new ") : "gone"
      output += "  \(status)  \(FindingsRenderer.severity(change.finding.severity, style: style))  "
      output += "\(change.finding.rule)  \(change.finding.title)\n"
    }

    if !verdicts.isEmpty {
      output += "\n" + style.bold("Rules") + "\n"
      for verdict in verdicts { output += rule(verdict, limit: limit, style: style) }
      switch RuleVerdict.overall(verdicts) {
      case .pass: output += "every rule passed\n"
      case .fail: output += style.red("regression") + ": a --fail-on rule failed\n"
      case .inconclusive where diff.hasVerdicts:
        output +=
          "inconclusive: a change exceeds a rule but the runs do not show it (q ≥ α); record more runs\n"
      case .inconclusive: output += "inconclusive: a change exceeds a rule but lies within the runs' spread\n"
      }
    }
    return output
  }

  // MARK: - Pieces

  static func sides(_ diff: TraceDiff) -> String {
    "base \(diff.baseRuns.joined(separator: " ")) → head \(diff.headRuns.joined(separator: " "))"
  }

  /// The figures the test calls slower or faster, with medians, change, p and q.
  private static func verdictSection(_ diff: TraceDiff, limit: Int?, style: TextStyle) -> String {
    let changes = diff.verdictChanges
    var output = "\n" + style.bold("Verdicts") + " (slower or faster beyond the runs' noise)\n"
    guard !changes.isEmpty else {
      let minimum = diff.verdictMinimum ?? .default
      return output + "  no figure changed: none has q < α and a median change over \(minimum.text)\n"
    }
    var table = TextTable(
      header: ["verdict", "figure", "base", "head", "change", "p", "q", "subject"], leftAligned: [0, 1, 7])
    let shown = limit.map { Array(changes.prefix($0)) } ?? changes
    for (subject, change) in shown {
      guard let verdict = change.verdict else { continue }
      let outcome = verdict.outcome.rawValue
      table.add([
        TextTable.Cell(outcome, shown: verdict.outcome == .slower ? style.red(outcome) : outcome),
        TextTable.Cell(change.measure.rawValue),
        TextTable.Cell(change.measure.text(change.base.median)),
        TextTable.Cell(change.measure.text(change.head.median)),
        TextTable.Cell(changeText(change)),
        TextTable.Cell(FigureVerdict.format(verdict.p)),
        TextTable.Cell(FigureVerdict.format(verdict.q)),
        TextTable.Cell(subject),
      ])
    }
    output += table.render(style: style)
    if shown.count < changes.count {
      output += "  … \(changes.count - shown.count) more verdicts (--limit 0 lists all)\n"
    }
    return output
  }

  /// `+20%` for a duration with a base, else the change in the figure's unit.
  private static func changeText(_ change: FigureChange) -> String {
    if let percent = change.percent, change.measure.isDuration { return DiffRule.percentText(percent) }
    return change.measure.deltaText(change.delta)
  }

  /// One rule's outcome: every failure, and up to `limit` inconclusive changes.
  private static func rule(_ verdict: RuleVerdict, limit: Int?, style: TextStyle) -> String {
    var output = ""
    switch verdict.outcome {
    case .pass:
      output += "  " + style.dim("ok") + "    \(verdict.rule.text)"
      output += verdict.notEvaluated.map { " (not evaluated: \($0))\n" } ?? "\n"
    case .fail, .inconclusive:
      for hit in verdict.failures {
        output +=
          "  " + style.red("FAIL")
          + "  \(verdict.rule.text): \(hit.subject) \(hit.change.measure) \(hit.change.text)"
        output += hit.reason.map { ", \($0)\n" } ?? "\n"
      }
      let shown = limit.map { Array(verdict.inconclusive.prefix($0)) } ?? verdict.inconclusive
      for hit in shown {
        output += "  ~     \(verdict.rule.text): \(hit.subject) \(hit.change.measure) \(hit.change.text)"
        output += hit.reason.map { ", \($0)\n" } ?? "\n"
      }
      if shown.count < verdict.inconclusive.count {
        output +=
          "  ~     \(verdict.rule.text): … \(verdict.inconclusive.count - shown.count) more inconclusive"
        output += " changes (--limit 0 lists all)\n"
      }
    }
    return output
  }

  private static func cell(_ change: FigureChange, style: TextStyle) -> TextTable.Cell {
    let text = change.text
    switch change.status {
    case .worse: return TextTable.Cell(text, shown: style.red(text))
    case .noise: return TextTable.Cell(text, shown: style.dim(text))
    default: return TextTable.Cell(text)
    }
  }

  private static func statusStyle(_ status: String, style: TextStyle) -> String {
    switch status {
    case "worse", "added", "mixed": style.red(status)
    case "noise", "unchanged": style.dim(status)
    default: status
    }
  }
}
