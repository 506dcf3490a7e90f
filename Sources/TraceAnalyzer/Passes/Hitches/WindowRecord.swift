/// A main-thread update's piece of one event's window, or a sample in it, as the sweep takes
/// them: sorted by window, then time, pieces before samples of one time.
struct WindowRecord: RunRecord {
  /// The window's position among the windows by start (``HitchWindows``): records in time
  /// order come in about this order too, so the runs need little sorting.
  var window: UInt32
  /// The global group of an update's view; ``sample`` for a sample.
  var group: UInt32
  /// A piece's start (clipped to the window) or a sample's time.
  var time: Int64
  /// A piece's end (clipped) or a sample's weight.
  var end: Int64
  /// The whole update's duration (0 for a sample).
  var duration: Int64
  /// The update's id, or the sample's stack (its index in its part's ``StackTable``).
  var id: Int64
  /// The sample's reader part (0 for an update).
  var part: UInt32 = 0

  static let sample = UInt32.max

  var isSample: Bool { group == Self.sample }

  @inline(__always)
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    if a.window != b.window { return a.window < b.window }
    if a.time != b.time { return a.time < b.time }
    if a.isSample != b.isSample { return !a.isSample }
    if a.end != b.end { return a.end > b.end }
    return (a.id, a.group, a.part) < (b.id, b.group, b.part)
  }
}
