import TraceModel

/// An update or source as the cause-graph joins spill it: 32 bytes, 16 packed.
struct EventRecord: SpillPackable, Sendable {
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

extension EventRecord {
  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  /// Packs each record in two words, its id and time as changes from the previous record's.
  ///
  /// The words: bits 58-62 the flags, 32-57 the node, 0-31 the id's change; then bits 24-63 the
  /// time's change, 0-23 the duration. Any other record is an escape word and the record whole.
  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    let zero = EventRecord(id: 0, time: 0, duration: 0, node: 0, flags: 0)
    return words.pack(records, following: zero) { words, record, previous in
      let idChange = PackedWords.change(record.id, from: previous.id)
      let timeChange = PackedWords.change(record.time, from: previous.time)
      let duration = UInt64(bitPattern: record.duration)
      guard
        idChange < 1 << 32 && timeChange < 1 << 40 && duration < 1 << 24 && record.node < 1 << 26
          && record.flags < 1 << 5
      else { return false }
      words.write(UInt64(record.flags) << 58 | UInt64(record.node) << 32 | idChange)
      words.write(timeChange << 24 | duration)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    let zero = EventRecord(id: 0, time: 0, duration: 0, node: 0, flags: 0)
    return words.unpack(before: count, into: records, following: zero) { words, first, previous in
      let second = words.read()
      return EventRecord(
        id: PackedWords.value(changing: previous.id, by: PackedWords.field(first, 0, 32)),
        time: PackedWords.value(changing: previous.time, by: second >> 24),
        duration: Int64(bitPattern: PackedWords.field(second, 0, 24)),
        node: UInt32(PackedWords.field(first, 32, 26)), flags: UInt32(PackedWords.field(first, 58, 5)))
    }
  }
}
