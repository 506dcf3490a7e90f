/// The reader's fastest path: an update line whose keys come in the order recorders write.
///
/// That order is the trace format's own example's: `type`, `id`, `kind`, then `view`, `label`
/// and `module` where present, `start`, `duration`, then `thread`, `skipped` and `group` where
/// present. Each key is one compare of constant words (a ``FieldTable/KeyPrediction`` that never
/// changes), each value a plain string or a short integer read by ``PlainBytes``, and each value
/// goes through ``UpdateFields/visit(_:_:)`` with its field known, so the rules are the object
/// scanner's own and fold to the one that applies. Any other line (another order, another key,
/// whitespace, an escape, a value a rule refuses) returns -1 having changed nothing, and takes the
/// object scanner (``JSONLinesParser/scanObject(_:count:into:_:typeEnd:)``), which reads any order.
///
/// Against the scanner's learned predictions it saves, per key, the choice between two predictions
/// and the jump to the field's rule: about a sixth of a summary's instructions on either shape of
/// the benchmark's traces.
extension JSONLinesParser {
  /// Decodes the update at `line`, which opens with ``updateHead``; returns the line's length
  /// (without its `\n`), or -1 for a line not in the recorders' order or not plain.
  ///
  /// The memory contract is the object scanner's: 16 readable bytes after the line, the first of
  /// them `\n` or `0`.
  @inline(__always)
  mutating func orderedUpdate(_ line: UnsafePointer<UInt8>, into update: inout Update) -> Int {
    typealias Keys = UpdateFields.RecorderOrder
    var fields = UpdateFields(base: line)
    fields.present = Field.type.bit
    var index = 16
    guard Self.value(.id, Keys.id, line, &index, &fields) else { return -1 }
    guard Self.value(.kind, Keys.kind, line, &index, &fields) else { return -1 }
    if Keys.view.matches(line + index) {
      guard Self.value(.view, Keys.view, line, &index, &fields) else { return -1 }
    }
    if Keys.label.matches(line + index) {
      guard Self.value(.label, Keys.label, line, &index, &fields) else { return -1 }
    }
    if Keys.module.matches(line + index) {
      guard Self.value(.module, Keys.module, line, &index, &fields) else { return -1 }
    }
    guard Self.value(.start, Keys.start, line, &index, &fields) else { return -1 }
    guard Self.value(.duration, Keys.duration, line, &index, &fields) else { return -1 }
    if Keys.thread.matches(line + index) {
      guard Self.value(.thread, Keys.thread, line, &index, &fields) else { return -1 }
    }
    if Keys.skipped.matches(line + index) {
      guard Self.value(.skipped, Keys.skipped, line, &index, &fields) else { return -1 }
    }
    if Keys.group.matches(line + index) {
      guard Self.value(.group, Keys.group, line, &index, &fields) else { return -1 }
    }
    guard line[index] == UInt8(ascii: "}") else { return -1 }
    index &+= 1
    if line[index] == UInt8(ascii: "\r") { index &+= 1 }
    guard line[index] == UInt8(ascii: "\n") && index < Int(Int32.max) && fields.isComplete else { return -1 }
    // Once inserted, the id would be a duplicate to the object scanner: nothing may give up after.
    guard ids.insert(fields.id) else { return -1 }
    update = makeUpdate(fields)
    return index
  }

  /// Reads `key` and its value at `index`, which it moves past them, into `fields`; false when
  /// the key is not there, the value is not plain or its rule refuses it.
  ///
  /// `key` ends with the value's opening quote for a string field, and its value is read as a
  /// string; any other field's as an integer or a literal.
  @_transparent
  static func value(
    _ field: Field, _ key: FieldTable.KeyPrediction, _ line: UnsafePointer<UInt8>, _ index: inout Int,
    _ fields: inout UpdateFields
  ) -> Bool {
    guard key.matches(line + index) else { return false }
    index &+= key.length
    let start = index
    let value: FieldTable.Value
    if UpdateFields.RecorderOrder.isString(field) {
      let end = PlainBytes.plainEnd(line, from: start)
      guard line[end] == UInt8(ascii: "\"") else { return false }
      value = FieldTable.Value(tag: .string, offset: start &- 1, lower: start, upper: end)
      index = end &+ 1
    } else if field == .skipped {
      // `true` or `false`, as little-endian words.
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
    fields.present |= field.bit
    return fields.visit(field, value) == nil
  }
}
