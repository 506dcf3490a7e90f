import TraceModel

/// One missed frame drawn at frame scale: its updates as labelled bars against the deadline.
package struct FrameStrip: Hashable, Sendable {
  /// One update in the strip.
  package struct Bar: Hashable, Sendable {
    /// The node label, such as `LandmarkListItemView.body`.
    package var label: String
    package var kind: UpdateKind
    package var start: Int64
    package var duration: Int64
    package var severity: Severity?

    package init(label: String, kind: UpdateKind, start: Int64, duration: Int64, severity: Severity?) {
      self.label = label
      self.kind = kind
      self.start = start
      self.duration = duration
      self.severity = severity
    }
  }

  /// Bars a strip keeps (the longest, when more updates fall in its window).
  package static let barLimit = 120
  /// Missed frames that get a strip.
  package static let stripLimit = 3

  package var frame: MissedFrame
  /// The window drawn, ns.
  package var windowStart: Int64
  package var windowEnd: Int64
  /// Main-thread updates overlapping the window, by start.
  package var bars: [Bar]
  /// Updates in the window left out beyond ``barLimit``.
  package var omitted: Int

  package init(frame: MissedFrame, windowStart: Int64, windowEnd: Int64, bars: [Bar] = [], omitted: Int = 0) {
    self.frame = frame
    self.windowStart = windowStart
    self.windowEnd = windowEnd
    self.bars = bars
    self.omitted = omitted
  }

  /// The strip's window for `frame`: from its work's start to its work end (or deadline, if later),
  /// with a margin of a tenth either side.
  init(frame: MissedFrame) {
    let end = max(frame.workEnd, frame.deadline)
    let margin = max((end.saturatingSubtract(frame.workStart)) / 10, 1)
    self.init(
      frame: frame, windowStart: frame.workStart.saturatingSubtract(margin),
      windowEnd: end.saturatingAdd(margin))
  }

  /// Whether an update over `start ..< start + duration` shows in the strip.
  @inline(__always)
  func overlaps(start: Int64, duration: Int64) -> Bool {
    start < windowEnd && start.saturatingAdd(duration) > windowStart
  }

  /// Keeps the ``barLimit`` longest bars (the earlier, then the first by label, among equals:
  /// the same bars however often a strip was trimmed on the way), sorted by start.
  mutating func trim() {
    if bars.count > Self.barLimit {
      bars.sort { ($0.duration, $1.start, $1.label) > ($1.duration, $0.start, $0.label) }
      omitted += bars.count - Self.barLimit
      bars.removeLast(bars.count - Self.barLimit)
    }
    bars.sort { ($0.start, $1.duration, $0.label) < ($1.start, $0.duration, $1.label) }
  }
}
