import TraceModel

/// One update as the export keeps it between reading and writing: 40 bytes.
struct ExportRecord: RunRecord {
  static let skippedFlag: UInt32 = 1
  static let mainThreadFlag: UInt32 = 2
  /// No `group`.
  static let noGroup = Int64.min

  var start: Int64
  var duration: Int64
  var id: Int64
  var group: Int64
  /// The update's key in its part (kind, module, name, thread); global after the merge.
  var key: Int32
  var flags: UInt32

  var skipped: Bool { flags & Self.skippedFlag != 0 }
  var isMainThread: Bool { flags & Self.mainThreadFlag != 0 }
  var isFinished: Bool { duration < Update.unfinishedDuration }

  /// The export order: by start, longer first (a parent before the updates it holds), then id.
  @inline(__always)
  static func precedes(_ lhs: Self, _ rhs: Self) -> Bool {
    if lhs.start != rhs.start { return lhs.start < rhs.start }
    if lhs.duration != rhs.duration { return lhs.duration > rhs.duration }
    return lhs.id < rhs.id
  }
}

/// A cause between two ids, kept for the flow join.
struct ExportCause: SpillPackable, Sendable {
  var from: Int64
  var to: Int64
  /// 0 `update`, 1 `creation`, 2 another label.
  var label: Int64
}

/// Where an update was written: its track and start, for the flow join.
struct ExportPlace: SpillPackable, Sendable {
  var id: Int64
  var start: Int64
  var track: Int64
}

/// A cause whose source has been placed, waiting for its target.
struct ExportHalfFlow: SpillPackable, Sendable {
  var to: Int64
  var fromStart: Int64
  var fromTrack: Int64
  var label: Int64
}
