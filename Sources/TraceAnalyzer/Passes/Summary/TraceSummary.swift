import TraceModel

/// Everything `tracecli summarize` reports about one trace (or its inspection range).
public struct TraceSummary: Hashable, Sendable {
  /// The trace's name as given (a path, or `<stdin>`).
  public var file: String
  package var header: TraceHeader?
  package var thresholds: Thresholds
  package var range: TimeRange
  /// The windows (`--window`) the summary is restricted to; empty for none.
  package var windows: [String] = []
  /// The intervals the windows matched, and the length of their union, ns.
  package var windowIntervals = 0
  package var windowSpanNs: Int64 = 0
  /// The samples whose time lies in the range and windows, and the time they stand for.
  package var samplesKept = 0
  package var sampleNsKept: Int64 = 0
  /// Trace start in ns: the header's `start`, else the earliest time in the trace.
  package var traceStart: Int64?
  /// The latest end of any event, ns.
  package var traceEnd: Int64?
  /// Per update kind, in kind order.
  public var kinds: [UpdateKind: ViewStatistics]
  /// Per view, worst first (the spec's order).
  public var views: [ViewSummary]
  public var frames: FrameSummary
  public var events: EventCounts
  package var unknownTypes: [String: Int]
  public var unknownKeys: Int
  package var warnings: [TraceWarning]
  /// The app's hitches and hangs that start in the range.
  package var hitches = HitchFigures()

  /// `the range 1.000 s ..< 2.000 s`, `the window 'Scroll Feed'`, or both, for messages; nil
  /// for the whole trace.
  package var restriction: String? { Self.restriction(range: range, windows: windows) }

  /// ``restriction`` for `range` and `windows`.
  package static func restriction(range: TimeRange, windows: [String]) -> String? {
    var parts: [String] = []
    if !range.isUnbounded { parts.append("the range \(range.text)") }
    if !windows.isEmpty {
      parts.append(
        (windows.count == 1 ? "the window " : "the windows ")
          + windows.map { "'\($0)'" }.joined(separator: ", "))
    }
    return parts.isEmpty ? nil : parts.joined(separator: " and ")
  }

  /// From the trace start to the latest end of any event, ns; nil for an empty trace.
  package var spanNs: Int64? {
    guard let traceStart, let traceEnd, traceEnd >= traceStart else { return nil }
    return traceEnd.saturatingSubtract(traceStart)
  }

  /// Whether the recording captured hitches: its header's `recorded` list says so, or,
  /// without one, it holds a hitch (the system's included).
  package var recordedHitches: Bool { RecordingFacts(self).captured("hitches") }

  /// Whether the recording captured hangs (as ``recordedHitches`` decides).
  package var recordedHangs: Bool { RecordingFacts(self).captured("hangs") }

  /// All updates of every kind together.
  public var total: ViewStatistics {
    kinds.values.reduce(into: ViewStatistics()) { $0.add($1) }
  }

  /// The statistics of `kind` (zeros when the trace has none).
  public subscript(kind: UpdateKind) -> ViewStatistics { kinds[kind] ?? ViewStatistics() }
}
