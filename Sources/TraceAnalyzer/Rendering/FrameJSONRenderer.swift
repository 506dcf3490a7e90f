/// Renders a ``FrameListing`` as JSON: the frame figures of the summary, then each frame shown
/// with the fields the summary's `frames.worst` gives it and its updates.
///
/// Times are ns in the trace's own clock, as the summary's `startNs` and `deadlineNs` are.
package enum FrameJSONRenderer {
  package static func render(_ listing: FrameListing) -> String {
    let summary = listing.summary
    let frames = summary.frames
    var json = JSONWriter()
    json.object { json in
      json.field("file", summary.file)
      json.field("budgetNs", frames.budgetNs)
      json.field("budgetAssumed", frames.budget.isAssumed)
      json.field("budgetSource", frames.budget.source)
      json.field(
        "thresholds",
        object: { json in
          json.field("orangeNs", summary.thresholds.orange)
          json.field("redNs", summary.thresholds.red)
        })
      json.field("missed", frames.missed)
      json.field(
        "frames",
        array: { json in
          for entry in listing.entries { write(entry, to: &json) }
        })
    }
    return json.text + "\n"
  }

  private static func write(_ entry: FrameListing.Entry, to json: inout JSONWriter) {
    let frame = entry.frame
    json.object { json in
      json.field("frame", frame: frame.frame)
      json.field("number", frame.frame.number)
      json.field("startNs", frame.start)
      json.field("workStartNs", frame.workStart)
      json.field("deadlineNs", frame.deadline)
      json.field("workEndNs", frame.workEnd)
      json.field("overrunNs", frame.overrunNs)
      json.field("blame", frame.blame.rawValue)
      json.field(
        "updates",
        array: { json in
          for update in entry.updates {
            json.object { json in
              json.field("id", update.id)
              json.field("module", update.key.module)
              json.field("view", update.key.name)
              json.field("kind", update.key.kind.description)
              json.field("startNs", update.start)
              json.field("durationNs", update.duration)
              json.field("severity", update.severity?.description)
            }
          }
        })
    }
  }
}
