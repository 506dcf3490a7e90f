import TraceModel

/// What a gate must know of a recording before it judges it: what the recording says it
/// captured, what it holds, and what the read kept.
package struct RecordingFacts: Hashable, Sendable {
  /// The trace's name.
  package var file: String
  /// The header's `recorded` list; nil when the trace does not say.
  package var recorded: [String]?
  /// Every event of the trace, whatever the range or window.
  package var events: EventCounts
  /// The updates the read kept (in the range and window).
  package var updatesKept: Int
  /// The inspection range the read kept.
  package var range: TimeRange
  /// The windows the read kept (empty: the whole trace).
  package var windows: [String]
  /// Whether frames were judged at 60 Hz for want of a rate.
  package var refreshRateAssumed: Bool
  /// The recorded app and device, as the header names them.
  package var app: String?
  package var device: String?
  /// The intervals the read's windows matched (0 with windows: the recording lacks them all).
  package var windowIntervals = 0

  package init(
    file: String, recorded: [String]?, events: EventCounts, updatesKept: Int, range: TimeRange = TimeRange(),
    windows: [String] = [], refreshRateAssumed: Bool = false
  ) {
    self.file = file
    self.recorded = recorded
    self.events = events
    self.updatesKept = updatesKept
    self.range = range
    self.windows = windows
    self.refreshRateAssumed = refreshRateAssumed
  }

  /// The facts of a summarized read.
  package init(_ summary: TraceSummary) {
    self.init(
      file: summary.file, recorded: summary.header?.recorded, events: summary.events,
      updatesKept: summary.total.count, range: summary.range, windows: summary.windows,
      refreshRateAssumed: summary.frames.budget.isAssumed)
    windowIntervals = summary.windowIntervals
    app = summary.header?.app
    device = summary.header?.device
  }

  /// Whether the recording captured `what` (`hitches`, `hangs`, `samples`, …): its `recorded`
  /// list says so or, without one, it holds such an event.
  package func captured(_ what: String) -> Bool {
    if let recorded { return recorded.contains(what) }
    switch what {
    case "hitches": return events.hitches + events.systemHitches > 0
    case "hangs": return events.hangs > 0
    case "samples": return events.samples > 0
    case "frames": return events.frames > 0
    case "intervals": return events.intervals > 0
    default: return events.updates > 0
    }
  }

  /// What the recording holds (`6 hitches and 23 hangs`) when its SwiftUI tables hold nothing.
  ///
  /// That is: the SwiftUI instrument's tables were recorded (the `recorded` list has updates or
  /// causes) and hold no row, while other recorded tables do, what attaching to a running app
  /// yields; nil otherwise.
  package var emptySwiftUITables: String? {
    guard let recorded, recorded.contains("updates") || recorded.contains("causes"),
      events.updates == 0, events.causes == 0, events.groups == 0
    else { return nil }
    let others = [
      (events.hitches + events.systemHitches, "hitch", "hitches"), (events.hangs, "hang", "hangs"),
      (events.samples, "sample", "samples"), (events.frames, "frame", "frames"),
    ].filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
    guard !others.isEmpty else { return nil }
    return others.count == 1
      ? others[0] : others.dropLast().joined(separator: ", ") + " and " + others[others.count - 1]
  }
}
