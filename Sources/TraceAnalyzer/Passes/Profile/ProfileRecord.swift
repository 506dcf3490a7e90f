/// An update or a sample as the attribution sweep takes them: 32 bytes, sorted by time.
///
/// Updates come before samples of the same time (an update holds a sample at its start), and
/// among updates of one start the outer (longer, then larger id) comes first, so each update
/// follows every update it nests in.
struct ProfileRecord: RunRecord {
  /// An update's start or a sample's time.
  var time: Int64
  /// An update's duration or a sample's weight.
  var length: Int64
  /// An update's id or a sample's stack (its index in the part's ``StackTable``).
  var id: Int64
  /// The part's thread index (0: the main thread).
  var thread: UInt32
  /// The update's group in the part's summary; ``sampleGroup`` for a sample.
  var group: UInt32

  static let sampleGroup = UInt32.max

  var isSample: Bool { group == Self.sampleGroup }

  @inline(__always)
  static func precedes(_ a: Self, _ b: Self) -> Bool {
    if a.time != b.time { return a.time < b.time }
    if a.isSample != b.isSample { return !a.isSample }
    if a.length != b.length { return a.length > b.length }
    if a.id != b.id { return a.id > b.id }
    return (a.thread, a.group) < (b.thread, b.group)
  }
}

/// The hitches' evidence spills them in file order, packed as the summary's spill is (see
/// ``SpillRecord``): the time as the change from the record before it.
///
/// - a chunk starts with the first record's time (a word);
/// - a main-thread record whose group is below 2^15 (or a sample), time change within ±2^22 ns
///   and length below 2^24 ns is two words: bit 62 a sample, bits 47-61 the group, 24-46 the
///   zigzag time change, 0-23 the length; then the id;
/// - any other record is an escape word (bit 63) and the record whole.
extension ProfileRecord: SpillPackable {
  static func packedBytes(atMost count: Int) -> Int {
    PackedWords.mostBytes(Self.self, count: count, headerWords: 1)
  }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    let first = ProfileRecord(time: records.first?.time ?? 0, length: 0, id: 0, thread: 0, group: 0)
    words.write(UInt64(bitPattern: first.time))
    return words.pack(records, following: first) { words, record, previous in
      let zigzag = PackedWords.change(record.time, from: previous.time)
      let length = UInt64(bitPattern: record.length)
      guard
        record.thread == 0 && zigzag < 1 << 23 && length < 1 << 24
          && (record.isSample || record.group < 1 << 15)
      else { return false }
      let group = record.isSample ? 0 : UInt64(record.group)
      words.write((record.isSample ? 1 << 62 : 0) | group << 47 | zigzag << 24 | length)
      words.write(UInt64(bitPattern: record.id))
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    guard count >= 8 else { return 0 }
    let first = ProfileRecord(time: Int64(bitPattern: words.read()), length: 0, id: 0, thread: 0, group: 0)
    return words.unpack(before: count, into: records, following: first) { words, word, previous in
      ProfileRecord(
        time: PackedWords.value(changing: previous.time, by: PackedWords.field(word, 24, 23)),
        length: Int64(bitPattern: PackedWords.field(word, 0, 24)), id: Int64(bitPattern: words.read()),
        thread: 0,
        group: word & 1 << 62 != 0 ? sampleGroup : UInt32(truncatingIfNeeded: PackedWords.field(word, 47, 15))
      )
    }
  }
}
