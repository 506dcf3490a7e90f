/// How the export's spilled records pack (see ``SpillPackable``, and ``SpillRecord`` for why
/// the bytes matter): each as changes from the record before it in its block, in the order the
/// export writes them.

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
/// - any other record is an escape word (bit 63) and the record whole.
extension ExportRecord: SpillPackable {
  static func packedBytes(atMost count: Int) -> Int {
    PackedWords.mostBytes(Self.self, count: count, headerWords: 3)
  }

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
        words.writeWhole(record)
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
        record = words.readWhole()
        start = record.start
        id = record.id
        if record.group != noGroup { group = record.group }
      }
      (records + decoded).initialize(to: record)
      decoded &+= 1
    }
    return decoded
  }
}

/// A cause packs into one word: the export spills causes in file order by their source's id,
/// so `from` and `to` change by little.
///
/// - a record whose label is below 4, `from` change within ±2^28 and `to` change within ±2^31
///   is one word: bits 61-62 the label, 32-60 the zigzag `from` change, 0-31 the zigzag `to`
///   change;
/// - any other record is an escape word (bit 63) and the record whole.
extension ExportCause {
  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    var previous = Self(from: 0, to: 0, label: 0)
    for record in records {
      let from = PackedWords.change(record.from, from: previous.from)
      let to = PackedWords.change(record.to, from: previous.to)
      previous = record
      if UInt64(bitPattern: record.label) < 4 && from < 1 << 29 && to < 1 << 32 {
        words.write(UInt64(record.label) << 61 | from << 32 | to)
      } else {
        words.writeWhole(record)
      }
    }
    return words.count &* 8
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    var record = Self(from: 0, to: 0, label: 0)
    var decoded = 0
    while words.count &* 8 < count {
      let word = words.read()
      if word & PackedWords.escape == 0 {
        record.from = PackedWords.value(changing: record.from, by: PackedWords.field(word, 32, 29))
        record.to = PackedWords.value(changing: record.to, by: PackedWords.field(word, 0, 32))
        record.label = Int64(word >> 61)
      } else {
        record = words.readWhole()
      }
      (records + decoded).initialize(to: record)
      decoded &+= 1
    }
    return decoded
  }
}

/// A place packs into one word: the export spills places in start order by id.
///
/// - a record whose track is below 2^14, id change within ±2^20 and start change within ±2^27
///   ns is one word: bits 49-62 the track, 28-48 the zigzag id change, 0-27 the zigzag start
///   change;
/// - any other record is an escape word (bit 63) and the record whole.
extension ExportPlace {
  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    var previous = Self(id: 0, start: 0, track: 0)
    for record in records {
      let id = PackedWords.change(record.id, from: previous.id)
      let start = PackedWords.change(record.start, from: previous.start)
      previous = record
      if UInt64(bitPattern: record.track) < 1 << 14 && id < 1 << 21 && start < 1 << 28 {
        words.write(UInt64(record.track) << 49 | id << 28 | start)
      } else {
        words.writeWhole(record)
      }
    }
    return words.count &* 8
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    var record = Self(id: 0, start: 0, track: 0)
    var decoded = 0
    while words.count &* 8 < count {
      let word = words.read()
      if word & PackedWords.escape == 0 {
        record.id = PackedWords.value(changing: record.id, by: PackedWords.field(word, 28, 21))
        record.start = PackedWords.value(changing: record.start, by: PackedWords.field(word, 0, 28))
        record.track = Int64(word >> 49)
      } else {
        record = words.readWhole()
      }
      (records + decoded).initialize(to: record)
      decoded &+= 1
    }
    return decoded
  }
}

/// A half flow packs into two words: the flow join spills the causes of one source together,
/// so the source's place repeats and `to` changes by little.
///
/// - a record whose label is below 4, track below 2^20 and `to` change within ±2^40 is two
///   words: bits 61-62 the label, 41-60 the track, 0-40 the zigzag `to` change; then the zigzag
///   change of the source's start;
/// - any other record is an escape word (bit 63) and the record whole.
extension ExportHalfFlow {
  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    var previous = Self(to: 0, fromStart: 0, fromTrack: 0, label: 0)
    for record in records {
      let to = PackedWords.change(record.to, from: previous.to)
      let fromStart = PackedWords.change(record.fromStart, from: previous.fromStart)
      previous = record
      let track = UInt64(bitPattern: record.fromTrack)
      if UInt64(bitPattern: record.label) < 4 && track < 1 << 20 && to < 1 << 41 {
        words.write(UInt64(record.label) << 61 | track << 41 | to)
        words.write(fromStart)
      } else {
        words.writeWhole(record)
      }
    }
    return words.count &* 8
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    var record = Self(to: 0, fromStart: 0, fromTrack: 0, label: 0)
    var decoded = 0
    while words.count &* 8 < count {
      let word = words.read()
      if word & PackedWords.escape == 0 {
        record.to = PackedWords.value(changing: record.to, by: PackedWords.field(word, 0, 41))
        record.fromStart = PackedWords.value(changing: record.fromStart, by: words.read())
        record.fromTrack = Int64(PackedWords.field(word, 41, 20))
        record.label = Int64(word >> 61)
      } else {
        record = words.readWhole()
      }
      (records + decoded).initialize(to: record)
      decoded &+= 1
    }
    return decoded
  }
}

/// A flow packs into two words: the flow join spills flows in the order of their targets'
/// places, so the target's start changes by little.
///
/// - a record whose label is 0 or 1, tracks below 2^15 and target start change within ±2^31
///   ns is two words: bit 62 the label, 47-61 the source's track, 32-46 the target's, 0-31
///   the zigzag change of the target's start; then the zigzag change of the source's start;
/// - any other record is an escape word (bit 63) and the record whole.
extension ExportFlow {
  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    var previous = Self(fromTrack: 0, fromStart: 0, toTrack: 0, toStart: 0, label: 0)
    for record in records {
      let toStart = PackedWords.change(record.toStart, from: previous.toStart)
      let fromStart = PackedWords.change(record.fromStart, from: previous.fromStart)
      previous = record
      if UInt64(bitPattern: record.label) < 2 && UInt64(bitPattern: record.fromTrack) < 1 << 15
        && UInt64(bitPattern: record.toTrack) < 1 << 15 && toStart < 1 << 32
      {
        let tracks = UInt64(record.fromTrack) << 47 | UInt64(record.toTrack) << 32
        words.write(UInt64(record.label) << 62 | tracks | toStart)
        words.write(fromStart)
      } else {
        words.writeWhole(record)
      }
    }
    return words.count &* 8
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    var record = Self(fromTrack: 0, fromStart: 0, toTrack: 0, toStart: 0, label: 0)
    var decoded = 0
    while words.count &* 8 < count {
      let word = words.read()
      if word & PackedWords.escape == 0 {
        record.toStart = PackedWords.value(changing: record.toStart, by: PackedWords.field(word, 0, 32))
        record.fromStart = PackedWords.value(changing: record.fromStart, by: words.read())
        record.toTrack = Int64(PackedWords.field(word, 32, 15))
        record.fromTrack = Int64(PackedWords.field(word, 47, 15))
        record.label = Int64(word >> 62)
      } else {
        record = words.readWhole()
      }
      (records + decoded).initialize(to: record)
      decoded &+= 1
    }
    return decoded
  }
}
