/// The one object scanner of JSON Lines traces, in two modes.
///
/// *Plain* mode is the fast path, for lines in the shape recorders write: an object without
/// whitespace between tokens whose keys are ASCII without escapes, in any order. (Update and
/// cause lines whose keys come in the recorders' own order are read before it, straight
/// through: JSONLinesParser+Ordered.swift.) Anything else (whitespace,
/// escaped keys, malformed JSON), and a value the visitor refuses, makes it give up with -1; the
/// caller then scans the line again in *strict* mode, which takes any JSON object and reports
/// errors with their offsets. Both modes read values the same way: plain strings, integers of at
/// most 15 digits and literals here, and any other value (escapes, non-ASCII strings, fractions,
/// exponents, longer numbers, arrays, objects) with the strict scanner's own routines
/// (``JSONLinesParser/strictValue(_:count:at:strict:)``).
///
/// Memory contract (the readers' padding): the 16 bytes after the line are readable and the
/// byte right after it is `\n` or `0`. Loads of eight bytes may run into them; since neither is
/// a token byte, every scan stops there.
extension JSONLinesParser {
  /// Decodes a plain `update` line whose fields obey the update rules into `update`, with
  /// its unknown keys counted; false for any other line (nothing is changed then, but for
  /// interned strings).
  @inline(__always)
  mutating func plainUpdate(_ base: UnsafePointer<UInt8>, count: Int, into update: inout Update) -> Bool {
    plainUpdateLength(base, count: count, into: &update) >= 0
  }

  /// Decodes a plain update at `line`, whose end is not known yet; returns the line's length.
  ///
  /// Like ``plainUpdate(_:count:into:)``, but the line's end is found on the way: the reader's
  /// fast path, with no search for line ends. A line in the recorders' key order takes
  /// ``orderedUpdate(_:into:)``, any other plain one the object scanner. Returns -1 for any
  /// other line, which then takes ``parse(_:count:update:)``; the length excludes the `\n`.
  ///
  /// The line must be followed by a `\n`, or by a `0` where the buffer's data ends.
  @usableFromInline
  mutating func parseUpdate(_ line: UnsafePointer<UInt8>, into update: inout Update) -> Int {
    // Most lines are in the recorders' key order; the object scanner reads any other.
    var count = Self.lineHead(line) == Self.updateHead ? orderedUpdate(line, into: &update) : -1
    if count < 0 { count = plainUpdateLength(line, count: -1, into: &update) }
    if count >= 0 { seenEvent = true }
    return count
  }

  /// Decodes a plain update line into `update`; returns the line's length.
  ///
  /// Returns -1 for any other line. A `count` of -1 is found (see
  /// ``scanObject(_:count:into:_:)``).
  @inline(__always)
  private mutating func plainUpdateLength(_ base: UnsafePointer<UInt8>, count: Int, into update: inout Update)
    -> Int
  {
    var fields = UpdateFields(base: base)
    let typeEnd = Self.lineHead(base) == Self.updateHead ? 16 : 0
    let count = scanPlainObject(base, count: count, into: &fields, typeEnd: typeEnd)
    guard count >= 0 && fields.isComplete else { return -1 }
    // Once inserted, the id would be a duplicate to the strict path: nothing may give up after.
    guard ids.insert(fields.id) else { return -1 }
    countUnknownKeys(present: fields.present, unmatched: fields.unmatched, allowed: UpdateFields.allowed)
    update = makeUpdate(fields)
    return count
  }

  /// What the reader's fast paths made of a line.
  @usableFromInline
  enum FastLine {
    /// An update, decoded; the line's length.
    case update(Int)
    /// A cause, decoded; the line's length.
    case cause(Int)
    /// Any other line: it takes ``parse(_:count:update:)`` once its end is found.
    case other
  }

  /// The reader's per-line dispatch on a line whose end is not known yet: a line that opens as
  /// a cause takes ``parseCause(_:into:)``, any other ``parseUpdate(_:into:)`` first. The
  /// readers, the differential test and the fuzzer all call this one.
  @inlinable @inline(__always)
  mutating func parseFast(_ line: UnsafePointer<UInt8>, update: inout Update, cause: inout Cause) -> FastLine {
    // A cause line is told by its first 16 bytes, so it skips the update path (the buffer is
    // padded: the load may run past the data).
    let isCause = Self.lineHead(line) == Self.causeHead
    if !isCause {
      let count = parseUpdate(line, into: &update)
      if count >= 0 { return .update(count) }
      return .other
    }
    let count = parseCause(line, into: &cause)
    return count >= 0 ? .cause(count) : .other
  }

  /// Reads a whole line of `count` bytes (padded as the readers pad it) as the reader does: its
  /// fast paths (``parseFast(_:update:cause:)``), else the full parser. Returns the event (nil
  /// for none) and the line's length as the path that took it found it.
  @usableFromInline
  mutating func readLine(_ line: UnsafePointer<UInt8>, count: Int) throws(LineError)
    -> (event: TraceEvent?, length: Int)
  {
    var update = Update(id: 0, kind: .body, start: 0, duration: 0)
    var cause = Cause(from: 0, to: 0, label: Symbol(rawValue: 0))
    switch parseFast(line, update: &update, cause: &cause) {
    case .update(let length): return (.update(update), length)
    case .cause(let length): return (.cause(cause), length)
    case .other: return (try parse(line, count: count), count)
    }
  }

  /// Decodes a plain `cause` line at `line`, whose end is not known yet, into `cause`; returns
  /// the line's length, or -1 for any other line (which then takes ``parse(_:count:update:)``).
  ///
  /// The second of the reader's fast paths: a trace has about as many causes as updates. A line
  /// in the recorders' key order takes ``orderedCause(_:into:)``, any other the object scanner.
  @usableFromInline
  mutating func parseCause(_ line: UnsafePointer<UInt8>, into cause: inout Cause) -> Int {
    let isCause = Self.lineHead(line) == Self.causeHead
    if isCause {
      let count = orderedCause(line, into: &cause)
      if count >= 0 {
        seenEvent = true
        return count
      }
    }
    var fields = CauseFields(base: line)
    // After the `,`: the head ends with it.
    let typeEnd = isCause ? 15 : 0
    let count = scanPlainObject(line, count: -1, into: &fields, typeEnd: typeEnd)
    guard count >= 0 && fields.isComplete else { return -1 }
    cause = fields.cause(in: &self)
    countUnknownKeys(present: fields.present, unmatched: fields.unmatched, allowed: CauseFields.allowed)
    seenEvent = true
    return count
  }

  /// Decodes a plain `source` or `group` line whose fields obey their rules, with its unknown
  /// keys counted; nil for any other line (nothing is changed then, but for interned strings).
  ///
  /// They are a few percent of a trace's lines, each worth a strict scan and a decode without it.
  @inline(never)
  mutating func plainEvent(_ base: UnsafePointer<UInt8>, count: Int) -> TraceEvent? {
    let head = Self.lineHead(base)
    if head == Self.sourceHead {
      var fields = SourceFields(base: base)
      // A backtrace's frames are decoded and checked by the strict path.
      guard
        scanPlainObject(base, count: count, into: &fields, typeEnd: 16) >= 0 && fields.isComplete
          && fields.present & Field.backtrace.bit == 0
      else { return nil }
      // Once inserted, the id would be a duplicate to the strict path: nothing may give up after.
      guard ids.insert(fields.id) else { return nil }
      countUnknownKeys(present: fields.present, unmatched: fields.unmatched, allowed: SourceFields.allowed)
      return .source(fields.source(in: &self, backtrace: []))
    }
    if head == Self.groupHead {
      var fields = GroupFields(base: base)
      // After the `,`: the head ends with it.
      guard scanPlainObject(base, count: count, into: &fields, typeEnd: 15) >= 0 && fields.isComplete else {
        return nil
      }
      countUnknownKeys(present: fields.present, unmatched: fields.unmatched, allowed: GroupFields.allowed)
      return .group(fields.group(in: &self))
    }
    return nil
  }

  /// The head of most update lines, `{"type":"update"`, as two little-endian words.
  @usableFromInline static var updateHead: (UInt64, UInt64) { (0x3A22_6570_7974_227B, 0x2265_7461_6470_7522) }
  /// The head of most cause lines, `{"type":"cause",`, as two little-endian words.
  @usableFromInline static var causeHead: (UInt64, UInt64) { (0x3A22_6570_7974_227B, 0x2C22_6573_7561_6322) }

  /// The head of most source lines, `{"type":"source"`, as two little-endian words.
  static var sourceHead: (UInt64, UInt64) { (0x3A22_6570_7974_227B, 0x2265_6372_756F_7322) }
  /// The head of most group lines, `{"type":"group",`, as two little-endian words.
  static var groupHead: (UInt64, UInt64) { (0x3A22_6570_7974_227B, 0x2C22_7075_6F72_6722) }

  /// The first 16 bytes of the line at `base` (the line is padded: they may run past it), as
  /// two little-endian words.
  @inlinable @inline(__always)
  static func lineHead(_ base: UnsafePointer<UInt8>) -> (UInt64, UInt64) {
    UnsafeRawPointer(base).loadUnaligned(as: (UInt64, UInt64).self)
  }

  /// Scans a line in plain mode; returns its length, or -1 when it is not plain or `visitor`
  /// refused a value.
  ///
  /// `typeEnd` is the offset after the line's head, `{"type":"…"`, when the caller has matched it
  /// (the visitor then gets no `type`), or 0.
  @inline(__always)
  func scanPlainObject<Visitor: FieldVisitor>(
    _ base: UnsafePointer<UInt8>, count: Int, into visitor: inout Visitor, typeEnd: Int = 0
  ) -> Int {
    do {
      return try scanObject(base, count: count, into: &visitor, PlainScan.self, typeEnd: typeEnd)
    } catch {
      return -1
    }
  }

  /// Scans the object line at `base`, handing each key's value to `visitor`; returns the line's
  /// length.
  ///
  /// In ``PlainScan`` mode it never throws: it returns -1 when the line is not plain or the
  /// visitor refused a value. In ``StrictScan`` mode it returns `count` or throws where the line
  /// stops being JSON (the visitor must take every value).
  ///
  /// A `count` of -1 (plain mode only) means the line's end is not known yet: the line then ends
  /// with its object, at a `\n` (or `\r\n`, the `\r` being part of the line), and must need no
  /// strict value scan (whose bounds are the line's). The `0` the reader puts after its data
  /// stops every scan, so it never runs past the data, and a `\n` found is the line's.
  ///
  /// Offsets are below `Int32.max` (the caller checks a known `count`; a found one is checked
  /// before it is returned), so index arithmetic wraps freely.
  @inline(__always)
  func scanObject<Visitor: FieldVisitor, Mode: ObjectScanMode>(
    _ base: UnsafePointer<UInt8>, count: Int, into visitor: inout Visitor, _ mode: Mode.Type,
    typeEnd: Int = 0
  ) throws(JSONScanError) -> Int {
    typealias Plain = PlainBytes
    // The offset of the next byte; a local so it lives in a register. It is at the `{` before
    // the first key, then at the `,` (or `}`) after each value, or at whitespace before it.
    var index = 0
    // Where the object's `{` is.
    var open = 0
    var slot = FieldTable.firstKeySlot
    if Mode.isStrict {
      index = Self.skipWhitespace(base, count: count, from: 0)
      guard base[index] == UInt8(ascii: "{") && index < count else {
        throw Self.notAnObject(base, count: count, at: index)
      }
      let inside = Self.skipWhitespace(base, count: count, from: index &+ 1)
      if base[inside] == UInt8(ascii: "}") {
        return try Self.strictEnd(base, count: count, after: inside &+ 1)
      }
      open = index
    } else if typeEnd > 0 {
      // The caller matched the line's head, `{"type":"…"`: go on after it.
      index = typeEnd
      slot = FieldTable.keySlot(after: .type)
      visitor.present |= Field.type.bit
    } else if base[0] != UInt8(ascii: "{") {
      return -1
    }
    // Each shape of line keeps its own predictions: updates and causes alternate, and the key
    // after `type` differs between them; a plain line that does not open with its type keeps
    // apart from those that do.
    let set =
      Mode.isStrict || typeEnd > 0 ? Visitor.predictionSet : Visitor.predictionSet &+ FieldTable.headlessSets
    let predictions = fields.predictions + set &* FieldTable.predictionSetSize &* FieldTable.predictionWays
    while true {
      // The separator and the key. Usually the key is one of the two that followed the previous
      // one on earlier lines: a compare of `,"key":` (or `{"key":`) each. Otherwise the object
      // ends here, or find the key's end, look it up, and expect it there next time.
      let field: Field?
      let nextSlot: Int
      let ways = predictions + slot &* FieldTable.predictionWays
      // (A prediction starts with `,` or `{`: at the object's `}` only one compare is spent.)
      let way =
        ways[0].matches(base + index)
        ? 0 : base[index] != UInt8(ascii: "}") && ways[1].matches(base + index) ? 1 : -1
      if way >= 0 {
        let prediction = ways[way]
        field = prediction.field
        nextSlot = prediction.nextSlot
        index &+= prediction.length
      } else {
        if Mode.isStrict && index != open { index = Self.skipWhitespace(base, count: count, from: index) }
        let separator = base[index]
        if separator == UInt8(ascii: "}") && index != open {
          index &+= 1
          if Mode.isStrict { return try Self.strictEnd(base, count: count, after: index) }
          if count >= 0 {
            return index == count || (index &+ 1 == count && base[index] == UInt8(ascii: "\r")) ? count : -1
          }
          return Plain.lineEnds(base, at: &index) ? index : -1
        }
        guard separator == UInt8(ascii: ",") || index == open else {
          if Mode.isStrict { throw Self.failure(base, count: count, at: index, "expected ',' or '}'") }
          return -1
        }
        var quote = index &+ 1
        if Mode.isStrict { quote = Self.skipWhitespace(base, count: count, from: quote) }
        guard base[quote] == UInt8(ascii: "\"") else {
          if Mode.isStrict { throw Self.failure(base, count: count, at: quote, "expected a string key") }
          return -1
        }
        let key = base + (quote &+ 1)
        let length = Plain.keyLength(key)
        // The offset of the key's closing quote.
        var end = quote &+ 1 &+ length
        if base[end] == UInt8(ascii: "\"") {
          field = fields.field(key, length: length)
        } else {
          // Escapes, non-ASCII bytes or a malformed key.
          guard Mode.isStrict else { return -1 }
          var scanner = JSONScanner(base: base, count: count)
          scanner.position = quote
          let string = try scanner.scanString()
          field =
            string.escaped
            ? matchEscapedKey(base, string.range)
            : fields.field(base + string.range.lowerBound, length: string.range.count)
          end = string.range.upperBound
        }
        var colon = end &+ 1
        if base[colon] != UInt8(ascii: ":") {
          guard Mode.isStrict else { return -1 }
          colon = Self.skipWhitespace(base, count: count, from: colon)
          guard base[colon] == UInt8(ascii: ":") else {
            throw Self.failure(base, count: count, at: colon, "expected ':' after the key")
          }
        }
        // Expect these bytes after this key next time, if they are few enough to compare.
        // (The first way keeps the first key learned; the second, the latest other one.)
        if let field, colon &+ 1 &- index <= 16 {
          ways[ways[0].isLearned ? 1 : 0] = FieldTable.KeyPrediction(
            field, bytes: base + index, length: colon &+ 1 &- index)
        }
        index = colon &+ 1
        nextSlot = FieldTable.keySlot(after: field)
      }
      // Whitespace may follow a key's ':' (and so a matched prediction learned in strict mode).
      if Mode.isStrict { index = Self.skipWhitespace(base, count: count, from: index) }

      // The value.
      let start = index
      // Plain strings, short integers and literals here; any other value (or a malformed one)
      // with the strict scanner's routines, which in plain mode need the line's end.
      var plain: FieldTable.Value?
      let first = base[index]
      if first == UInt8(ascii: "\"") {
        let end = Plain.plainEnd(base, from: index &+ 1)
        if base[end] == UInt8(ascii: "\"") {
          plain = FieldTable.Value(tag: .string, offset: start, lower: start &+ 1, upper: end)
          index = end &+ 1
        }
      } else if first &- UInt8(ascii: "0") <= 9 || first == UInt8(ascii: "-") {
        // (In plain mode a fraction or an exponent after the digits gives the line up at the
        // separator.)
        if let integer = Plain.integer(base, at: &index), !Mode.isStrict || !Self.continuesNumber(base[index])
        {
          plain = FieldTable.Value(tag: .integer, offset: start, integer: integer)
        }
      } else if first != UInt8(ascii: "[") && first != UInt8(ascii: "{") {
        plain = Plain.literal(base, at: &index)
      }
      let value: FieldTable.Value
      if let plain {
        value = plain
      } else {
        guard count >= 0,
          let strict = try Self.strictValue(base, count: count, at: start, strict: Mode.isStrict)
        else { return -1 }
        value = strict.value
        index = strict.end
      }
      if let field {
        visitor.present |= field.bit
        if visitor.visit(field, value) != nil { return -1 }
      } else {
        visitor.unmatched &+= 1
      }
      slot = nextSlot
    }
  }
}

/// How ``JSONLinesParser/scanObject(_:count:into:_:)`` meets what a plain line does not hold.
protocol ObjectScanMode {
  /// Whether whitespace and escaped keys are read and errors thrown, rather than ending the scan.
  static var isStrict: Bool { get }
}

/// The fast path's mode: anything but a plain line ends the scan with -1.
enum PlainScan: ObjectScanMode {
  @inline(__always) static var isStrict: Bool { false }
}

/// The general mode: any JSON object, and an error with its offset for anything else.
enum StrictScan: ObjectScanMode {
  @inline(__always) static var isStrict: Bool { true }
}

extension JSONLinesParser {
  /// The value at `start` and the offset after it, read by the strict scanner; nil when it is
  /// malformed and not `strict` (the caller gives up, and the strict rescan reports the error).
  @inline(never)
  static func strictValue(_ base: UnsafePointer<UInt8>, count: Int, at start: Int, strict: Bool)
    throws(JSONScanError) -> (value: FieldTable.Value, end: Int)?
  {
    var scanner = JSONScanner(base: base, count: count)
    scanner.position = start
    var value: FieldTable.Value
    do throws(JSONScanError) {
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
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        let bool = try scanner.scanLiteral()
        value = FieldTable.Value(
          tag: bool == nil ? .null : .bool, offset: start, integer: bool == true ? 1 : 0)
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
        let number = try scanner.scanNumber()
        value = FieldTable.Value(
          tag: number.isInteger ? .integer : .number, offset: start, integer: number.value, lower: start,
          upper: scanner.position)
        value.fits = number.fits
      default:
        throw scanner.error("expected a value")
      }
    } catch {
      if strict { throw error }
      return nil
    }
    return (value, scanner.position)
  }

  /// Whether `byte`, right after an integer's digits, continues the number (a fraction or an
  /// exponent).
  @inline(__always)
  static func continuesNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
  }

  /// The offset of the first byte at or after `offset` that is not whitespace.
  @inline(__always)
  static func skipWhitespace(_ base: UnsafePointer<UInt8>, count: Int, from offset: Int) -> Int {
    var scanner = JSONScanner(base: base, count: count)
    scanner.position = offset
    scanner.skipWhitespace()
    return scanner.position
  }

  /// The end of a strictly scanned object whose `}` is before `offset`: only whitespace may follow.
  static func strictEnd(_ base: UnsafePointer<UInt8>, count: Int, after offset: Int) throws(JSONScanError)
    -> Int
  {
    let end = skipWhitespace(base, count: count, from: offset)
    guard end >= count else {
      throw failure(base, count: count, at: end, "unexpected data after the JSON object")
    }
    return count
  }

  /// The error at `offset`, as the strict scanner words it (at the line's end, "unexpected end
  /// of line").
  @inline(never)
  static func failure(_ base: UnsafePointer<UInt8>, count: Int, at offset: Int, _ message: String)
    -> JSONScanError
  {
    var scanner = JSONScanner(base: base, count: count)
    scanner.position = offset
    return scanner.error(message)
  }

  /// The error for a line that holds no object at `offset`: its own error if it is not JSON.
  @inline(never)
  static func notAnObject(_ base: UnsafePointer<UInt8>, count: Int, at offset: Int) -> JSONScanError {
    var scanner = JSONScanner(base: base, count: count)
    scanner.position = offset
    do {
      try scanner.skipValue()
      scanner.skipWhitespace()
      if !scanner.isAtEnd { return scanner.error("unexpected data after the JSON value") }
    } catch {
      return error
    }
    return JSONScanError(offset: 0, message: notAnObjectMessage)
  }
}
