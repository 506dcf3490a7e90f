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

/// A spilled block of updates packs into about two fifths of its size (see ``SpillRecord`` for
/// why the bytes matter): a record sorted after the one before it changes its start, id and
/// group by little.
///
/// - a block starts with the first record's start, id and group (three words; a group of 0 for
///   none);
/// - a record whose flags are the skipped and main-thread ones, duration below 2^26 ns, start
///   change within ±2^34 ns, key below 2^22, id change within ±2^19 and group change (from the
///   last record's with a group) within ±2^20 is two words: bit 62 skipped, 61 the main thread,
///   35-60 the duration, 0-34 the zigzag start change; then bits 42-63 the key, 22-41 the
///   zigzag id change, 21 no group, 0-20 the zigzag group change;
/// - any other record is an escape word (bit 63) followed by its start, duration, id and group,
///   and its key and flags in one word.
extension ExportRecord: SpillPackable {
  static func packedBytes(atMost count: Int) -> Int { 24 &+ count &* 48 }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    var start = records.first?.start ?? 0
    var id = records.first?.id ?? 0
    var group = records.first.map { $0.group == noGroup ? 0 : $0.group } ?? 0
    words.write(UInt64(bitPattern: start))
    words.write(UInt64(bitPattern: id))
    words.write(UInt64(bitPattern: group))
    for record in records {
      let startChange = PackedWords.change(record.start, from: start)
      let idChange = PackedWords.change(record.id, from: id)
      let hasGroup = record.group != noGroup
      let groupChange = hasGroup ? PackedWords.change(record.group, from: group) : 0
      let duration = UInt64(bitPattern: record.duration)
      let key = UInt64(UInt32(bitPattern: record.key))
      start = record.start
      id = record.id
      if hasGroup { group = record.group }
      if record.flags & ~(skippedFlag | mainThreadFlag) == 0 && duration < 1 << 26 && startChange < 1 << 35
        && key < 1 << 22 && idChange < 1 << 20 && groupChange < 1 << 21
      {
        words.write(UInt64(record.flags) << 61 | duration << 35 | startChange)
        words.write(key << 42 | idChange << 22 | (hasGroup ? 0 : 1 << 21) | groupChange)
      } else {
        words.write(PackedWords.escape)
        words.write(UInt64(bitPattern: record.start))
        words.write(duration)
        words.write(UInt64(bitPattern: record.id))
        words.write(UInt64(bitPattern: record.group))
        words.write(key << 32 | UInt64(record.flags))
      }
    }
    return words.count &* 8
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    guard count >= 24 else { return 0 }
    var start = Int64(bitPattern: words.read())
    var id = Int64(bitPattern: words.read())
    var group = Int64(bitPattern: words.read())
    var decoded = 0
    while words.count &* 8 < count {
      let word = words.read()
      let record: ExportRecord
      if word & PackedWords.escape == 0 {
        let second = words.read()
        start = PackedWords.value(changing: start, by: PackedWords.field(word, 0, 35))
        id = PackedWords.value(changing: id, by: PackedWords.field(second, 22, 20))
        let hasGroup = second & 1 << 21 == 0
        if hasGroup { group = PackedWords.value(changing: group, by: PackedWords.field(second, 0, 21)) }
        record = ExportRecord(
          start: start, duration: Int64(bitPattern: PackedWords.field(word, 35, 26)), id: id,
          group: hasGroup ? group : noGroup, key: Int32(truncatingIfNeeded: second >> 42),
          flags: UInt32(truncatingIfNeeded: word >> 61 & 3))
      } else {
        start = Int64(bitPattern: words.read())
        let duration = Int64(bitPattern: words.read())
        id = Int64(bitPattern: words.read())
        let recordGroup = Int64(bitPattern: words.read())
        if recordGroup != noGroup { group = recordGroup }
        let last = words.read()
        record = ExportRecord(
          start: start, duration: duration, id: id, group: recordGroup,
          key: Int32(bitPattern: UInt32(truncatingIfNeeded: last >> 32)),
          flags: UInt32(truncatingIfNeeded: last))
      }
      (records + decoded).initialize(to: record)
      decoded &+= 1
    }
    return decoded
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
