/// The fast path for lines in the shape recorders write.
///
/// A *plain* line is an object without whitespace between tokens whose keys are ASCII without
/// escapes. Its values are read here when they are ASCII strings without escapes, integers of
/// at most 15 digits, `true`, `false` or `null`; any other value (escapes, non-ASCII strings,
/// fractions, exponents, longer numbers, arrays, objects) is read by the strict scanner's own
/// routines (``JSONLinesParser/strictValue(_:count:at:)``). Either way the values are exactly
/// the ones ``JSONLinesParser/scanObject(_:)`` would find.
///
/// Anything else (whitespace, escaped keys, malformed JSON) makes the scan give up, and
/// the caller scans the line again with the general, strict scanner, which reports errors with
/// their columns. So this code never produces an error; it only has to accept a subset of what
/// the general scanner accepts, with the same result.
///
/// Memory contract (the readers' padding): the 16 bytes after the line are readable and the
/// byte right after it is `\n` or `0`. Loads of eight bytes may run into them; since neither is
/// a token byte, every scan stops there and the line is handed to the general scanner.
extension JSONLinesParser {
  /// Decodes a plain `update` line whose fields all have the right types into `update`, with
  /// its unknown keys counted; false for any other line (nothing is changed then, but for
  /// interned strings).
  @inline(__always)
  mutating func plainUpdate(_ base: UnsafePointer<UInt8>, count: Int, into update: inout Update) -> Bool {
    plainUpdateLength(base, count: count, into: &update) >= 0
  }

  /// Decodes a plain update at `line`, whose end is not known yet; returns the line's length.
  ///
  /// Like ``plainUpdate(_:count:into:)``, but the line's end is found on the way: the reader's
  /// fastest path, with no search for line ends. Returns -1 for any other line, which then
  /// takes ``parse(_:count:update:)``; the length excludes the `\n`.
  ///
  /// The line must be followed by a `\n`, or by a `0` where the buffer's data ends.
  @usableFromInline
  mutating func parseUpdate(_ line: UnsafePointer<UInt8>, into update: inout Update) -> Int {
    let count = plainUpdateLength(line, count: -1, into: &update)
    if count >= 0 { seenEvent = true }
    return count
  }

  /// Decodes a plain update line into `update`; returns the line's length.
  ///
  /// Returns -1 for any other line. A `count` of -1 is found (see
  /// ``scanPlainObject(_:count:into:)``).
  @inline(__always)
  private mutating func plainUpdateLength(_ base: UnsafePointer<UInt8>, count: Int, into update: inout Update)
    -> Int
  {
    var fields = PlainUpdateFields(base: base)
    let count = scanPlainObject(base, count: count, into: &fields)
    guard count >= 0 else { return -1 }
    let required = Self.updateRequired | Field.type.bit
    guard
      fields.present & required == required && (fields.present & Field.view.bit != 0 || fields.kind == .other)
    else { return -1 }
    // Interned in this order, as the general path does.
    let view = fields.symbol(.view, in: &self)
    let module = fields.symbol(.module, in: &self)
    let label = fields.symbol(.label, in: &self)
    let thread: Symbol?
    if fields.isMainThread && fields.present & Field.thread.bit != 0, let main = mainThread {
      // Most updates run on `main`: no lookup.
      thread = main
    } else {
      thread = fields.symbol(.thread, in: &self)
      if fields.isMainThread { mainThread = thread }
    }
    // Last: once inserted, the id would be a duplicate to the slow path.
    guard ids.insert(fields.id) else { return -1 }
    countUnknownKeys(present: fields.present, unmatched: fields.unmatched, allowed: Self.updateKeys)
    update = Update(
      id: fields.id, kind: fields.kind, view: view, label: label, module: module, start: fields.start,
      duration: fields.duration, thread: thread, isMainThread: fields.isMainThread, skipped: fields.skipped,
      group: fields.present & Field.group.bit != 0 ? fields.group : nil)
    return count
  }

  /// Decodes a plain `cause` line at `line`, whose end is not known yet, into `cause`; returns
  /// the line's length, or -1 for any other line (which then takes ``parse(_:count:update:)``).
  ///
  /// The second of the reader's fast paths: a trace has about as many causes as updates.
  @usableFromInline
  mutating func parseCause(_ line: UnsafePointer<UInt8>, into cause: inout Cause) -> Int {
    var fields = PlainCauseFields(base: line)
    let count = scanPlainObject(line, count: -1, into: &fields)
    let required = Field.type.bit | Field.from.bit | Field.to.bit
    guard count >= 0 && fields.present & required == required else { return -1 }
    // Interned in this order, as the general path does.
    let label = fields.present & Field.label.bit != 0 ? fields.symbol(fields.label, in: &self) : updateLabel
    let changed = fields.present & Field.changed.bit != 0 ? fields.symbol(fields.changed, in: &self) : nil
    let valueType =
      fields.present & Field.valueType.bit != 0 ? fields.symbol(fields.valueType, in: &self) : nil
    countUnknownKeys(present: fields.present, unmatched: fields.unmatched, allowed: Self.causeKeys)
    cause = Cause(
      from: fields.from, to: fields.to, label: label,
      time: fields.present & Field.time.bit != 0 ? fields.time : nil, changed: changed, valueType: valueType)
    seenEvent = true
    return count
  }

  /// Scans a plain line into ``fields``; false when the line is not plain.
  @inline(__always)
  mutating func scanPlainFields(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
    var table = FieldTableFiller(values: fields.values)
    guard scanPlainObject(base, count: count, into: &table) >= 0 else { return false }
    fields.present = table.present
    fields.unmatchedKeys = table.unmatched
    return true
  }

  /// Scans a plain line, handing each key's value to `visitor`; returns the line's length, or
  /// -1 when the line is not plain or the visitor refused a value.
  ///
  /// A `count` of -1 means the line's end is not known yet: the line then ends with its object,
  /// at a `\n` (or `\r\n`, the `\r` being part of the line), and must need no strict scan (whose
  /// bounds are the line's). The `0` the reader puts after its data stops every scan, so it
  /// never runs past the data, and a `\n` found is the line's.
  ///
  /// Offsets are below `Int32.max` (the caller checks a known `count`; a found one is checked
  /// before it is returned), so index arithmetic wraps freely.
  @inline(__always)
  func scanPlainObject<Visitor: PlainValueVisitor>(
    _ base: UnsafePointer<UInt8>, count: Int, into visitor: inout Visitor
  ) -> Int {
    typealias Plain = PlainBytes
    guard base[0] == UInt8(ascii: "{") else { return -1 }
    // Each shape of line keeps its own predictions: updates and causes alternate, and the key
    // after `type` differs between them.
    let predictions = fields.predictions + Visitor.predictionSet &* FieldTable.predictionSetSize
    // The offset of the next byte; a local so it lives in a register. It is at the `{` before
    // the first key, then at the `,` (or `}`) after each value.
    var index = 0
    var slot = FieldTable.firstKeySlot
    while true {
      // The separator and the key. Usually the key is the one that followed the previous one on
      // the last line: one compare of `,"key":` (or `{"key":`). Otherwise the object ends here,
      // or find the key's end, look it up, and expect it there next time.
      let field: Field?
      let prediction = predictions[slot]
      if prediction.matches(base + index) {
        field = prediction.field
        index &+= prediction.length
      } else {
        let separator = base[index]
        if separator == UInt8(ascii: "}") && index != 0 {
          index &+= 1
          if count >= 0 {
            return index == count || (index &+ 1 == count && base[index] == UInt8(ascii: "\r")) ? count : -1
          }
          if base[index] == UInt8(ascii: "\r") { index &+= 1 }
          return base[index] == UInt8(ascii: "\n") && index < Int(Int32.max) ? index : -1
        }
        guard separator == UInt8(ascii: ",") || index == 0, base[index &+ 1] == UInt8(ascii: "\"") else {
          return -1
        }
        let key = base + (index &+ 2)
        let length = Plain.keyLength(key)
        field = fields.field(key, length: length)
        let end = index &+ 2 &+ length
        guard base[end] == UInt8(ascii: "\"") && base[end &+ 1] == UInt8(ascii: ":") else { return -1 }
        if let field {
          predictions[slot] = FieldTable.KeyPrediction(field, bytes: base + index, length: end &+ 2 &- index)
        }
        index = end &+ 2
      }

      // The value.
      let start = index
      let value: FieldTable.Value
      let first = base[index]
      if first == UInt8(ascii: "\"") {
        let end = Plain.plainEnd(base, from: index &+ 1)
        if base[end] == UInt8(ascii: "\"") {
          value = FieldTable.Value(tag: .string, offset: start, lower: start &+ 1, upper: end)
          index = end &+ 1
        } else {
          // Escapes or non-ASCII bytes: the strict scanner validates and measures it.
          guard count >= 0, let strict = Self.strictValue(base, count: count, at: start) else { return -1 }
          value = strict.value
          index = strict.end
        }
      } else if first &- UInt8(ascii: "0") <= 9 || first == UInt8(ascii: "-") {
        if let integer = Plain.integer(base, at: &index) {
          value = FieldTable.Value(tag: .integer, offset: start, integer: integer)
        } else {
          // A fraction, an exponent, 16 or more digits, or not a number.
          guard count >= 0, let strict = Self.strictValue(base, count: count, at: start) else { return -1 }
          value = strict.value
          index = strict.end
        }
      } else if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
        guard count >= 0, let strict = Self.strictValue(base, count: count, at: start) else { return -1 }
        value = strict.value
        index = strict.end
      } else {
        // `true`, `false` or `null`, compared as little-endian words.
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)
        if word == 0x6575_7274 {
          value = FieldTable.Value(tag: .bool, offset: start, integer: 1)
          index &+= 4
        } else if word == 0x736C_6166 && base[index &+ 4] == UInt8(ascii: "e") {
          value = FieldTable.Value(tag: .bool, offset: start, integer: 0)
          index &+= 5
        } else if word == 0x6C6C_756E {
          value = FieldTable.Value(tag: .null, offset: start)
          index &+= 4
        } else {
          return -1
        }
      }
      if let field {
        visitor.present |= field.bit
        guard visitor.visit(field, value) else { return -1 }
      } else {
        visitor.unmatched &+= 1
      }
      slot = FieldTable.keySlot(after: field)
    }
  }
}

extension JSONLinesParser {
  /// The value at `start` (a string, number, array or object) and the offset after it, scanned
  /// by the strict scanner exactly as ``scanValue(_:into:)`` does; nil when it is malformed
  /// (the caller gives up, and the line's rescan reports the error).
  @inline(never)
  static func strictValue(_ base: UnsafePointer<UInt8>, count: Int, at start: Int)
    -> (value: FieldTable.Value, end: Int)?
  {
    var scanner = JSONScanner(base: base, count: count)
    scanner.position = start
    var value: FieldTable.Value
    do {
      switch base[start] {
      case UInt8(ascii: "\""):
        let string = try scanner.scanString()
        value = FieldTable.Value(
          tag: .string, offset: start, lower: string.range.lowerBound, upper: string.range.upperBound)
        value.escaped = string.escaped
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        try scanner.skipValue()
        value = FieldTable.Value(
          tag: base[start] == UInt8(ascii: "[") ? .array : .object, offset: start, lower: start,
          upper: scanner.position)
      default:
        let number = try scanner.scanNumber()
        value = FieldTable.Value(
          tag: number.isInteger ? .integer : .number, offset: start, integer: number.value)
        value.fits = number.fits
      }
    } catch {
      return nil
    }
    return (value, scanner.position)
  }
}

/// Receives the values of a plain line in order.
protocol PlainValueVisitor {
  /// The key predictions this visitor's lines share (below ``FieldTable/predictionSets``).
  static var predictionSet: Int { get }
  /// One bit per ``Field`` the line has (set by the scan).
  var present: UInt32 { get set }
  /// Keys that are no field (counted by the scan).
  var unmatched: Int { get set }

  /// Takes the value of one key; false when the line must take the general path.
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> Bool
}

extension PlainValueVisitor {
  static var predictionSet: Int { 0 }
}

/// Stores the values of a plain line into a ``FieldTable``, as ``JSONLinesParser/scanObject(_:)``
/// does.
struct FieldTableFiller: PlainValueVisitor {
  /// Sources, groups and the rare types: apart from the updates' and causes' predictions.
  static var predictionSet: Int { 2 }

  let values: UnsafeMutablePointer<FieldTable.Value>
  var present: UInt32 = 0
  var unmatched = 0

  init(values: UnsafeMutablePointer<FieldTable.Value>) { self.values = values }

  @inline(__always)
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> Bool {
    values[field.index] = value
    return true
  }

}

/// Collects the fields of a plain `update` line, refusing the line at the first value an
/// update would reject (the general path then reports it): the update fast path, which needs no
/// ``FieldTable``.
struct PlainUpdateFields: PlainValueVisitor {
  let base: UnsafePointer<UInt8>
  var present: UInt32 = 0
  var unmatched = 0
  var id: Int64 = 0
  var start: Int64 = 0
  var duration: Int64 = 0
  var group: Int64 = 0
  var kind = UpdateKind.body
  var skipped = false
  var isMainThread = true
  /// The contents of the `view`, `module`, `label` and `thread` strings.
  var view: Range<Int32> = 0..<0
  var module: Range<Int32> = 0..<0
  var label: Range<Int32> = 0..<0
  var thread: Range<Int32> = 0..<0
  /// The bits of the string fields that hold escapes.
  var escaped: UInt32 = 0

  @inline(__always) init(base: UnsafePointer<UInt8>) { self.base = base }

  @inline(__always)
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> Bool {
    switch field {
    case .type:
      // "update", as a little-endian word.
      return value.isPlainString(base, 0x6574_6164_7075, count: 6)
    case .id:
      id = value.integer
      return value.isIdentifier
    case .kind:
      guard value.tag == .string && !value.escaped,
        let kind = PlainBytes.updateKind(base + Int(value.lower), value.upper &- value.lower)
      else { return false }
      self.kind = kind
      return true
    case .start:
      start = value.integer
      return value.isInteger
    case .duration:
      duration = value.integer
      return value.tag == .integer && value.fits && duration >= 0
    case .view:
      view = value.lower..<value.upper
      // Never cleared: were a repeated key's last string plain, decoding it changes nothing.
      if value.escaped { escaped |= field.bit }
      return value.tag == .string
    case .module:
      module = value.lower..<value.upper
      if value.escaped { escaped |= field.bit }
      return value.tag == .string
    case .label:
      label = value.lower..<value.upper
      if value.escaped { escaped |= field.bit }
      return value.tag == .string
    case .thread:
      thread = value.lower..<value.upper
      isMainThread =
        value.upper &- value.lower == 4
        && PlainBytes.load(base + Int(value.lower)) & 0xFFFF_FFFF == 0x6E69_616D
      return value.tag == .string && !value.escaped
    case .skipped:
      skipped = value.integer != 0
      return value.tag == .bool
    case .group:
      group = value.integer
      return value.isIdentifier
    default:
      // A key of another event type: counted as unknown.
      return true
    }
  }

  /// The interned `view`, `module`, `label` or `thread` string, if the line has it.
  @inline(__always)
  func symbol(_ field: Field, in parser: inout JSONLinesParser) -> Symbol? {
    guard present & field.bit != 0 else { return nil }
    let range: Range<Int32>
    switch field {
    case .view: range = view
    case .module: range = module
    case .label: range = label
    default: range = thread
    }
    if escaped & field.bit != 0 {
      var value = FieldTable.Value(
        tag: .string, offset: 0, lower: Int(range.lowerBound), upper: Int(range.upperBound))
      value.escaped = true
      return parser.internString(base, value)
    }
    return parser.symbols.intern(
      padded: base + Int(range.lowerBound), count: Int(range.upperBound &- range.lowerBound))
  }
}

/// Collects the fields of a plain `cause` line, refusing the line at the first value a cause
/// would reject (the general path then reports it).
struct PlainCauseFields: PlainValueVisitor {
  static var predictionSet: Int { 1 }

  let base: UnsafePointer<UInt8>
  var present: UInt32 = 0
  var unmatched = 0
  var from: Int64 = 0
  var to: Int64 = 0
  var time: Int64 = 0
  /// The `label`, `changed` and `valueType` strings, as values (escapes are decoded on interning).
  var label = FieldTable.Value(tag: .null, offset: 0)
  var changed = FieldTable.Value(tag: .null, offset: 0)
  var valueType = FieldTable.Value(tag: .null, offset: 0)

  @inline(__always) init(base: UnsafePointer<UInt8>) { self.base = base }

  @inline(__always)
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> Bool {
    switch field {
    case .type:
      // "cause", as a little-endian word.
      return value.isPlainString(base, 0x65_7375_6163, count: 5)
    case .from:
      from = value.integer
      return value.isIdentifier
    case .to:
      to = value.integer
      return value.isIdentifier
    case .time:
      time = value.integer
      return value.isInteger
    case .label:
      label = value
      return value.tag == .string
    case .changed:
      changed = value
      return value.tag == .string
    case .valueType:
      valueType = value
      return value.tag == .string
    default:
      // A key of another event type: counted as unknown.
      return true
    }
  }

  /// The interned string `value`.
  @inline(__always)
  func symbol(_ value: FieldTable.Value, in parser: inout JSONLinesParser) -> Symbol {
    if !value.escaped && value.upper &- value.lower == 6
      && PlainBytes.load(base + Int(value.lower)) & 0xFFFF_FFFF_FFFF == 0x6574_6164_7075
    {
      // `update`, the label of most causes.
      return parser.updateLabel
    }
    return parser.internString(base, value)
  }
}

extension FieldTable.Value {
  /// Whether this is a string without escapes of `count` (1...7) bytes, the low bytes of `word`
  /// (the line is padded: the load may run past the string).
  @inline(__always)
  func isPlainString(_ base: UnsafePointer<UInt8>, _ word: UInt64, count: Int) -> Bool {
    tag == .string && !escaped && Int(upper &- lower) == count
      && PlainBytes.load(base + Int(lower)) & PlainBytes.lowBytes(count) == word
  }

  /// Whether this is an integer that fits in 64 bits.
  @inline(__always) var isInteger: Bool { tag == .integer && fits }

  /// Whether this is an id: a non-negative integer that fits in 64 bits.
  @inline(__always) var isIdentifier: Bool { isInteger && integer >= 0 }
}

/// Eight-bytes-at-a-time helpers of the plain-line fast path.
@usableFromInline
enum PlainBytes {
  /// The eight bytes at `pointer`, first byte lowest.
  @inlinable @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  /// A mask of the lowest `count` bytes (`0...7`).
  @inlinable @inline(__always)
  static func lowBytes(_ count: Int) -> UInt64 {
    (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
  }

  /// A mask with the high bit set in each byte of `word` that is `"`, `\\`, below 0x20 or
  /// at least 0x80 (exact: no false positives).
  @inlinable @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    JSONScanner.specialBytes(word)
  }

  /// The length of the key at `key` (after its opening quote): the bytes before the first
  /// quote, backslash, control or non-ASCII byte.
  @inlinable @inline(__always)
  static func keyLength(_ key: UnsafePointer<UInt8>) -> Int {
    let special = specialBytes(load(key))
    if special != 0 { return special.trailingZeroBitCount >> 3 }
    return plainEnd(key, from: 8)
  }

  /// The offset of the first quote, backslash, control or non-ASCII byte at or after `start`.
  @inlinable @inline(__always)
  static func plainEnd(_ base: UnsafePointer<UInt8>, from start: Int) -> Int {
    var pointer = base + start
    while true {
      let special = specialBytes(load(pointer))
      if special != 0 { return base.distance(to: pointer) &+ special.trailingZeroBitCount >> 3 }
      pointer += 8
    }
  }

  /// The digit values of `word`'s bytes: below 10 exactly for ASCII digits.
  @inlinable @inline(__always)
  static func digitValues(_ word: UInt64) -> UInt64 {
    word ^ 0x3030_3030_3030_3030
  }

  /// The number of leading (lowest) bytes of `digits`, a ``digitValues(_:)`` word, that are
  /// digits (`0...8`).
  @inlinable @inline(__always)
  static func digitCount(_ digits: UInt64) -> Int {
    // The high bit of each byte of 10 or more: adding 0x76 to its low seven bits carries into
    // the high bit exactly when they are 10 or more (no carry crosses bytes).
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let notDigits = (((digits & low7) &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    return notDigits.trailingZeroBitCount >> 3
  }

  /// The value of the lowest `count` (`1...8`) bytes of `digits`, a ``digitValues(_:)`` word.
  @inlinable @inline(__always)
  static func value(ofDigits digits: UInt64, count: Int) -> Int64 {
    // Shift the digits to the top, so the bytes below read as leading zeros.
    let shift = UInt64(truncatingIfNeeded: (8 &- count) &* 8)
    return JSONScanner.eightDigits(digits &<< shift)
  }

  /// The update kind spelled by the `count` bytes at `start`; nil for anything else.
  @inlinable @inline(__always)
  static func updateKind(_ start: UnsafePointer<UInt8>, _ count: Int32) -> UpdateKind? {
    // The spellings as little-endian words.
    let head = load(start)
    switch count {
    case 4 where head & 0xFFFF_FFFF == 0x7964_6F62: return .body
    case 5 where head & 0xFF_FFFF_FFFF == 0x72_6568_746F: return .other
    case 13 where head == 0x6E65_7365_7270_6572 && load(start + 8) & 0xFF_FFFF_FFFF == 0x65_6C62_6174:
      return .representable
    default: return nil
    }
  }

  /// 10 to the power `exponent` (`0...7`).
  @inlinable @inline(__always)
  static func powerOfTen(_ exponent: Int) -> Int64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    default: 10_000_000
    }
  }

  /// Scans an integer of at most 15 digits at `index`, which it moves past the number; nil for
  /// anything else (`-` alone, a leading zero, 16 or more digits).
  ///
  /// A fraction or an exponent is left for the caller, which expects `,` or `}` next.
  @inlinable @inline(__always)
  static func integer(_ base: UnsafePointer<UInt8>, at index: inout Int) -> Int64? {
    var position = index
    let negative = base[position] == UInt8(ascii: "-")
    if negative { position &+= 1 }
    let digits = digitValues(load(base + position))
    let count = digitCount(digits)
    // No digit, or a leading zero (which JSON forbids).
    guard count > 0, count == 1 || digits & 0xFF != 0 else { return nil }
    var value = self.value(ofDigits: digits, count: count)
    position &+= count
    if count == 8 {
      let more = digitValues(load(base + position))
      let moreCount = digitCount(more)
      guard moreCount < 8 else { return nil }
      if moreCount > 0 {
        value = value &* powerOfTen(moreCount) &+ self.value(ofDigits: more, count: moreCount)
        position &+= moreCount
      }
    }
    index = position
    return negative ? 0 &- value : value
  }
}
