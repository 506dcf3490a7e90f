import TraceModel

/// One counted cause with both ends resolved to nodes and its target's timing: 48 bytes.
///
/// The join of ``CauseGraphBuilder`` writes these for the rules that look at causes one by one
/// (``FindingsBuilder``); nodes are the join's catalog indices.
struct ResolvedCause: BitwiseCopyable, Sendable {
  /// The target is an update (else a source, or an id no event defines).
  static let toUpdate: UInt32 = 1
  static let skipped: UInt32 = 2
  static let mainThread: UInt32 = 4
  /// The cause's `changed` is `@self`.
  static let changedSelf: UInt32 = 8
  /// The cause has a `time` of its own.
  static let hasTime: UInt32 = 16
  /// The edge label is `update`.
  static let updateLabel: UInt32 = 32

  /// The edge's index in the join's ``CauseGraphBuilder/EdgeTable``.
  var edge: UInt32
  var to: UInt32
  var flags: UInt32
  /// The target's id.
  var target: Int64
  /// The target update's start and duration (0 for other targets).
  var start: Int64
  var duration: Int64
  /// The cause's own time (0 without one).
  var time: Int64

  init(
    _ cause: CauseGraphSink.CauseRecord, edge: UInt32, to: UInt32, target: EventRecord?, updateLabel: Int32
  ) {
    var flags: UInt32 = 0
    if cause.flags & CauseGraphSink.CauseRecord.changedSelf != 0 { flags |= Self.changedSelf }
    if cause.flags & CauseGraphSink.CauseRecord.hasTime != 0 { flags |= Self.hasTime }
    if cause.label == updateLabel { flags |= Self.updateLabel }
    if let target, target.has(EventRecord.isUpdate) {
      flags |= Self.toUpdate
      if target.has(EventRecord.skipped) { flags |= Self.skipped }
      if target.has(EventRecord.mainThread) { flags |= Self.mainThread }
      start = target.time
      duration = target.duration
    } else {
      start = 0
      duration = 0
    }
    self.edge = edge
    self.to = to
    self.flags = flags
    self.target = cause.to
    self.time = cause.time
  }

  @inline(__always) func has(_ flag: UInt32) -> Bool { flags & flag != 0 }

  /// Whether the target is an update that finished.
  var isFinishedUpdate: Bool { has(Self.toUpdate) && duration < Update.unfinishedDuration }
}
