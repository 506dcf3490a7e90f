import TraceModel

/// Missed frames, each with the updates it holds: `tracecli frame`.
package struct FrameListing: Hashable, Sendable {
  /// One finished main-thread update of a missed frame's work or stretch.
  package struct Update: Hashable, Sendable {
    package var id: Int64
    package var key: ViewKey
    /// Start in the trace's clock, ns.
    package var start: Int64
    package var duration: Int64
    package var severity: Severity?

    /// `start + duration`, saturated.
    package var end: Int64 { start.saturatingAdd(duration) }
  }

  /// A missed frame and its updates.
  package struct Entry: Hashable, Sendable {
    package var frame: MissedFrame
    /// The finished main-thread updates of its work (a recorded frame) or stretch (a grid
    /// frame), by start, then duration, then id: as many as ``MissedFrame/updates`` says.
    package var updates: [Update]

    /// Its red updates.
    package var red: Int { updates.count { $0.severity == .red } }
  }

  /// What a frame number that names no missed frame names instead.
  package struct Absence: Hashable, Sendable {
    /// The number asked for.
    package var number: Int64
    /// Whether that frame holds a finished main-thread update.
    package var holdsUpdates: Bool
    /// The missed frame whose work or stretch holds its updates, if one does.
    package var partOf: MissedFrame?
    /// The missed frames' numbers closest to it (at most ``nearbyLimit``), in order.
    package var nearby: [Int64]

    package static let nearbyLimit = 5
  }

  package var selection: FrameSelection
  /// The frames shown: the worst first, or the one asked for.
  package var entries: [Entry]
  /// Set when ``selection`` names a frame that did not miss its deadline.
  package var absence: Absence?
  /// The read's summary (its frame figures count every missed frame).
  package var summary: TraceSummary
}
