import TraceModel

/// Renders a ``TraceDiff`` as the diff JSON of the analysis contract (`views` with `base` and
/// `head` figures, `frames.base/head.missed`, `edges` with `base` and `head` counts), plus
/// extras: each row's `delta`, `spread`, `noise` and `status`, the kinds, the runs and the
/// `--fail-on` verdicts.
package enum DiffJSONRenderer {
  package static func render(_ diff: TraceDiff, verdicts: [RuleVerdict] = []) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field(
        "runs",
        object: { json in
          json.field("base", strings: diff.baseRuns)
          json.field("head", strings: diff.headRuns)
        })
      json.field(
        "views",
        array: { json in
          for view in diff.views {
            json.object { json in
              json.field("module", view.key.module)
              json.field("kind", view.key.kind.description)
              json.field("name", view.key.name)
              writeFigures(view, to: &json)
            }
          }
        })
      json.field(
        "kinds",
        array: { json in
          for kind in diff.kinds {
            json.object { json in
              json.field("kind", kind.key.kind.description)
              writeFigures(kind, to: &json)
            }
          }
        })
      json.field(
        "frames",
        object: { json in
          let rows: [(String, FigureChange)] = [
            ("missed", diff.missed), ("missedByLongUpdate", diff.missedByLongUpdate),
            ("missedByAccumulation", diff.missedByAccumulation), ("worstOverrunNs", diff.worstOverrun),
          ]
          for (side, pick) in sides {
            json.field(
              side, object: { json in for (key, change) in rows { json.field(key, pick(change).median) } })
          }
          json.field("delta", object: { json in for (key, change) in rows { json.field(key, change.delta) } })
          json.field(
            "spread",
            object: { json in
              for (side, pick) in sides {
                json.field(
                  side, object: { json in for (key, change) in rows { json.field(key, pick(change).spread) } }
                )
              }
            })
          json.field(
            "noise", array: { json in for (key, change) in rows where change.isNoise { json.value(key) } })
          writeVerdicts([("missed", diff.missed)], to: &json)
        })
      for section in ["hitches", "hangs"] {
        let rows = zip(DiffMeasure.recorded, diff.recorded).filter { $0.0.section == section }
          .map { ($0.0.key, $0.1) }
        json.field(
          section,
          object: { json in
            for (side, pick) in sides {
              json.field(
                side, object: { json in for (key, change) in rows { json.field(key, pick(change).median) } })
            }
            json.field(
              "delta", object: { json in for (key, change) in rows { json.field(key, change.delta) } })
            writeVerdicts(rows, to: &json)
          })
      }
      if let edges = diff.edges {
        json.field(
          "edges",
          array: { json in
            for edge in edges {
              json.object { json in
                json.field("from", edge.key.from)
                json.field("to", edge.key.to)
                json.field("label", edge.key.label)
                json.field("base", edge.count.base.median)
                json.field("head", edge.count.head.median)
                json.field("delta", edge.count.delta)
                json.field(
                  "spread",
                  object: { json in
                    json.field("base", edge.count.base.spread)
                    json.field("head", edge.count.head.spread)
                  })
                json.field("noise", edge.count.isNoise)
                json.field("status", edge.status)
              }
            }
          })
      } else {
        json.key("edges")
        json.null()
      }
      json.field(
        "findings",
        array: { json in
          for change in diff.findings {
            json.object { json in
              json.field("status", change.status)
              json.field("rule", change.finding.rule.rawValue)
              json.field("severity", change.finding.severity.rawValue)
              json.field("title", change.finding.title)
              json.field("nodes", strings: change.finding.nodes)
              json.field("base", change.presence.base.median)
              json.field("head", change.presence.head.median)
            }
          }
        })
      json.field(
        "rules",
        array: { json in
          for verdict in verdicts {
            json.object { json in
              json.field("rule", verdict.rule.text)
              json.field("verdict", verdict.outcome.rawValue)
              json.field("evaluated", verdict.evaluated)
              if let reason = verdict.notEvaluated { json.field("notEvaluated", reason) }
              json.field("failures", array: { json in for hit in verdict.failures { write(hit, to: &json) } })
              json.field(
                "inconclusive", array: { json in for hit in verdict.inconclusive { write(hit, to: &json) } })
            }
          }
        })
      json.field("verdict", RuleVerdict.overall(verdicts).rawValue)
      json.field("alpha", diff.alpha)
      json.field("verdictRuns", TraceDiff.verdictRuns)
      json.field("warnings", strings: diff.warnings)
    }
    return json.text + "\n"
  }

  private static let sides: [(String, @Sendable (FigureChange) -> RunSpread)] = [
    ("base", { $0.base }), ("head", { $0.head }),
  ]

  private static func writeFigures(_ row: ViewChange, to json: inout JSONWriter) {
    let order: [DiffMeasure] = [.count, .orange, .red, .p95, .total]
    for (side, pick) in sides {
      json.field(
        side,
        object: { json in for measure in order { json.field(measure.jsonKey, pick(row[measure]).median) } })
    }
    json.field(
      "delta", object: { json in for measure in order { json.field(measure.jsonKey, row[measure].delta) } })
    json.field(
      "spread",
      object: { json in
        for (side, pick) in sides {
          json.field(
            side,
            object: { json in
              for measure in order { json.field(measure.jsonKey, pick(row[measure]).spread) }
            })
        }
      })
    json.field(
      "noise",
      array: { json in
        for measure in order where row[measure].isNoise { json.value(measure.jsonKey) }
      })
    json.field("status", row.status)
    writeVerdicts(order.map { ($0.jsonKey, row[$0]) }, to: &json)
  }

  /// `"verdicts": {"p95Ns": {"verdict", "p", "q", "baseMedian", "headMedian"}, …}` for the
  /// rows that were tested; nothing without verdicts.
  private static func writeVerdicts(_ rows: [(String, FigureChange)], to json: inout JSONWriter) {
    let tested = rows.filter { $0.1.verdict != nil }
    guard !tested.isEmpty else { return }
    json.field(
      "verdicts",
      object: { json in
        for (key, change) in tested {
          guard let verdict = change.verdict else { continue }
          json.field(key, object: { json in write(verdict, of: change, to: &json) })
        }
      })
  }

  private static func write(_ verdict: FigureVerdict, of change: FigureChange, to json: inout JSONWriter) {
    json.field("verdict", verdict.outcome.rawValue)
    json.field("p", verdict.p)
    json.field("q", verdict.q)
    json.field("baseMedian", change.base.median)
    json.field("headMedian", change.head.median)
  }

  private static func write(_ hit: RuleVerdict.Hit, to json: inout JSONWriter) {
    json.object { json in
      json.field("subject", hit.subject)
      json.field("measure", hit.change.measure.rawValue)
      json.field("base", hit.change.base.median)
      json.field("head", hit.change.head.median)
      json.field("delta", hit.change.delta)
      json.field("spread", hit.change.noiseFloor)
      if let verdict = hit.change.verdict {
        json.field("p", verdict.p)
        json.field("q", verdict.q)
      }
    }
  }
}
