import TraceModel

/// An update or source as the cause-graph joins spill it: 32 bytes.
struct EventRecord: BitwiseCopyable, Sendable {
  static let isUpdate: UInt32 = 1
  /// The event has a time (every update; a source with `time`).
  static let hasTime: UInt32 = 2
  static let skipped: UInt32 = 4
  /// The event's time lies in the inspection range (an update's start, a source's time).
  static let inRange: UInt32 = 8
  /// An update on the main thread.
  static let mainThread: UInt32 = 16

  var id: Int64
  /// An update's start or a source's time (absolute ns; 0 without one).
  var time: Int64
  /// An update's duration (0 for a source).
  var duration: Int64
  /// The node in the part's ``LocalNodeTable`` (or, after a join's first round, the catalog's).
  var node: UInt32
  var flags: UInt32

  /// The record of `update` as node `node`.
  @inline(__always)
  init(_ update: Update, node: Int, inRange: Bool) {
    var flags = Self.isUpdate | Self.hasTime
    if update.skipped { flags |= Self.skipped }
    if update.isMainThread { flags |= Self.mainThread }
    if inRange { flags |= Self.inRange }
    self.init(id: update.id, time: update.start, duration: update.duration, node: UInt32(node), flags: flags)
  }

  /// The record of `source` as node `node`.
  init(_ source: Source, node: Int, inRange: Bool) {
    var flags: UInt32 = source.time == nil ? 0 : Self.hasTime
    if inRange { flags |= Self.inRange }
    self.init(id: source.id, time: source.time ?? 0, duration: 0, node: UInt32(node), flags: flags)
  }

  init(id: Int64, time: Int64, duration: Int64, node: UInt32, flags: UInt32) {
    self.id = id
    self.time = time
    self.duration = duration
    self.node = node
    self.flags = flags
  }

  @inline(__always) func has(_ flag: UInt32) -> Bool { flags & flag != 0 }
}
