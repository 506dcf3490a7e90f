/// A Time Profiler sample as the speedscope export keeps it between reading and writing: 24
/// bytes, in the order it is written (by thread, then time).
struct SpeedscopeSample: RunRecord {
  /// The part's thread index (0: the main thread).
  var thread: UInt32
  /// The sample's stack: its index in the part's ``StackTable``.
  var stack: UInt32
  var time: Int64
  /// The time the sample stands for, ns.
  var weight: Int64

  /// The first record of `thread` in the export's order.
  static func first(of thread: UInt32) -> Self {
    SpeedscopeSample(thread: thread, stack: 0, time: .min, weight: .min)
  }

  /// By thread, then time (then stack and weight: a total order).
  @inline(__always)
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    if a.thread != b.thread { return a.thread < b.thread }
    if a.time != b.time { return a.time < b.time }
    if a.stack != b.stack { return a.stack < b.stack }
    return a.weight < b.weight
  }
}
