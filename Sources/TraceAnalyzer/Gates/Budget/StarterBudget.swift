/// A first budget for a team that has none, written from a good trace (`check --write-budget`).
///
/// Every view gets its red and orange counts and its p95, the frames their missed count, and
/// the recorded hitches and hangs (when the recording captured them) their count and longest,
/// each raised by the margin and rounded up to a readable value as ``BudgetTightener`` does,
/// so the trace it came from passes with headroom. `--tighten` ratchets it down later.
package enum StarterBudget {
  /// The budget file's text (JSON, ending with a line end).
  package static func render(_ summary: TraceSummary, margin: Double) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field("version", 1)
      json.field(
        "note",
        "written by tracecli check --write-budget from \(summary.file) with a \(PercentText.format(margin)) margin"
      )
      json.field(
        "thresholds",
        object: { json in
          json.field("orange", duration(summary.thresholds.orange))
          json.field("red", duration(summary.thresholds.red))
        })
      json.field(
        "views",
        array: { json in
          for view in summary.views.sorted(by: { $0.key < $1.key }) where view.statistics.finished > 0 {
            json.object { json in
              json.field("view", view.key.qualifiedName)
              json.field("kind", view.key.kind.description)
              json.field("red", BudgetTightener.withMargin(Int64(view.statistics.red), margin))
              json.field("orange", BudgetTightener.withMargin(Int64(view.statistics.orange), margin))
              json.field("p95", duration(BudgetTightener.withMargin(view.statistics.p95Ns, margin)))
            }
          }
        })
      json.field(
        "frames",
        object: { json in
          json.field("missed", BudgetTightener.withMargin(Int64(summary.frames.missed), margin))
        })
      let figures = summary.hitches
      let recorded: [(String, Bool, Int, Int64)] = [
        ("hitches", summary.recordedHitches, figures.hitches, figures.longestHitchNs),
        ("hangs", summary.recordedHangs, figures.hangs, figures.longestHangNs),
      ]
      for (section, captured, count, longest) in recorded where captured {
        json.field(
          section,
          object: { json in
            json.field("count", BudgetTightener.withMargin(Int64(count), margin))
            if longest > 0 { json.field("longestNs", duration(BudgetTightener.withMargin(longest, margin))) }
          })
      }
    }
    return json.text + "\n"
  }

  /// `ns` rounded up to three digits in µs or ms: `"254us"`, `"2.45ms"`.
  private static func duration(_ ns: Int64) -> String {
    let unit = ns >= 1_000_000 ? "ms" : "us"
    let text = BudgetTightener.literal(ns, like: .duration(unit: unit, spaced: false))?.0 ?? "\"\(ns)ns\""
    return String(text.dropFirst().dropLast())
  }
}
