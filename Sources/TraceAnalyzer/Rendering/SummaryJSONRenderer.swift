import TraceModel

/// Renders a ``TraceSummary`` as the summary JSON of the analysis contract, plus extras
/// (`trace`, `totals`, `events`, `worstFrames`, `unknown`).
package enum SummaryJSONRenderer {
  /// - Parameter findings: with `summarize --findings`, the findings to add as `"findings"`.
  package static func render(_ summary: TraceSummary, findings: [Finding]? = nil) -> String {
    var json = JSONWriter()
    json.object { json in
      if let findings {
        json.field("findings", array: { FindingsJSONRenderer.write(findings, to: &$0) })
      }
      json.field(
        "trace",
        object: { json in
          json.field("file", summary.file)
          json.field("app", summary.header?.app)
          json.field("device", summary.header?.device)
          json.field("refreshRate", summary.frames.budget.rate)
          json.field("startNs", summary.traceStart)
          json.field("endNs", summary.traceEnd)
          if let from = summary.range.from { json.field("fromNs", from) }
          if let to = summary.range.to { json.field("toNs", to) }
        })
      if !summary.windows.isEmpty { writeWindow(summary, to: &json) }
      json.field(
        "thresholds",
        object: { json in
          json.field("orangeNs", summary.thresholds.orange)
          json.field("redNs", summary.thresholds.red)
        })
      json.field(
        "updates",
        object: { json in
          for kind in UpdateKind.allCases {
            json.field(kind.description, object: { writeCounts(summary[kind], to: &$0) })
          }
        })
      json.field("totals", object: { writeCounts(summary.total, to: &$0) })
      json.field(
        "frames",
        object: { json in
          let frames = summary.frames
          json.field("budgetNs", frames.budgetNs)
          json.field("budgetAssumed", frames.budget.isAssumed)
          json.field("budgetSource", frames.budget.source)
          json.field("recorded", frames.hasRecordedFrames)
          json.field("withUpdates", frames.withUpdates)
          json.field("grid", frames.grid)
          json.field("missed", frames.missed)
          json.field("missedByLongUpdate", frames.missedByLongUpdate)
          json.field("missedByAccumulation", frames.missedByAccumulation)
          json.field("worstOverrunNs", frames.worstOverrunNs)
          json.field(
            "worst",
            array: { json in
              for frame in frames.worst {
                json.object { json in
                  json.field("frame", frame: frame.frame)
                  json.field("number", frame.frame.number)
                  json.field("startNs", frame.start)
                  json.field("deadlineNs", frame.deadline)
                  json.field("workEndNs", frame.workEnd)
                  json.field("overrunNs", frame.overrunNs)
                  json.field("updates", frame.updates)
                  json.field("blame", frame.blame.rawValue)
                }
              }
            })
        })
      json.field(
        "views",
        array: { json in
          for view in summary.views {
            json.object { json in
              json.field("module", view.key.module)
              json.field("kind", view.key.kind.description)
              json.field("name", view.key.name)
              writeCounts(view.statistics, to: &json)
              json.field("maxNs", view.statistics.maxNs)
              json.field("p50Ns", view.statistics.p50Ns)
              json.field("p95Ns", view.statistics.p95Ns)
            }
          }
        })
      json.field(
        "events",
        object: { json in
          let events = summary.events
          json.field("updates", events.updates)
          json.field("sources", events.sources)
          json.field("causes", events.causes)
          json.field("groups", events.groups)
          json.field("frames", events.frames)
          json.field("hitches", events.hitches)
          json.field("systemHitches", events.systemHitches)
          json.field("hangs", events.hangs)
          json.field("unknownKeys", summary.unknownKeys)
          json.field(
            "unknownTypes",
            object: { json in
              for (type, count) in summary.unknownTypes.sorted(by: { $0.key < $1.key }) {
                json.field(type, count)
              }
            })
        })
      json.field(
        "warnings",
        array: { json in
          for warning in summary.warnings { json.value(warning.description) }
        })
    }
    return json.text + "\n"
  }

  private static func writeCounts(_ statistics: ViewStatistics, to json: inout JSONWriter) {
    json.field("count", statistics.count)
    json.field("orange", statistics.orange)
    json.field("red", statistics.red)
    json.field("skipped", statistics.skipped)
    json.field("unfinished", statistics.unfinished)
    json.field("totalNs", statistics.totalNs)
  }

  /// `"window"`: the names as given, the intervals they matched, the length of their union, and
  /// the app's hitches, the hangs and the samples in the window (and range).
  private static func writeWindow(_ summary: TraceSummary, to json: inout JSONWriter) {
    json.field(
      "window",
      object: { json in
        json.field("names", strings: summary.windows)
        json.field("intervals", summary.windowIntervals)
        json.field("spanNs", summary.windowSpanNs)
        json.field(
          "hitches",
          object: { json in
            json.field("count", summary.hitches.hitches)
            json.field("totalNs", summary.hitches.hitchNs)
            json.field("longestNs", summary.hitches.longestHitchNs)
          })
        json.field(
          "hangs",
          object: { json in
            json.field("count", summary.hitches.hangs)
            json.field("longestNs", summary.hitches.longestHangNs)
          })
        json.field(
          "samples",
          object: { json in
            json.field("count", summary.samplesKept)
            json.field("weightNs", summary.sampleNsKept)
          })
      })
  }
}
