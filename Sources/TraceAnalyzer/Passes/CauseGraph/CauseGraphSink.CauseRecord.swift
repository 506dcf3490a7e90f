extension CauseGraphSink.CauseRecord {
  static func packedBytes(atMost count: Int) -> Int { PackedWords.mostBytes(Self.self, count: count) }

  /// Packs each record in two words, its ids, line and time as changes from the previous
  /// record's.
  ///
  /// The words: bits 57-62 the flags, 41-56 the label, 0-40 the time's change; then bits 42-63
  /// the change of `to`, 22-41 that of `from`, 0-21 the line's. Any other record is an escape
  /// word and the record whole.
  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    let zero = Self(from: 0, to: 0, line: 0, time: 0, label: 0, flags: 0)
    return words.pack(records, following: zero) { words, record, previous in
      let from = PackedWords.change(record.from, from: previous.from)
      let to = PackedWords.change(record.to, from: previous.to)
      let line = PackedWords.change(record.line, from: previous.line)
      // A partition of a large trace holds few of its causes, seconds apart: the time takes the
      // widest field. A window read flags every cause (``windowed``): six bits of flags.
      let time = PackedWords.change(record.time, from: previous.time)
      guard
        from < 1 << 20 && to < 1 << 22 && line < 1 << 22 && time < 1 << 41 && record.label >= 0
          && record.label < 1 << 16 && record.flags < 1 << 6
      else { return false }
      words.write(UInt64(record.flags) << 57 | UInt64(record.label) << 41 | time)
      words.write(to << 42 | from << 22 | line)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    let zero = Self(from: 0, to: 0, line: 0, time: 0, label: 0, flags: 0)
    return words.unpack(before: count, into: records, following: zero) { words, first, previous in
      let second = words.read()
      return Self(
        from: PackedWords.value(changing: previous.from, by: PackedWords.field(second, 22, 20)),
        to: PackedWords.value(changing: previous.to, by: second >> 42),
        line: PackedWords.value(changing: previous.line, by: PackedWords.field(second, 0, 22)),
        time: PackedWords.value(changing: previous.time, by: PackedWords.field(first, 0, 41)),
        label: Int32(PackedWords.field(first, 41, 16)), flags: UInt32(PackedWords.field(first, 57, 6)))
    }
  }
}

extension CauseGraphSink.CauseRecord {
  /// Where a cause falls for the graph.
  enum Placement {
    case counted
    /// Its time, or its target's, lies outside the range.
    case outOfRange
    /// Kept by its target's time, which there is none of.
    case unplaced
  }

  /// Where this cause falls, with `target` the event its `to` names (nil: none defines it).
  @inline(__always)
  func placement(target: EventRecord?) -> Placement {
    if flags & Self.windowed != 0 {
      if let target, target.has(EventRecord.isUpdate) {
        return target.has(EventRecord.inRange) ? .counted : .outOfRange
      }
      if flags & Self.timeInWindow != 0 { return .counted }
      return flags & Self.hasTime != 0 ? .outOfRange : .unplaced
    }
    if flags & Self.needsTarget != 0 {
      guard let target, target.has(EventRecord.hasTime) else { return .unplaced }
      return target.has(EventRecord.inRange) ? .counted : .outOfRange
    }
    return .counted
  }
}
