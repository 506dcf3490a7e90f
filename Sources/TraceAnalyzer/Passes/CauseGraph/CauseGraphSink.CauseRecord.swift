extension CauseGraphSink.CauseRecord {
  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  /// Packs each record in two words, its ids, line and time as changes from the previous
  /// record's.
  ///
  /// The words: bits 59-62 the flags, 43-58 the label, 0-42 the time's change; then bits 42-63
  /// the change of `to`, 22-41 that of `from`, 0-21 the line's. A partition of a large trace
  /// holds few of its causes, so consecutive ones can be seconds apart: the time takes the
  /// widest field. Any other record is an escape word and the record whole.
  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    var previous = Self(from: 0, to: 0, line: 0, time: 0, label: 0, flags: 0)
    for record in records {
      let from = PackedWords.change(record.from, from: previous.from)
      let to = PackedWords.change(record.to, from: previous.to)
      let line = PackedWords.change(record.line, from: previous.line)
      let time = PackedWords.change(record.time, from: previous.time)
      previous = record
      if from < 1 << 20 && to < 1 << 22 && line < 1 << 22 && time < 1 << 43 && record.label >= 0
        && record.label < 1 << 16 && record.flags < 1 << 4
      {
        words.write(UInt64(record.flags) << 59 | UInt64(record.label) << 43 | time)
        words.write(to << 42 | from << 22 | line)
      } else {
        words.writeWhole(record)
      }
    }
    return words.count &* 8
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    var record = Self(from: 0, to: 0, line: 0, time: 0, label: 0, flags: 0)
    var unpacked = 0
    while words.count &* 8 < count {
      let first = words.read()
      if first & PackedWords.escape == 0 {
        let second = words.read()
        record.time = PackedWords.value(changing: record.time, by: PackedWords.field(first, 0, 43))
        record.label = Int32(PackedWords.field(first, 43, 16))
        record.flags = UInt32(PackedWords.field(first, 59, 4))
        record.to = PackedWords.value(changing: record.to, by: second >> 42)
        record.from = PackedWords.value(changing: record.from, by: PackedWords.field(second, 22, 20))
        record.line = PackedWords.value(changing: record.line, by: PackedWords.field(second, 0, 22))
      } else {
        record = words.readWhole()
      }
      (records + unpacked).initialize(to: record)
      unpacked &+= 1
    }
    return unpacked
  }
}
