// How the export's spilled records pack (see ``SpillPackable``, and ``SpillRecord`` for why the
// bytes matter): each as changes from the record before it in its block, in the order the export
// writes them.

/// A spilled block of updates packs into about two fifths of its size.
///
/// A record sorted after the one before it changes its start, id and group by little:
///
/// - a block starts with the first record's start, id and group (three words; a group of 0 for
///   none);
/// - a record whose flags are the skipped and main-thread ones, duration below 2^26 ns, start
///   change within ±2^34 ns, key below 2^22, id change within ±2^19 and group change (from the
///   last record's with a group) within ±2^20 is two words: bit 61 skipped, 62 the main thread,
///   35-60 the duration, 0-34 the zigzag start change; then bits 42-63 the key, 22-41 the
///   zigzag id change, 21 no group, 0-20 the zigzag group change;
/// - any other record is an escape word (bit 63) and the record whole.
extension ExportRecord: SpillPackable {
  static func packedBytes(atMost count: Int) -> Int {
    PackedWords.mostBytes(Self.self, count: count, headerWords: 3)
  }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    let first = records.first ?? ExportRecord(start: 0, duration: 0, id: 0, group: 0, key: 0, flags: 0)
    // The group of the last record with one (of none, 0).
    var group = first.group == noGroup ? 0 : first.group
    words.write(UInt64(bitPattern: first.start))
    words.write(UInt64(bitPattern: first.id))
    words.write(UInt64(bitPattern: group))
    return words.pack(records, following: first) { words, record, previous in
      let startChange = PackedWords.change(record.start, from: previous.start)
      let idChange = PackedWords.change(record.id, from: previous.id)
      let hasGroup = record.group != noGroup
      let groupChange = hasGroup ? PackedWords.change(record.group, from: group) : 0
      let duration = UInt64(bitPattern: record.duration)
      let key = UInt64(UInt32(bitPattern: record.key))
      if hasGroup { group = record.group }
      guard
        record.flags & ~(skippedFlag | mainThreadFlag) == 0 && duration < 1 << 26 && startChange < 1 << 35
          && key < 1 << 22 && idChange < 1 << 20 && groupChange < 1 << 21
      else { return false }
      words.write(UInt64(record.flags) << 61 | duration << 35 | startChange)
      words.write(key << 42 | idChange << 22 | (hasGroup ? 0 : 1 << 21) | groupChange)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    guard count >= 24 else { return 0 }
    let start = Int64(bitPattern: words.read())
    let id = Int64(bitPattern: words.read())
    var group = Int64(bitPattern: words.read())
    let first = ExportRecord(start: start, duration: 0, id: id, group: group, key: 0, flags: 0)
    return words.unpack(before: count, into: records, following: first) { record in
      if record.group != noGroup { group = record.group }
    } _: { words, word, previous in
      let second = words.read()
      let hasGroup = second & 1 << 21 == 0
      if hasGroup { group = PackedWords.value(changing: group, by: PackedWords.field(second, 0, 21)) }
      return ExportRecord(
        start: PackedWords.value(changing: previous.start, by: PackedWords.field(word, 0, 35)),
        duration: Int64(bitPattern: PackedWords.field(word, 35, 26)),
        id: PackedWords.value(changing: previous.id, by: PackedWords.field(second, 22, 20)),
        group: hasGroup ? group : noGroup, key: Int32(truncatingIfNeeded: second >> 42),
        flags: UInt32(truncatingIfNeeded: word >> 61 & 3))
    }
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
    return words.pack(records, following: Self(from: 0, to: 0, label: 0)) { words, record, previous in
      let from = PackedWords.change(record.from, from: previous.from)
      let to = PackedWords.change(record.to, from: previous.to)
      guard UInt64(bitPattern: record.label) < 4 && from < 1 << 29 && to < 1 << 32 else { return false }
      words.write(UInt64(record.label) << 61 | from << 32 | to)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    return words.unpack(before: count, into: records, following: Self(from: 0, to: 0, label: 0)) {
      _, word, previous in
      Self(
        from: PackedWords.value(changing: previous.from, by: PackedWords.field(word, 32, 29)),
        to: PackedWords.value(changing: previous.to, by: PackedWords.field(word, 0, 32)),
        label: Int64(word >> 61))
    }
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
    return words.pack(records, following: Self(id: 0, start: 0, track: 0)) { words, record, previous in
      let id = PackedWords.change(record.id, from: previous.id)
      let start = PackedWords.change(record.start, from: previous.start)
      guard UInt64(bitPattern: record.track) < 1 << 14 && id < 1 << 21 && start < 1 << 28 else {
        return false
      }
      words.write(UInt64(record.track) << 49 | id << 28 | start)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    return words.unpack(before: count, into: records, following: Self(id: 0, start: 0, track: 0)) {
      _, word, previous in
      Self(
        id: PackedWords.value(changing: previous.id, by: PackedWords.field(word, 28, 21)),
        start: PackedWords.value(changing: previous.start, by: PackedWords.field(word, 0, 28)),
        track: Int64(word >> 49))
    }
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
    let zero = Self(to: 0, fromStart: 0, fromTrack: 0, label: 0)
    return words.pack(records, following: zero) { words, record, previous in
      let to = PackedWords.change(record.to, from: previous.to)
      let track = UInt64(bitPattern: record.fromTrack)
      guard UInt64(bitPattern: record.label) < 4 && track < 1 << 20 && to < 1 << 41 else { return false }
      words.write(UInt64(record.label) << 61 | track << 41 | to)
      words.write(PackedWords.change(record.fromStart, from: previous.fromStart))
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    let zero = Self(to: 0, fromStart: 0, fromTrack: 0, label: 0)
    return words.unpack(before: count, into: records, following: zero) { words, word, previous in
      Self(
        to: PackedWords.value(changing: previous.to, by: PackedWords.field(word, 0, 41)),
        fromStart: PackedWords.value(changing: previous.fromStart, by: words.read()),
        fromTrack: Int64(PackedWords.field(word, 41, 20)), label: Int64(word >> 61))
    }
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
    let zero = Self(fromTrack: 0, fromStart: 0, toTrack: 0, toStart: 0, label: 0)
    return words.pack(records, following: zero) { words, record, previous in
      let toStart = PackedWords.change(record.toStart, from: previous.toStart)
      guard
        UInt64(bitPattern: record.label) < 2 && UInt64(bitPattern: record.fromTrack) < 1 << 15
          && UInt64(bitPattern: record.toTrack) < 1 << 15 && toStart < 1 << 32
      else { return false }
      let tracks = UInt64(record.fromTrack) << 47 | UInt64(record.toTrack) << 32
      words.write(UInt64(record.label) << 62 | tracks | toStart)
      words.write(PackedWords.change(record.fromStart, from: previous.fromStart))
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    let zero = Self(fromTrack: 0, fromStart: 0, toTrack: 0, toStart: 0, label: 0)
    return words.unpack(before: count, into: records, following: zero) { words, word, previous in
      Self(
        fromTrack: Int64(PackedWords.field(word, 47, 15)),
        fromStart: PackedWords.value(changing: previous.fromStart, by: words.read()),
        toTrack: Int64(PackedWords.field(word, 32, 15)),
        toStart: PackedWords.value(changing: previous.toStart, by: PackedWords.field(word, 0, 32)),
        label: Int64(word >> 62))
    }
  }
}
