import TraceModel

/// Renders a ``TraceDiff`` as Markdown for a pull-request comment: a verdict headline, frames,
/// the views and edges that changed (by impact) and the `--fail-on` verdicts.
package enum DiffMarkdownRenderer {
  /// - Parameter limit: how many changed views to list; nil lists all.
  package static func render(_ diff: TraceDiff, verdicts: [RuleVerdict] = [], limit: Int? = 30) -> String {
    let regressions = diff.changedViews.filter {
      $0.status == "worse" || $0.status == "mixed" || $0.status == "added"
    }
    var output: String
    switch RuleVerdict.overall(verdicts) {
    case .fail: output = "### ❌ tracecli diff: regression\n\n"
    case .inconclusive:
      output =
        diff.hasVerdicts
        ? "### ⚠️ tracecli diff: inconclusive (the runs do not show the change)\n\n"
        : "### ⚠️ tracecli diff: inconclusive (within the runs' spread)\n\n"
    case .pass:
      output =
        regressions.isEmpty
        ? "### ✅ tracecli diff: no view got worse\n\n"
        : "### tracecli diff: \(regressions.count) view\(regressions.count == 1 ? "" : "s") got worse\n\n"
    }
    output += "Base: \(diff.baseRuns.map(MarkdownText.code).joined(separator: ", "))  \n"
    output += "Head: \(diff.headRuns.map(MarkdownText.code).joined(separator: ", "))\n\n"
    if let alpha = diff.alpha {
      output += "Figures are medians of the runs; verdicts by the Mann–Whitney U test at α "
      output +=
        "\(FigureVerdict.format(alpha)), q adjusted over \(diff.views.count) views; *~* marks a change"
      output += " the runs do not show (a figure without a test: within their spread).\n\n"
    } else if max(diff.baseRuns.count, diff.headRuns.count) > 1 {
      output +=
        "Figures are medians of the runs; *~* marks a change smaller than the runs' own spread (noise)."
      output += " A verdict needs \(TraceDiff.verdictRuns) or more runs a side.\n\n"
    }
    output += "**Frames missed:** \(MarkdownText.escape(diff.missed.text))"
    output += " · by a long update \(MarkdownText.escape(diff.missedByLongUpdate.text))"
    output += " · by accumulation \(MarkdownText.escape(diff.missedByAccumulation.text))"
    output += " · worst overrun \(MarkdownText.escape(diff.worstOverrun.text))\n\n"

    if !verdicts.isEmpty {
      var rows: [[String]] = []
      for verdict in verdicts {
        let mark = verdict.outcome == .fail ? "❌" : verdict.outcome == .inconclusive ? "⚠️" : "✅"
        let inconclusive = limit.map { Array(verdict.inconclusive.prefix($0)) } ?? verdict.inconclusive
        var details = (verdict.failures + inconclusive).map { hit in
          "\(MarkdownText.code(hit.subject)) \(hit.change.measure) \(MarkdownText.escape(hit.change.text))"
            + (hit.reason.map { ", " + MarkdownText.escape($0) } ?? "")
        }
        if inconclusive.count < verdict.inconclusive.count {
          details.append("… \(verdict.inconclusive.count - inconclusive.count) more inconclusive changes")
        }
        if let reason = verdict.notEvaluated {
          details.append("not evaluated: " + MarkdownText.escape(reason))
        }
        rows.append([
          mark, MarkdownText.code(verdict.rule.text),
          details.isEmpty ? "—" : details.joined(separator: "<br>"),
        ])
      }
      output += MarkdownText.table(
        header: ["", "Rule", "Changes over it"], alignments: ["l", "l", "l"], rows: rows)
      output += "\n"
    }

    let tested = diff.verdictChanges
    if diff.hasVerdicts {
      if tested.isEmpty {
        output += "**Verdicts:** no figure is slower or faster beyond the runs' noise.\n\n"
      } else {
        let shown = limit.map { Array(tested.prefix($0)) } ?? tested
        let rows = shown.map { subject, change in
          [
            change.verdict?.outcome.rawValue ?? "", MarkdownText.code(subject), change.measure.rawValue,
            MarkdownText.escape(change.text), change.verdict.map { FigureVerdict.format($0.p) } ?? "",
            change.verdict.map { FigureVerdict.format($0.q) } ?? "",
          ]
        }
        output += "**Verdicts**\n\n"
        output += MarkdownText.table(
          header: ["Verdict", "Subject", "Figure", "Change", "p", "q"],
          alignments: ["l", "l", "l", "r", "r", "r"], rows: rows)
        output += "\n"
      }
    }

    let changed = diff.changedViews
    if changed.isEmpty {
      output += "No view changed.\n"
    } else {
      let shown = limit.map { Array(changed.prefix($0)) } ?? changed
      var rows: [[String]] = []
      for view in shown {
        rows.append(
          [MarkdownText.code(view.key.qualifiedName), view.key.kind.description, view.status]
            + DiffMeasure.views.map { cell(view[$0]) })
      }
      output += MarkdownText.table(
        header: ["View", "Kind", "Change", "Red", "Orange", "Count", "p95", "Total"],
        alignments: ["l", "l", "l", "r", "r", "r", "r", "r"], rows: rows)
      let unchanged = diff.views.count - changed.count
      var notes: [String] = []
      if shown.count < changed.count {
        notes.append("\(changed.count - shown.count) more changed views not shown")
      }
      if unchanged > 0 { notes.append("\(unchanged) unchanged view\(unchanged == 1 ? "" : "s") not shown") }
      if !notes.isEmpty { output += "\n" + notes.joined(separator: "; ") + ".\n" }
    }

    if let edges = diff.edges {
      let changedEdges = diff.changedEdges
      output += "\n**Cause-graph edges**"
      if changedEdges.isEmpty {
        output += ": none changed.\n"
      } else {
        output += " (\(changedEdges.count) changed of \(edges.count))\n\n"
        let rows = changedEdges.map { edge in
          [
            MarkdownText.code(edge.key.from), MarkdownText.code(edge.key.to),
            MarkdownText.escape(edge.key.label),
            edge.status, cell(edge.count),
          ]
        }
        output += MarkdownText.table(
          header: ["From", "To", "Label", "Change", "Count"], alignments: ["l", "l", "l", "l", "r"],
          rows: rows)
      }
    }

    let changedFindings = diff.findings.filter { $0.appeared || $0.disappeared }
    if !changedFindings.isEmpty {
      output += "\n**Findings**\n\n"
      for change in changedFindings {
        output +=
          "- \(change.appeared ? "🆕 new" : "✅ gone"): \(MarkdownText.code(change.finding.rule.rawValue)) "
        output += MarkdownText.escape(change.finding.title) + "\n"
      }
    }
    return output
  }

  private static func cell(_ change: FigureChange) -> String {
    let text = MarkdownText.escape(change.text)
    return change.status == .worse ? "**\(text)**" : text
  }
}
