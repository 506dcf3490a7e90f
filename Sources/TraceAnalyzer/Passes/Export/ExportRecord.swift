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

/// A cause between two placed updates, waiting to be formatted as a flow.
struct ExportFlow: SpillPackable, Sendable {
  var fromTrack: Int64
  var fromStart: Int64
  var toTrack: Int64
  var toStart: Int64
  /// 1 for `creation` (else `update`), as ``ExportHalfFlow/label``.
  var label: Int64
}

/// A source as the export spills it by id, for the join that places it: 24 bytes.
struct ExportSource: SpillPackable, Sendable {
  static let hasTime: UInt32 = 1
  static let user: UInt32 = 2

  var id: Int64
  /// Its `time` (0 without one).
  var time: Int64
  /// Its name's place in its part's ``ExportSink/sourceKeys``, or (once read) in
  /// ``ExportReading/sourceKeys``.
  var key: Int32
  var flags: UInt32
}

/// A source the export draws, with where: 24 bytes, in start order for the Causes track.
struct ExportSourcePlace: RunRecord {
  var start: Int64
  var id: Int64
  /// Its name's place in ``ExportReading/sourceKeys``.
  var key: Int32
  /// ``ExportSource``'s flags.
  var flags: UInt32

  @inline(__always)
  static func precedes(_ lhs: Self, _ rhs: Self) -> Bool {
    lhs.start != rhs.start ? lhs.start < rhs.start : lhs.id < rhs.id
  }
}

/// A cause from a source without a time, waiting to learn where its target was written (by
/// `to`), then (by `source`, its `start` filled in) for the source's earliest.
struct ExportSourceProbe: SpillPackable, Sendable {
  var to: Int64
  var source: Int64
  var start: Int64
  var key: Int32
  var flags: UInt32
}
