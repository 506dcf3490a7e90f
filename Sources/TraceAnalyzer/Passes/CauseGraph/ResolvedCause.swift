import TraceModel

/// One counted cause with both ends resolved to nodes and its target's timing: 48 bytes.
///
/// The join of ``CauseGraphBuilder`` writes these for the rules that look at causes one by one
/// (``FindingsBuilder``); nodes are the join's catalog indices.
struct ResolvedCause: SpillPackable, Sendable {
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

extension ResolvedCause {
  init(edge: UInt32, to: UInt32, flags: UInt32, target: Int64, start: Int64, duration: Int64, time: Int64) {
    self.edge = edge
    self.to = to
    self.flags = flags
    self.target = target
    self.start = start
    self.duration = duration
    self.time = time
  }

  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  /// Packs each record in three words, its target and start as changes from the previous
  /// record's, its time as its difference from the start (a cause's time is about its
  /// target's start).
  ///
  /// The words: bits 57-62 the flags, 28-56 the edge, 0-27 the node; then bits 24-63 the
  /// target's change, 0-23 the duration; then bits 28-63 the start's change, 0-27 the time's
  /// zigzag difference from the start (0 without a time). Any other record is an escape word
  /// and the record whole.
  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    let zero = Self(edge: 0, to: 0, flags: 0, target: 0, start: 0, duration: 0, time: 0)
    return words.pack(records, following: zero) { words, record, previous in
      // A partition of a large trace holds few of its causes, seconds apart; a cause's time may
      // lie a few frames before its target's start.
      let target = PackedWords.change(record.target, from: previous.target)
      let start = PackedWords.change(record.start, from: previous.start)
      let timed = record.has(Self.hasTime)
      let time = timed ? PackedWords.change(record.time, from: record.start) : 0
      let duration = UInt64(bitPattern: record.duration)
      guard
        record.flags < 1 << 6 && record.edge < 1 << 29 && record.to < 1 << 28 && target < 1 << 40
          && duration < 1 << 24 && start < 1 << 36 && time < 1 << 28 && (timed || record.time == 0)
      else { return false }
      words.write(UInt64(record.flags) << 57 | UInt64(record.edge) << 28 | UInt64(record.to))
      words.write(target << 24 | duration)
      words.write(start << 28 | time)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    let zero = Self(edge: 0, to: 0, flags: 0, target: 0, start: 0, duration: 0, time: 0)
    return words.unpack(before: count, into: records, following: zero) { words, first, previous in
      let second = words.read()
      let third = words.read()
      let flags = UInt32(PackedWords.field(first, 57, 6))
      let start = PackedWords.value(changing: previous.start, by: third >> 28)
      let time = PackedWords.field(third, 0, 28)
      return Self(
        edge: UInt32(PackedWords.field(first, 28, 29)), to: UInt32(PackedWords.field(first, 0, 28)),
        flags: flags, target: PackedWords.value(changing: previous.target, by: second >> 24), start: start,
        duration: Int64(bitPattern: PackedWords.field(second, 0, 24)),
        time: flags & Self.hasTime != 0 ? PackedWords.value(changing: start, by: time) : 0)
    }
  }
}
