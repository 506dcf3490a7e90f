import TraceModel

/// Renders the app's recorded hitches and hangs with what made them: as text a person acts
/// on, or as the spec's JSON.
package enum HitchesRenderer {
  // MARK: - Text

  /// A line per event (its time, length, kind and recorded reasons), then its verdict with the
  /// figures behind it, what explains it, and the `why` command for its longest update.
  package static func render(_ hitches: RecordedHitches, summary: TraceSummary, style: TextStyle = .plain)
    -> String
  {
    let events = hitches.events
    var out = headline(hitches, file: summary.file) + "\n"
    let missing = [(summary.recordedHitches, "hitches"), (summary.recordedHangs, "hangs")].filter { !$0.0 }
      .map(\.1)
    if !hitches.sampled && hitches.events.contains(where: { $0.verdict == .unknown }) {
      out += "(no Time Profiler samples: record with Time Profiler to tell main-thread work from idleness)\n"
    }
    if !missing.isEmpty {
      out +=
        "(the recording did not capture \(missing.joined(separator: " or ")): "
        + HitchFigures.howToRecord(missing) + ")\n"
    }
    guard !events.isEmpty else {
      if summary.events.systemHitches > 0 {
        out += "(\(Count.text(summary.events.systemHitches)) system hitches left out: not the app's)\n"
      }
      return out
    }
    let origin = summary.traceStart ?? 0
    for event in events {
      out +=
        "\n" + style.bold("\(DurationText.seconds(event.start.saturatingSubtract(origin)))  \(title(event))")
        + "\n"
      out += "  verdict   \(event.verdict.rawValue): \(meaning(event, sampled: hitches.sampled))\n"
      out +=
        "  window    \(DurationText.seconds(event.window.lowerBound.saturatingSubtract(origin))) – "
        + "\(DurationText.seconds(event.window.upperBound.saturatingSubtract(origin))): \(DurationText.format(event.updateNs)) "
        + "in updates on the main thread"
        + (hitches.sampled ? ", \(DurationText.format(event.otherNs)) sampled outside them" : "") + "\n"
      if !event.explainedBy.isEmpty {
        let named = event.explainedBy.enumerated().map { index, name in
          index < event.explainedNs.count
            ? "\(name) (\(DurationText.format(event.explainedNs[index])))" : name
        }
        out += "  explained \(named.joined(separator: ", "))\n"
      }
      if !event.findings.isEmpty {
        out += "  findings  \(event.findings.map(\.rawValue).joined(separator: ", ")) (tracecli diagnose)\n"
      }
      if let id = event.longestUpdate {
        out += "  look      tracecli why \(FindingsRenderer.traceWord(summary.file)) --update \(id)\n"
      }
    }
    if summary.events.systemHitches > 0 {
      out += "\n(\(Count.text(summary.events.systemHitches)) system hitches left out: not the app's)\n"
    }
    return out
  }

  /// `2 hangs and 3 hitches: 3 from updates, 1 main-thread, 1 elsewhere`.
  static func headline(_ hitches: RecordedHitches, file: String) -> String {
    let hangs = hitches.events.filter { $0.kind == .hang }.count
    let hitchCount = hitches.events.count - hangs
    let parts = [(hangs, "hang", "hangs"), (hitchCount, "hitch", "hitches")].filter { $0.0 > 0 }
      .map { "\(Count.text($0.0)) \($0.0 == 1 ? $0.1 : $0.2)" }
    var out =
      "\(file): " + (parts.isEmpty ? "no hitch or hang" : parts.joined(separator: " and ")) + " of the app"
    let verdicts: [HitchVerdict] = [.updates, .mainThread, .elsewhere, .unknown]
    let counts = verdicts.compactMap { verdict -> String? in
      let count = hitches.events.filter { $0.verdict == verdict }.count
      return count == 0 ? nil : "\(count) \(verdict.rawValue)"
    }
    if !counts.isEmpty { out += "; by verdict: " + counts.joined(separator: ", ") }
    return out
  }

  /// `hang 104 ms (Hang)` or `hitch 33.3 ms: Potentially expensive app update(s) (late: Commit…)`.
  static func title(_ event: RecordedHitch) -> String {
    let length = event.duration >= Update.unfinishedDuration ? "untimed" : DurationText.format(event.duration)
    var out = "\(event.kind.rawValue) \(length)"
    switch event.kind {
    case .hang:
      if let kind = event.narrative { out += " (\(kind))" }
    case .hitch:
      if let narrative = event.narrative { out += ": \(narrative)" }
      if let cause = event.cause { out += " (late: \(cause))" }
    }
    return out
  }

  /// `0.400 s  hang 300 ms (Hang)  unknown`, then what explains it: an event on one line.
  static func line(_ event: RecordedHitch, origin: Int64) -> String {
    var line =
      "\(DurationText.seconds(event.start.saturatingSubtract(origin)))  \(title(event))  \(event.verdict.rawValue)"
    if !event.explainedBy.isEmpty { line += ": " + event.explainedBy.joined(separator: ", ") }
    return line
  }

  /// What the verdict means, in words.
  static func meaning(_ event: RecordedHitch, sampled: Bool) -> String {
    switch event.verdict {
    case .updates: "SwiftUI updates on the main thread filled the window"
    case .mainThread: "the main thread was busy outside SwiftUI updates"
    case .elsewhere: "the main thread was mostly idle: the render server, the GPU or another process"
    case .unknown: "without samples, work outside updates cannot be told from idleness"
    }
  }

  // MARK: - JSON

  /// `{"events": [...]}` as analysis.md "Profile and hitches JSON" gives it, with each
  /// event's window, recorded reasons and longest update besides.
  package static func renderJSON(_ hitches: RecordedHitches) -> String {
    var json = JSONWriter()
    json.object { json in
      json.field(
        "events",
        array: { json in
          for event in hitches.events { json.object { self.event(event, into: &$0) } }
        })
      json.field("sampled", hitches.sampled)
    }
    return json.text + "\n"
  }

  static func event(_ event: RecordedHitch, into json: inout JSONWriter) {
    json.field("kind", event.kind.rawValue)
    json.field("start", event.start)
    json.field("duration", event.duration)
    json.field("verdict", event.verdict.rawValue)
    json.field("updateNs", event.updateNs)
    json.field("otherNs", event.otherNs)
    json.field("explainedBy", strings: event.explainedBy)
    json.field("findings", strings: event.findings.map(\.rawValue))
    json.field("windowStart", event.window.lowerBound)
    json.field("windowEnd", event.window.upperBound)
    switch event.kind {
    case .hang: json.field("hangKind", event.narrative)
    case .hitch:
      json.field("narrative", event.narrative)
      json.field("cause", event.cause)
    }
    json.field("why", event.longestUpdate)
  }
}
