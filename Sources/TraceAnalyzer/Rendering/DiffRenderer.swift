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
    if runs > 1 {
      output += "  medians of \(diff.baseRuns.count) base and \(diff.headRuns.count) head runs;"
      output += " ~ marks a change smaller than the runs' own spread (noise)\n"
    }
    if let minimum = diff.minimum {
      output += "  one run a side cannot tell noise from change: changes under \(minimum.text) count as"
      output += " unchanged; record three runs a side (--vs)\n"
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
      for verdict in verdicts { output += rule(verdict, style: style) }
      switch RuleVerdict.overall(verdicts) {
      case .pass: output += "every rule passed\n"
      case .fail: output += style.red("regression") + ": a --fail-on rule failed\n"
      case .inconclusive: output += "inconclusive: a change exceeds a rule but lies within the runs' spread\n"
      }
    }
    return output
  }

  // MARK: - Pieces

  static func sides(_ diff: TraceDiff) -> String {
    "base \(diff.baseRuns.joined(separator: " ")) → head \(diff.headRuns.joined(separator: " "))"
  }

  private static func rule(_ verdict: RuleVerdict, style: TextStyle) -> String {
    var output = ""
    switch verdict.outcome {
    case .pass:
      output += "  " + style.dim("ok") + "    \(verdict.rule.text)"
      output += verdict.evaluated ? "\n" : " (not evaluated: no cause graph)\n"
    case .fail, .inconclusive:
      for hit in verdict.failures {
        output +=
          "  " + style.red("FAIL")
          + "  \(verdict.rule.text): \(hit.subject) \(hit.change.measure) \(hit.change.text)\n"
      }
      for hit in verdict.inconclusive {
        output += "  ~     \(verdict.rule.text): \(hit.subject) \(hit.change.measure) \(hit.change.text)"
        output += ", within the runs' spread (\(hit.change.measure.text(hit.change.noiseFloor)))\n"
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
