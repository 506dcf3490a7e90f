/// The reader's fastest paths: update and cause lines whose keys come in the order recorders
/// write them (``RecorderOrder``).
///
/// For an update that is `type`, `id`, `kind`, then `view`, `label` and `module` where present,
/// `start`, `duration`, then `thread`, `skipped` and `group` where present; for a cause `type`,
/// `from`, `to`, then `label`, `time`, `changed` and `valueType` where present: the trace
/// format's own examples. Each key is one compare of constant words, each value a plain string,
/// a short integer or a literal read by ``PlainBytes``, and each value goes through the event's
/// `visit` with its field known, so the rules are the object scanner's own and fold to the one
/// that applies. Any other line (another order, another key, whitespace, an escape, a value a
/// rule refuses) returns -1 having changed nothing, and takes the object scanner
/// (``JSONLinesParser/scanObject(_:count:into:_:typeEnd:)``), which reads any order.
///
/// Against the object scanner's learned predictions it saves, per key, the choice between two
/// predictions and the jump to the field's rule.
///
/// The memory contract is the object scanner's: 16 readable bytes after the line, the first of
/// them `\n` or `0`.
extension JSONLinesParser {
  /// Decodes the update at `line`, which opens with ``updateHead``; returns the line's length
  /// (without its `\n`), or -1 for a line not in the recorders' order or not plain.
  @inline(__always)
  mutating func orderedUpdate(_ line: UnsafePointer<UInt8>, into update: inout Update) -> Int {
    assert(Self.lineHead(line) == Self.updateHead, "the caller matches the head")
    typealias Keys = RecorderOrder
    var fields = UpdateFields(base: line)
    fields.present = Field.type.bit
    // After `{"type":"update"`.
    var index = 16
    guard Self.value(Keys.id, line, &index, &fields), Self.value(Keys.kind, line, &index, &fields) else {
      return -1
    }
    // (Straight-line code: the optional keys are tried one by one, in order.)
    guard Self.optionalValue(Keys.view, line, &index, &fields),
      Self.optionalValue(Keys.label, line, &index, &fields),
      Self.optionalValue(Keys.module, line, &index, &fields)
    else { return -1 }
    guard Self.value(Keys.start, line, &index, &fields), Self.value(Keys.duration, line, &index, &fields)
    else { return -1 }
    guard Self.optionalValue(Keys.thread, line, &index, &fields),
      Self.optionalValue(Keys.skipped, line, &index, &fields),
      Self.optionalValue(Keys.group, line, &index, &fields)
    else { return -1 }
    guard Self.objectEnd(line, &index) && fields.isComplete else { return -1 }
    // Once inserted, the id would be a duplicate to the object scanner: nothing may give up after.
    guard ids.insert(fields.id) else { return -1 }
    update = makeUpdate(fields)
    return index
  }

  /// Decodes the cause at `line`, which opens with ``causeHead``; returns the line's length
  /// (without its `\n`), or -1 for a line not in the recorders' order or not plain.
  @inline(__always)
  mutating func orderedCause(_ line: UnsafePointer<UInt8>, into cause: inout Cause) -> Int {
    assert(Self.lineHead(line) == Self.causeHead, "the caller matches the head")
    typealias Keys = RecorderOrder
    var fields = CauseFields(base: line)
    fields.present = Field.type.bit
    // At the `,` that ends `{"type":"cause",`.
    var index = 15
    guard Self.value(Keys.from, line, &index, &fields), Self.value(Keys.to, line, &index, &fields) else {
      return -1
    }
    guard Self.optionalValue(Keys.label, line, &index, &fields),
      Self.optionalValue(Keys.time, line, &index, &fields),
      Self.optionalValue(Keys.changed, line, &index, &fields),
      Self.optionalValue(Keys.valueType, line, &index, &fields)
    else { return -1 }
    guard Self.objectEnd(line, &index) && fields.isComplete else { return -1 }
    cause = fields.cause(in: &self)
    return index
  }

  /// Reads `key` and its value at `index`, which it moves past them, into `fields`; false when
  /// the key is not there, the value is not plain or its rule refuses it.
  ///
  /// A string field's key ends with the value's opening quote, and its value is read as a plain
  /// string; `skipped`'s as a literal; any other's as an integer.
  @_transparent
  static func value<Fields: FieldVisitor>(
    _ key: FieldTable.KeyPrediction, _ line: UnsafePointer<UInt8>, _ index: inout Int, _ fields: inout Fields
  ) -> Bool {
    guard key.matches(line + index) else { return false }
    index &+= key.length
    let start = index
    let value: FieldTable.Value
    if RecorderOrder.isString(key.field) {
      let end = PlainBytes.plainEnd(line, from: start)
      guard line[end] == UInt8(ascii: "\"") else { return false }
      value = FieldTable.Value(tag: .string, offset: start &- 1, lower: start, upper: end)
      index = end &+ 1
    } else if key.field == .skipped {
      // `true` or `false`, as ``PlainBytes/literal(_:at:)`` spells them. Compared here rather
      // than through it (or through a helper that returns a `Bool?`): either way the compiler
      // lays the whole line out worse (Scripts/bench/README.md, "Measures behind the code").
      let word = UnsafeRawPointer(line + start).loadUnaligned(as: UInt32.self)
      if word == 0x6575_7274 {
        value = FieldTable.Value(tag: .bool, offset: start, integer: 1)
        index &+= 4
      } else if word == 0x736C_6166 && line[start &+ 4] == UInt8(ascii: "e") {
        value = FieldTable.Value(tag: .bool, offset: start, integer: 0)
        index &+= 5
      } else {
        return false
      }
    } else {
      // A fraction or an exponent after the digits fails the next key's compare.
      guard let integer = PlainBytes.integer(line, at: &index) else { return false }
      value = FieldTable.Value(tag: .integer, offset: start, integer: integer)
    }
    fields.present |= key.field.bit
    return fields.visit(key.field, value) == nil
  }

  /// Reads `key` and its value as ``value(_:_:_:_:)`` does, if the key is there; true when it
  /// is not.
  @_transparent
  static func optionalValue<Fields: FieldVisitor>(
    _ key: FieldTable.KeyPrediction, _ line: UnsafePointer<UInt8>, _ index: inout Int, _ fields: inout Fields
  ) -> Bool {
    !key.matches(line + index) || value(key, line, &index, &fields)
  }

  /// Whether the object ends at `index` and the line right after it (a `\r` may come between);
  /// moves `index` to the `\n`.
  @_transparent
  static func objectEnd(_ line: UnsafePointer<UInt8>, _ index: inout Int) -> Bool {
    guard line[index] == UInt8(ascii: "}") else { return false }
    index &+= 1
    return PlainBytes.lineEnds(line, at: &index)
  }
}
