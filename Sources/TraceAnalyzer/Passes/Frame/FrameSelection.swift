/// Which missed frames `tracecli frame` shows.
package enum FrameSelection: Hashable, Sendable {
  /// The `limit` worst (every one when nil): larger overrun first, then the earlier frame, as
  /// the summary lists its worst frames.
  case worst(limit: Int?)
  /// The frame numbered `number` (``FrameRef/label``, `#N` in text).
  case number(Int64)
}
