import TraceModel

/// What an export wrote.
package struct ExportResult: Hashable, Sendable {
  /// Events written (every line of `traceEvents`, every row, or every sample).
  package var events = 0
  /// Update events (finished updates) or rows.
  package var updates = 0
  package var red = 0
  package var orange = 0
  /// Updates left out (chrome) or written without a duration (rows) because they never ended.
  package var unfinished = 0
  /// Frame events, and those that missed their deadline.
  package var frames = 0
  package var missedFrames = 0
  /// Sources drawn on the Causes track, and flow arrows (one per cause whose two ends were
  /// written).
  package var sources = 0
  package var flows = 0
  package var tracks = 0
  /// Profiles written (speedscope: one per thread with samples).
  package var profiles = 0
  /// How messages name the trace (speedscope).
  package var file = ""
  /// Stack ids no symbol defines (speedscope), by id.
  package var dangling: [Profile.DanglingSymbol] = []
  package var warnings: [TraceWarning] = []
  /// Whether writing failed (the output is incomplete).
  package var writeFailed = false

  package init() {}
}
