/// A record that a ``PartitionedSpill`` or ``SortedRuns`` packs when a block leaves memory: by
/// default its bytes as they are.
///
/// Records that recorders write in about id and time order pack their ids and times as changes
/// from the previous record's, in fewer words (see ``SpillRecord`` for why the bytes matter).
protocol SpillPackable: BitwiseCopyable {
  /// The most bytes `count` records pack into.
  static func packedBytes(atMost count: Int) -> Int
  /// Packs `records` at `output` (room for ``packedBytes(atMost:)``); returns the bytes written.
  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int
  /// Unpacks the `count` bytes at `input`, written by ``pack(_:into:)``, into `records`;
  /// returns the number of records.
  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int
}

extension SpillPackable {
  static func packedBytes(atMost count: Int) -> Int { count * MemoryLayout<Self>.stride }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    let bytes = UnsafeRawBufferPointer(records)
    if let base = bytes.baseAddress { output.copyMemory(from: base, byteCount: bytes.count) }
    return bytes.count
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    UnsafeMutableRawPointer(records).copyMemory(from: input, byteCount: count)
    return count / MemoryLayout<Self>.stride
  }
}

/// Writes and reads the words of packed records (see ``SpillPackable``).
struct PackedWords {
  let base: UnsafeMutableRawPointer
  /// Words written or read so far.
  var count = 0

  /// The word that marks a record stored whole, its bytes following (``writeWhole(_:)``).
  static var escape: UInt64 { 1 << 63 }

  init(_ base: UnsafeMutableRawPointer) { self.base = base }

  @inline(__always)
  mutating func write(_ word: UInt64) {
    base.storeBytes(of: word, toByteOffset: count &* 8, as: UInt64.self)
    count &+= 1
  }

  @inline(__always)
  mutating func read() -> UInt64 {
    defer { count &+= 1 }
    return base.loadUnaligned(fromByteOffset: count &* 8, as: UInt64.self)
  }

  /// The bytes `count` records of `Record` take written whole, after `headerWords` words.
  ///
  /// No packing writes more: a record's short form is never longer than it written whole.
  static func mostBytes<Record: BitwiseCopyable>(_: Record.Type, count: Int, headerWords: Int = 0) -> Int {
    (headerWords &+ count &* (1 &+ wholeWords(Record.self))) &* 8
  }

  /// The words a record written whole takes after its escape word.
  @inline(__always)
  static func wholeWords<Record: BitwiseCopyable>(_: Record.Type) -> Int {
    (MemoryLayout<Record>.size &+ 7) / 8
  }

  /// Writes the escape word, then `record`'s bytes as they are (the last word zero-padded).
  @inline(__always)
  mutating func writeWhole<Record: BitwiseCopyable>(_ record: Record) {
    write(Self.escape)
    let words = Self.wholeWords(Record.self)
    let at = base + count &* 8
    at.storeBytes(of: 0, toByteOffset: (words &- 1) &* 8, as: UInt64.self)
    withUnsafeBytes(of: record) { at.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    count &+= words
  }

  /// Reads a record that ``writeWhole(_:)`` wrote, its escape word read.
  @inline(__always)
  mutating func readWhole<Record: BitwiseCopyable>() -> Record {
    defer { count &+= Self.wholeWords(Record.self) }
    return UnsafeRawPointer(base + count &* 8).loadUnaligned(as: Record.self)
  }

  /// Packs `records` after the words written so far; returns the bytes written in all.
  ///
  /// `short` writes a record's short form, given the record and the one before it (`first`
  /// before the first), or returns false having written nothing: the record is written whole.
  @inline(__always)
  mutating func pack<Record: BitwiseCopyable>(
    _ records: UnsafeBufferPointer<Record>, following first: Record,
    _ short: (inout Self, Record, Record) -> Bool
  ) -> Int {
    var previous = first
    for record in records {
      if !short(&self, record, previous) { writeWhole(record) }
      previous = record
    }
    return count &* 8
  }

  /// Unpacks the records before byte `end` into `records`; returns their number.
  ///
  /// `short` makes a record of a short form from its first word and the record before it
  /// (`first` before the first), reading any other words; `whole` is given each record read
  /// whole.
  @inline(__always)
  mutating func unpack<Record: BitwiseCopyable>(
    before end: Int, into records: UnsafeMutablePointer<Record>, following first: Record,
    whole: (Record) -> Void = { _ in }, _ short: (inout Self, UInt64, Record) -> Record
  ) -> Int {
    var previous = first
    var decoded = 0
    while count &* 8 < end {
      let word = read()
      if word & Self.escape == 0 {
        previous = short(&self, word, previous)
      } else {
        previous = readWhole()
        whole(previous)
      }
      (records + decoded).initialize(to: previous)
      decoded &+= 1
    }
    return decoded
  }

  /// `value - previous`, zigzag-coded (small changes either way give small numbers).
  @inline(__always)
  static func change(_ value: Int64, from previous: Int64) -> UInt64 {
    let change = value &- previous
    return UInt64(bitPattern: change &<< 1 ^ change >> 63)
  }

  /// The value `zigzag` (a ``change(_:from:)``) moves `previous` to.
  @inline(__always)
  static func value(changing previous: Int64, by zigzag: UInt64) -> Int64 {
    previous &+ (Int64(bitPattern: zigzag >> 1) ^ (0 &- Int64(bitPattern: zigzag & 1)))
  }

  /// The low `bits` bits of `word >> shift`.
  @inline(__always)
  static func field(_ word: UInt64, _ shift: UInt64, _ bits: UInt64) -> UInt64 {
    word >> shift & (1 << bits &- 1)
  }
}
