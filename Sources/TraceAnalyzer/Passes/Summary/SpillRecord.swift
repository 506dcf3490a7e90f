/// One finished update, as the second phase of the analysis needs it: 16 bytes.
struct SpillRecord: SpillPackable, Sendable {
  /// Group index (21 bits; at most ``groupLimit`` views) | main thread (1 bit) | duration (42 bits).
  static let groupLimit = 1 << 16

  var start: Int64
  var packed: UInt64

  @inline(__always)
  init(start: Int64, group: Int, isMainThread: Bool, duration: Int64) {
    self.start = start
    packed = UInt64(group) << 43 | (isMainThread ? 1 << 42 : 0) | UInt64(duration)
  }

  /// A record from its two words as stored.
  @inline(__always)
  init(start: Int64, packed: UInt64) {
    self.start = start
    self.packed = packed
  }

  @inline(__always) var group: Int { Int(packed >> 43) }
  @inline(__always) var isMainThread: Bool { packed & (1 << 42) != 0 }
  @inline(__always) var duration: Int64 { Int64(packed & ((1 << 42) - 1)) }
}

/// A chunk of records packs into about half its size for the spill file.
///
/// Writing the spill is most of the kernel's share of a summary: the page cache takes fresh
/// pages for it, and on virtual machines a fresh page costs about as much as its copy. So a
/// record is stored as the change of its start from the previous record's, which recorders keep
/// small (they write updates in about time order), with its duration, group and thread in one
/// word:
///
/// - a chunk starts with the first record's start (a word);
/// - a record whose group is below 2^15, start change within ±2^22 ns and duration below 2^24 ns
///   is one word: bit 62 the main thread, bits 47-61 the group, 24-46 the zigzag start change,
///   0-23 the duration;
/// - any other record is an escape word (bit 63) and the record whole.
extension SpillRecord {
  static func packedBytes(atMost count: Int) -> Int {
    PackedWords.mostBytes(Self.self, count: count, headerWords: 1)
  }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    let first = records.first?.start ?? 0
    words.write(UInt64(bitPattern: first))
    return words.pack(records, following: SpillRecord(start: first, packed: 0)) { words, record, previous in
      let zigzag = PackedWords.change(record.start, from: previous.start)
      let duration = UInt64(bitPattern: record.duration)
      let group = UInt64(truncatingIfNeeded: record.group)
      guard zigzag < 1 << 23 && duration < 1 << 24 && group < 1 << 15 else { return false }
      words.write((record.isMainThread ? 1 << 62 : 0) | group << 47 | zigzag << 24 | duration)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    guard count >= 8 else { return 0 }
    let first = SpillRecord(start: Int64(bitPattern: words.read()), packed: 0)
    return words.unpack(before: count, into: records, following: first) { _, word, previous in
      SpillRecord(
        start: PackedWords.value(changing: previous.start, by: PackedWords.field(word, 24, 23)),
        group: Int(truncatingIfNeeded: PackedWords.field(word, 47, 15)), isMainThread: word & 1 << 62 != 0,
        duration: Int64(bitPattern: PackedWords.field(word, 0, 24)))
    }
  }
}
