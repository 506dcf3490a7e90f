/// Decodes one line of a version-1 JSON Lines trace into a ``TraceEvent``.
///
/// The wire format, by example:
///
///     {"type":"trace","version":1,"app":"Landmarks","refreshRate":120}
///     {"type":"update","id":100,"kind":"body","view":"LandmarkListItemView","module":"Landmarks","start":1000100000,"duration":1400000}
///     {"type":"source","id":11,"kind":"observable","label":"@Observable LandmarkCollection.landmarks","user":true}
///     {"type":"cause","from":11,"to":100,"label":"update","changed":"landmarks"}
///
/// Keys may come in any order; unknown keys and event types are skipped (and counted) after
/// being validated as JSON. Strings are interned into ``symbols`` by their decoded bytes. A copy
/// of a parser shares its symbols and its ids with the original.
@usableFromInline package struct JSONLinesParser {
  /// The strings of every event this parser produced.
  @usableFromInline package let symbols = SymbolTable()
  /// Lines whose `type` this reader does not know, by type.
  @usableFromInline package private(set) var unknownTypes: [String: Int] = [:]
  /// The earliest integer `start` or `time` of those lines, if any: events of newer types still
  /// anchor the frame grid.
  @usableFromInline package private(set) var unknownEarliest: Int64?
  /// Keys a known event type does not define.
  @usableFromInline package private(set) var unknownKeys = 0
  /// Whether a non-blank line was seen (the header must come before any).
  @usableFromInline package internal(set) var seenEvent: Bool

  @usableFromInline var fields = FieldTable()
  var scratch: [UInt8] = []
  let ids = IDSet()
  /// The ids of `symbol` events, an id space of their own.
  let symbolIDs = IDSet()
  let updateLabel: Symbol
  /// The symbol of the thread name `main`, once a plain update line has interned it.
  var mainThread: Symbol?

  /// Creates a parser; `startsFile` is false for a parser that reads from the middle of a file.
  @usableFromInline package init(startsFile: Bool = true) {
    seenEvent = !startsFile
    updateLabel = symbols.intern("update")
  }

  /// Parses one line without its line end; returns nil for a blank line or an unknown event type.
  ///
  /// The 16 bytes after the line must be readable, and `line[count]` must be its `\n` or a `0`
  /// (readers pad their buffers; see ``JSONScanner`` and JSONLinesParser+Object.swift).
  @usableFromInline package mutating func parse(_ line: UnsafePointer<UInt8>, count: Int) throws(LineError)
    -> TraceEvent?
  {
    var update = Update(id: 0, kind: .body, start: 0, duration: 0)
    switch try parse(line, count: count, update: &update) {
    case .nothing: return nil
    case .update: return .update(update)
    case .event(let event): return event
    }
  }

  /// What a line held, for ``parse(_:count:update:)``.
  @usableFromInline
  enum ParsedLine {
    /// A blank line or an unknown event type.
    case nothing
    /// An update, written to the `update` argument.
    case update
    case event(TraceEvent)
  }

  /// Parses one line like ``parse(_:count:)``, except that most updates are written to `update`
  /// instead of being returned: the reader's hot path, where the update then goes to the sink
  /// from that same memory (a copy through ``TraceEvent`` costs a store-forwarding stall).
  @usableFromInline
  mutating func parse(_ line: UnsafePointer<UInt8>, count: Int, update: inout Update) throws(LineError)
    -> ParsedLine
  {
    // Most lines are plain updates, which the scanner's plain mode reads straight into an
    // ``Update`` (JSONLinesParser+Object.swift); plain sources and groups take the same mode. The
    // rest, and every malformed line, are scanned in strict mode into ``fields``, which reports
    // errors with their columns.
    if count < Int(Int32.max) {
      if plainUpdate(line, count: count, into: &update) {
        seenEvent = true
        return .update
      }
      if let event = plainEvent(line, count: count) {
        seenEvent = true
        return .event(event)
      }
    }
    guard try scanStrictly(line, count: count) else { return .nothing }
    defer { seenEvent = true }
    guard let event = try decodeEvent(line, count: count) else { return .nothing }
    return .event(event)
  }

  /// Parses one line like ``parse(_:count:)`` on the strict path alone, without the plain-mode
  /// update path: the reference the differential tests hold the fast path to.
  mutating func parseStrictly(_ line: UnsafePointer<UInt8>, count: Int) throws(LineError) -> TraceEvent? {
    guard try scanStrictly(line, count: count) else { return nil }
    defer { seenEvent = true }
    return try decodeEvent(line, count: count)
  }

  /// Scans one line into ``fields`` with the strict scanner; false for a blank line.
  @inline(__always)
  private mutating func scanStrictly(_ line: UnsafePointer<UInt8>, count: Int) throws(LineError) -> Bool {
    var scanner = JSONScanner(base: line, count: count)
    scanner.skipWhitespace()
    if scanner.isAtEnd { return false }
    guard count < Int(Int32.max) else {
      throw LineError(column: 1, message: "line longer than 2 GiB")
    }
    var table = FieldTableFiller(values: fields.values)
    do {
      _ = try scanObject(line, count: count, into: &table, StrictScan.self)
    } catch {
      // Valid JSON that is not an object parsed: not a truncated tail even on the last line.
      var failure = LineError(error)
      failure.isSyntax = error.message != Self.notAnObjectMessage
      throw failure
    }
    fields.present = table.present
    fields.unmatchedKeys = table.unmatched
    return true
  }

  /// Whether `ids` from another parser of the same trace overlap this parser's: the first shared one.
  @usableFromInline package func firstDuplicateID(with other: JSONLinesParser) -> Int64? {
    ids.firstCommon(with: other.ids) ?? symbolIDs.firstCommon(with: other.symbolIDs)
  }

  // MARK: - Scanning

  @usableFromInline static let notAnObjectMessage = "expected a JSON object, one per line"

  /// The field named by the escaped key at `range`, decoded.
  @inline(never)
  func matchEscapedKey(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Field? {
    var key: [UInt8] = []
    JSONString.unescape(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), into: &key)
    let count = key.count
    // Padded: the lookup loads 16 bytes.
    key.append(contentsOf: repeatElement(0, count: 16))
    return key.withUnsafeBufferPointer { buffer in
      guard let pointer = buffer.baseAddress else { return nil }
      return fields.field(pointer, length: count)
    }
  }

  // MARK: - Decoding events

  // The keys of each event type (computed, so they fold to constants).
  private static var frameKeys: UInt32 { Field.type.bit | Field.start.bit | Field.deadline.bit }
  private static var headerKeys: UInt32 {
    Field.type.bit | Field.version.bit | Field.app.bit | Field.device.bit | Field.refreshRate.bit
      | Field.start.bit | Field.producer.bit
  }
  private static var hitchKeys: UInt32 {
    Field.type.bit | Field.start.bit | Field.duration.bit | Field.narrative.bit
  }
  private static var hangKeys: UInt32 {
    Field.type.bit | Field.start.bit | Field.duration.bit | Field.kind.bit
  }
  private static var sampleKeys: UInt32 { Field.type.bit | Field.time.bit | Field.thread.bit }
  private static var intervalKeys: UInt32 { Field.type.bit | Field.start.bit | Field.duration.bit }
  private static var symbolKeys: UInt32 { Field.type.bit | Field.id.bit | Field.user.bit }

  private mutating func decodeEvent(_ base: UnsafePointer<UInt8>, count: Int) throws(LineError) -> TraceEvent?
  {
    guard fields.has(.type) else {
      throw LineError(column: 1, message: "missing required key \"type\"")
    }
    let type = fields[.type]
    guard type.tag == .string else { throw wrongType(.type, "a string") }
    switch eventType(base, type) {
    case .update:
      countUnknownKeys(allowed: UpdateFields.allowed)
      return .update(try decodeUpdate(base))
    case .cause:
      countUnknownKeys(allowed: CauseFields.allowed)
      return .cause(try decodeCause(base))
    case .source:
      countUnknownKeys(allowed: SourceFields.allowed)
      return .source(try decodeSource(base))
    default:
      return try decodeRareEvent(base, type, count: count)
    }
  }

  /// The common event types, for dispatching on a line's `type`.
  private enum EventType {
    case update, cause, source
  }

  /// The common event type `type` names, if any.
  @inline(__always)
  private func eventType(_ base: UnsafePointer<UInt8>, _ type: FieldTable.Value) -> EventType? {
    // Escaped names are decoded by ``decodeRareEvent(_:_:)``.
    guard !type.escaped else { return nil }
    // The names as little-endian words (the line is padded: the load may run past the string).
    let word = PlainBytes.load(base + Int(type.lower))
    switch type.upper &- type.lower {
    case 6 where word & 0xFFFF_FFFF_FFFF == 0x6574_6164_7075: return .update
    case 5 where word & 0xFF_FFFF_FFFF == 0x65_7375_6163: return .cause
    case 6 where word & 0xFFFF_FFFF_FFFF == 0x6563_7275_6F73: return .source
    default: return nil
    }
  }

  /// The other event types (and any type with escapes), and unknown ones.
  private mutating func decodeRareEvent(_ base: UnsafePointer<UInt8>, _ type: FieldTable.Value, count: Int)
    throws(LineError)
    -> TraceEvent?
  {
    if equals(base, type, "update") {
      countUnknownKeys(allowed: UpdateFields.allowed)
      return .update(try decodeUpdate(base))
    }
    if equals(base, type, "cause") {
      countUnknownKeys(allowed: CauseFields.allowed)
      return .cause(try decodeCause(base))
    }
    if equals(base, type, "source") {
      countUnknownKeys(allowed: SourceFields.allowed)
      return .source(try decodeSource(base))
    }
    if equals(base, type, "group") {
      countUnknownKeys(allowed: GroupFields.allowed)
      return .group(try checked(GroupFields.self, base).group(in: &self))
    }
    if equals(base, type, "frame") {
      countUnknownKeys(allowed: Self.frameKeys)
      let frame = Frame(
        start: try integer(.start, of: "frame"), deadline: try integer(.deadline, of: "frame"))
      guard frame.deadline > frame.start else {
        throw LineError(
          column: Int(fields[.deadline].offset) + 1, message: "\"deadline\" must be later than \"start\"")
      }
      return .frame(frame)
    }
    if equals(base, type, "trace") {
      countUnknownKeys(allowed: Self.headerKeys)
      return .header(try decodeHeader(base, count: count))
    }
    if equals(base, type, "hitch") {
      countUnknownKeys(allowed: Self.hitchKeys)
      var hitch = Hitch(
        start: try integer(.start, of: "hitch"), duration: try duration(of: "hitch"),
        narrative: try optionalString(base, .narrative))
      if fields.unmatchedKeys > 0 {
        let values = try looseKeys(base, count: count, [("system", .bool), ("cause", .string)])
        if case .bool(let system) = values["system"] { hitch.system = system }
        if case .string(let cause) = values["cause"] { hitch.cause = symbols.intern(cause) }
      }
      return .hitch(hitch)
    }
    if equals(base, type, "hang") {
      countUnknownKeys(allowed: Self.hangKeys)
      return .hang(
        Hang(
          start: try integer(.start, of: "hang"), duration: try duration(of: "hang"),
          kind: try optionalString(base, .kind)))
    }
    if equals(base, type, "sample") {
      countUnknownKeys(allowed: Self.sampleKeys)
      return .sample(try decodeSample(base, count: count))
    }
    if equals(base, type, "interval") {
      countUnknownKeys(allowed: Self.intervalKeys)
      return .interval(try decodeInterval(base, count: count))
    }
    if equals(base, type, "symbol") {
      countUnknownKeys(allowed: Self.symbolKeys)
      return .symbol(try decodeSymbol(base, count: count))
    }
    let typeName = decodedString(base, type)
    unknownTypes[typeName, default: 0] += 1
    for field in [Field.start, .time] where fields.has(field) {
      let value = fields[field]
      if value.tag == .integer && value.fits {
        unknownEarliest = min(unknownEarliest ?? value.integer, value.integer)
      }
    }
    return nil
  }

  /// Every rule checked in turn, for precise errors; the common updates take
  /// ``plainUpdate(_:count:into:)`` instead, under the same rules.
  private mutating func decodeUpdate(_ base: UnsafePointer<UInt8>) throws(LineError) -> Update {
    let update = try checked(UpdateFields.self, base)
    let decoded = makeUpdate(update)
    try register(update.id)
    return decoded
  }

  /// The fields of a `Fields` event scanned into ``fields``, each rule checked in the event's
  /// order (``EventFields/checkOrder``): the first broken one is the error.
  private func checked<Fields: EventFields>(_: Fields.Type, _ base: UnsafePointer<UInt8>) throws(LineError)
    -> Fields
  {
    var event = Fields(base: base)
    for field in Fields.checkOrder {
      if fields.has(field) {
        event.present |= field.bit
        if let rule = event.visit(field, fields[field]) { throw violation(of: rule, by: field, in: base) }
      } else if Fields.required & field.bit != 0 {
        throw missing(field, of: Fields.type)
      }
      if let message = event.missingKey(after: field) { throw LineError(column: 1, message: message) }
    }
    return event
  }

  /// Every rule checked in turn, for precise errors; the common sources take
  /// ``plainEvent(_:count:)`` instead, under the same rules.
  private mutating func decodeSource(_ base: UnsafePointer<UInt8>) throws(LineError) -> Source {
    let fields = try checked(SourceFields.self, base)
    let source = fields.source(in: &self, backtrace: try backtrace(base))
    try register(fields.id)
    return source
  }

  /// Every rule checked in turn, for precise errors; the common causes take
  /// ``parseCause(_:into:)`` instead, under the same rules.
  private mutating func decodeCause(_ base: UnsafePointer<UInt8>) throws(LineError) -> Cause {
    try checked(CauseFields.self, base).cause(in: &self)
  }

  private mutating func decodeHeader(_ base: UnsafePointer<UInt8>, count: Int) throws(LineError)
    -> TraceHeader
  {
    if seenEvent {
      throw LineError(column: 1, message: "the \"trace\" header must be the first line of the trace")
    }
    let version = try integer(.version, of: "trace")
    guard version == TraceHeader.supportedVersion else {
      throw LineError(
        column: Int(fields[.version].offset) + 1,
        message:
          "unsupported trace format version \(version); this tracecli reads version \(TraceHeader.supportedVersion)"
      )
    }
    var refreshRate: Double?
    if fields.has(.refreshRate) {
      let value = fields[.refreshRate]
      // An integer as read; a fraction or an exponent from its text (the scanner has checked it).
      let rate: Double? =
        switch value.tag {
        case .integer where value.fits: Double(value.integer)
        case .number:
          Double(
            String(
              decoding: UnsafeBufferPointer(start: base + value.range.lowerBound, count: value.range.count),
              as: UTF8.self))
        default: nil
        }
      guard let rate, TraceHeader.refreshRates.contains(rate) else {
        throw LineError(
          column: Int(value.offset) + 1,
          message: "\"refreshRate\" must be a number of Hz from 0.001 to 1000000000")
      }
      refreshRate = rate
    }
    var header = TraceHeader(
      version: version, app: try plainString(base, .app), device: try plainString(base, .device),
      refreshRate: refreshRate, start: try optionalInteger(.start),
      producer: try plainString(base, .producer))
    if fields.unmatchedKeys > 0 { try decodeLongHeaderKeys(base, count: count, into: &header) }
    return header
  }

  /// Reads the header's keys the field table does not hold: `refreshRateSource` (too long for
  /// it) and `recorded`.
  private mutating func decodeLongHeaderKeys(
    _ base: UnsafePointer<UInt8>, count: Int, into header: inout TraceHeader
  )
    throws(LineError)
  {
    let values = try looseKeys(base, count: count, [("refreshRateSource", .string), ("recorded", .strings)])
    if case .string(let source) = values["refreshRateSource"] { header.refreshRateSource = source }
    if case .strings(let recorded) = values["recorded"] { header.recorded = recorded }
  }

  /// What a key outside the field table holds.
  enum LooseValue: Equatable {
    case string(String)
    case bool(Bool)
    case strings([String])
    case integer(Int64)
    case integers([Int64])
  }

  /// The type a key outside the field table must have.
  enum LooseType {
    case string, bool, strings, integer, integers

    var name: String {
      switch self {
      case .string: "a string"
      case .bool: "a boolean"
      case .strings: "an array of strings"
      case .integer: "an integer"
      case .integers: "an array of integers"
      }
    }
  }

  /// Reads `keys`, which the field table does not hold, from a line the strict scan accepted,
  /// walking its top-level keys with the scanner (values of any depth skipped): for the rare
  /// lines that carry them (the header, hitches), not worth fields of the hot table. A repeated
  /// key: the last one counts. Each key found is no longer counted as unknown.
  ///
  /// - Throws: a located error when a key's value has another type (the first one's).
  private mutating func looseKeys(
    _ base: UnsafePointer<UInt8>, count: Int, _ keys: [(name: String, type: LooseType)]
  ) throws(LineError) -> [String: LooseValue] {
    var scanner = JSONScanner(base: base, count: count)
    var found: [String: LooseValue] = [:]
    // Per key, the last occurrence's type error (a later valid one clears it: the last counts).
    var wrongTypes: [String: (column: Int, found: String)] = [:]
    /// The string at the scanner, decoded.
    func string(_ scanner: inout JSONScanner) throws(JSONScanError) -> String {
      let value = try scanner.scanString()
      return JSONString.decoded(
        UnsafeBufferPointer(start: base + value.range.lowerBound, count: value.range.count),
        escaped: value.escaped)
    }
    func typeName(at index: Int) -> String {
      switch base[index] {
      case 0x7B: "an object"
      case 0x5B: "an array"
      case 0x22: "a string"
      case 0x74, 0x66: "a boolean"
      case 0x6E: "null"
      default: "a number"
      }
    }
    // The strict scan accepted the line: it is one object, so the walk cannot fail.
    do throws(JSONScanError) {
      scanner.skipWhitespace()
      try scanner.expect(0x7B, "expected a JSON object")
      scanner.skipWhitespace()
      walk: while scanner.position < count && base[scanner.position] == 0x22 {
        let name = try string(&scanner)
        scanner.skipWhitespace()
        try scanner.expect(0x3A, "expected ':' after the key")
        scanner.skipWhitespace()
        let valueStart = scanner.position
        guard let type = keys.first(where: { $0.name == name })?.type else {
          try scanner.skipValue()
          guard scanner.skipToNextMember() else { break }
          continue
        }
        switch (type, base[valueStart]) {
        case (.string, 0x22):
          found[name] = .string(try string(&scanner))
        case (.bool, 0x74), (.bool, 0x66):
          found[name] = .bool(try scanner.scanLiteral() ?? false)
        case (.strings, 0x5B):
          var items: [String] = []
          scanner.position += 1
          scanner.skipWhitespace()
          while scanner.position < count && base[scanner.position] != 0x5D {
            guard base[scanner.position] == 0x22 else {
              scanner.position = valueStart
              try scanner.skipValue()
              found[name] = nil
              wrongTypes[name] = (valueStart + 1, "an array")
              unknownKeys -= 1
              guard scanner.skipToNextMember() else { break walk }
              continue walk
            }
            items.append(try string(&scanner))
            scanner.skipWhitespace()
            if scanner.position < count && base[scanner.position] == 0x2C {
              scanner.position += 1
              scanner.skipWhitespace()
            }
          }
          scanner.position += 1
          found[name] = .strings(items)
        case (.integer, let first) where first == 0x2D || first &- 0x30 <= 9:
          let number = try scanner.scanNumber()
          if number.isInteger && number.fits {
            found[name] = .integer(number.value)
          } else {
            found[name] = nil
            wrongTypes[name] = (valueStart + 1, number.isInteger ? "an integer out of range" : "a fraction")
          }
        case (.integers, 0x5B):
          var items: [Int64] = []
          scanner.position += 1
          scanner.skipWhitespace()
          var wrong: (column: Int, found: String)?
          while scanner.position < count && base[scanner.position] != 0x5D {
            let itemStart = scanner.position
            if wrong == nil, base[itemStart] == 0x2D || base[itemStart] &- 0x30 <= 9 {
              let number = try scanner.scanNumber()
              if number.isInteger && number.fits {
                items.append(number.value)
              } else {
                wrong = (itemStart + 1, number.isInteger ? "an integer out of range" : "a fraction")
              }
            } else {
              if wrong == nil { wrong = (itemStart + 1, typeName(at: itemStart)) }
              try scanner.skipValue()
            }
            scanner.skipWhitespace()
            if scanner.position < count && base[scanner.position] == 0x2C {
              scanner.position += 1
              scanner.skipWhitespace()
            }
          }
          scanner.position += 1
          if let wrong {
            found[name] = nil
            wrongTypes[name] = (wrong.column, "\(wrong.found) in it")
          } else {
            found[name] = .integers(items)
          }
        default:
          found[name] = nil
          wrongTypes[name] = (valueStart + 1, typeName(at: valueStart))
          try scanner.skipValue()
        }
        if found[name] != nil { wrongTypes[name] = nil }
        unknownKeys -= 1  // counted as unknown by the scan, known after all
        guard scanner.skipToNextMember() else { break }
      }
    } catch {
      throw LineError(column: error.offset + 1, message: error.message)
    }
    // The first wrong key in the event's order of keys, as the reference reports it.
    for key in keys {
      if let wrong = wrongTypes[key.name] {
        throw LineError(
          column: wrong.column, message: "\"\(key.name)\" must be \(key.type.name), found \(wrong.found)")
      }
    }
    return found
  }

  /// An `interval`: `start` and `duration` from the field table, `name`, `subsystem` and
  /// `category` walked.
  private mutating func decodeInterval(_ base: UnsafePointer<UInt8>, count: Int) throws(LineError) -> Interval
  {
    let values = try looseKeys(
      base, count: count, [("name", .string), ("subsystem", .string), ("category", .string)])
    guard case .string(let name) = values["name"] else {
      throw LineError(column: 1, message: "missing required key \"name\" in a \"interval\" event")
    }
    let start = try integer(.start, of: "interval")
    let duration = try duration(of: "interval")
    func symbol(_ key: String) -> Symbol? {
      guard case .string(let text) = values[key] else { return nil }
      return symbols.intern(text)
    }
    return Interval(
      name: symbols.intern(name), start: start, duration: duration, subsystem: symbol("subsystem"),
      category: symbol("category"))
  }

  /// A `sample`: `time` and `thread` from the field table, `weight` and `stack` walked.
  private mutating func decodeSample(_ base: UnsafePointer<UInt8>, count: Int) throws(LineError) -> Sample {
    let time = try integer(.time, of: "sample")
    let (weight, stack) = try sampleKeys(base, count: count)
    guard let weight else {
      throw LineError(column: 1, message: "missing required key \"weight\" in a \"sample\" event")
    }
    guard weight.value > 0 else {
      throw LineError(
        column: weight.column, message: "\"weight\" must be positive: the time the sample stands for, in ns")
    }
    let thread = try optionalString(base, .thread)
    guard let stack else {
      throw LineError(column: 1, message: "missing required key \"stack\" in a \"sample\" event")
    }
    let isMain = thread.map { symbols[$0] == "main" } ?? true
    return Sample(time: time, weight: weight.value, thread: thread, isMainThread: isMain, stack: stack)
  }

  /// A sample's `weight` (with its column) and `stack`, walked from a line the strict scan
  /// accepted: the keys compared as bytes (an escaped key goes through ``looseKeys``), since a
  /// profiled trace has a sample a millisecond.
  private mutating func sampleKeys(_ base: UnsafePointer<UInt8>, count: Int) throws(LineError)
    -> (weight: (value: Int64, column: Int)?, stack: [Int64]?)
  {
    guard fields.unmatchedKeys > 0 else { return (nil, nil) }
    var weight: (value: Int64, column: Int)?
    var stack: [Int64]?
    var scanner = JSONScanner(base: base, count: count)
    var plain = true
    var known = 0
    let weightKey: StaticString = "weight"
    let stackKey: StaticString = "stack"
    do throws(JSONScanError) {
      scanner.skipWhitespace()
      try scanner.expect(0x7B, "expected a JSON object")
      scanner.skipWhitespace()
      while scanner.position < count && base[scanner.position] == 0x22 {
        let key = try scanner.scanString()
        scanner.skipWhitespace()
        try scanner.expect(0x3A, "expected ':' after the key")
        scanner.skipWhitespace()
        let valueStart = scanner.position
        let length = key.range.count
        let head = base + key.range.lowerBound
        if key.escaped {
          plain = false
        } else if length == 6 && memoryEquals(head, weightKey.utf8Start, 6) {
          known += 1
          // The last of repeated keys counts; a wrong type goes to the loose walk's message.
          weight = nil
          if base[valueStart] == 0x2D || base[valueStart] &- 0x30 <= 9 {
            let number = try scanner.scanNumber()
            if number.isInteger && number.fits {
              weight = (number.value, valueStart + 1)
            } else {
              plain = false
            }
          } else {
            plain = false
          }
        } else if length == 5 && memoryEquals(head, stackKey.utf8Start, 5) {
          known += 1
          stack = nil
          if base[valueStart] == 0x5B {
            var ids: [Int64] = []
            scanner.position += 1
            scanner.skipWhitespace()
            while plain && scanner.position < count && base[scanner.position] != 0x5D {
              let item = base[scanner.position]
              guard item == 0x2D || item &- 0x30 <= 9 else {
                plain = false
                break
              }
              let number = try scanner.scanNumber()
              guard number.isInteger && number.fits else {
                plain = false
                break
              }
              ids.append(number.value)
              scanner.skipWhitespace()
              if scanner.position < count && base[scanner.position] == 0x2C {
                scanner.position += 1
                scanner.skipWhitespace()
              }
            }
            if plain {
              scanner.position += 1
              stack = ids
            }
          } else {
            plain = false
          }
        }
        if !plain { break }
        if scanner.position == valueStart { try scanner.skipValue() }
        guard scanner.skipToNextMember() else { break }
      }
    } catch {
      throw LineError(column: error.offset + 1, message: error.message)
    }
    if plain {
      unknownKeys -= known  // counted as unknown by the scan, known after all
      return (weight, stack)
    }
    // Escapes or a wrong type: the general walk, with its messages.
    let values = try looseKeys(base, count: count, [("weight", .integer), ("stack", .integers)])
    var found: (value: Int64, column: Int)?
    if case .integer(let value) = values["weight"] {
      found = (value, looseColumn(base, count: count, key: "weight"))
    }
    if case .integers(let ids) = values["stack"] { return (found, ids) }
    return (found, nil)
  }

  /// A `symbol`: `id` and `user` from the field table, `name` and `binary` walked.
  private mutating func decodeSymbol(_ base: UnsafePointer<UInt8>, count: Int) throws(LineError) -> CodeSymbol
  {
    let id = try integer(.id, of: "symbol")
    let values =
      fields.unmatchedKeys > 0
      ? try looseKeys(base, count: count, [("name", .string), ("binary", .string)]) : [:]
    guard case .string(let name) = values["name"] else {
      throw LineError(column: 1, message: "missing required key \"name\" in a \"symbol\" event")
    }
    var binary: Symbol?
    if case .string(let text) = values["binary"] { binary = symbols.intern(text) }
    let user = try optional(.user, .bool).map { $0.integer != 0 } ?? false
    guard symbolIDs.insert(id) else {
      throw LineError(
        column: Int(fields[.id].offset) + 1,
        message: "duplicate symbol id \(id): ids must be unique among symbol events")
    }
    return CodeSymbol(id: id, name: symbols.intern(name), binary: binary, user: user)
  }

  /// The 1-based column of the value of the top-level `key` of a line the strict scan accepted.
  private func looseColumn(_ base: UnsafePointer<UInt8>, count: Int, key: String) -> Int {
    var scanner = JSONScanner(base: base, count: count)
    do throws(JSONScanError) {
      scanner.skipWhitespace()
      try scanner.expect(0x7B, "expected a JSON object")
      scanner.skipWhitespace()
      var column = 1
      while scanner.position < count && base[scanner.position] == 0x22 {
        let name = try scanner.scanString()
        scanner.skipWhitespace()
        try scanner.expect(0x3A, "expected ':' after the key")
        scanner.skipWhitespace()
        let text = JSONString.decoded(
          UnsafeBufferPointer(start: base + name.range.lowerBound, count: name.range.count),
          escaped: name.escaped)
        if text == key { column = scanner.position + 1 }
        try scanner.skipValue()
        guard scanner.skipToNextMember() else { break }
      }
      return column
    } catch {
      return 1
    }
  }

  private func plainString(_ base: UnsafePointer<UInt8>, _ field: Field) throws(LineError) -> String? {
    guard let value = try optional(field, .string) else { return nil }
    return decodedString(base, value)
  }

  // MARK: - Field access

  private mutating func countUnknownKeys(allowed: UInt32) {
    unknownKeys += fields.unmatchedKeys + (fields.present & ~allowed).nonzeroBitCount
  }

  /// Counts the keys of a plain line that its event type (`allowed`) does not define.
  @inline(__always)
  mutating func countUnknownKeys(present: UInt32, unmatched: Int, allowed: UInt32) {
    let foreign = present & ~allowed
    if unmatched | Int(foreign) != 0 { unknownKeys += unmatched + foreign.nonzeroBitCount }
  }

  @inline(never)
  private func missing(_ field: Field, of type: String) -> LineError {
    LineError(column: 1, message: "missing required key \"\(field.name)\" in a \"\(type)\" event")
  }

  @inline(never)
  private func wrongType(_ field: Field, _ expected: String) -> LineError {
    let value = fields[field]
    let actual: String =
      switch value.tag {
      case .string: "a string"
      case .integer, .number: "a number"
      case .bool: "a boolean"
      case .null: "null"
      case .array: "an array"
      case .object: "an object"
      }
    return LineError(
      column: Int(value.offset) + 1, message: "\"\(field.name)\" must be \(expected), not \(actual)")
  }

  /// The value of `field`, which must obey `rule`; nil when the line lacks it.
  @inline(__always)
  private func optional(_ field: Field, _ rule: ValueRule) throws(LineError) -> FieldTable.Value? {
    guard fields.has(field) else { return nil }
    let value = fields[field]
    guard rule.admits(value) else { throw violation(of: rule, by: field, in: nil) }
    return value
  }

  /// The value of `field`, which a `type` event must have and which must obey `rule`.
  @inline(__always)
  private func required(_ field: Field, _ rule: ValueRule, of type: String) throws(LineError)
    -> FieldTable.Value
  {
    guard let value = try optional(field, rule) else { throw missing(field, of: type) }
    return value
  }

  /// The error for the value of `field` that breaks `rule` (an update kind's spelling is
  /// quoted from the line at `base`).
  @inline(never)
  private func violation(of rule: ValueRule, by field: Field, in base: UnsafePointer<UInt8>?) -> LineError {
    let value = fields[field]
    let column = Int(value.offset) + 1
    switch rule {
    case .string:
      return wrongType(field, "a string")
    case .bool:
      return wrongType(field, "true or false")
    case .identifier where value.isInteger:
      return LineError(
        column: column, message: "\"\(field.name)\" must not be negative: ids are non-negative integers")
    case .duration where value.isInteger:
      return LineError(column: column, message: "\"\(field.name)\" must not be negative")
    case .updateKind:
      guard value.tag == .string else { return wrongType(field, "a string") }
      guard let base else { preconditionFailure("an update kind's error quotes the line") }
      return LineError(
        column: column,
        message: "update \"kind\" must be body, representable or other, not \"\(decodedString(base, value))\""
      )
    case .sourceKind:
      guard value.tag == .string else { return wrongType(field, "a string") }
      guard let base else { preconditionFailure("a source kind's error quotes the line") }
      let names = SourceKind.allCases.map(\.description).joined(separator: ", ")
      return LineError(
        column: column,
        message: "source \"kind\" must be one of \(names), not \"\(decodedString(base, value))\"")
    case .stringArray:
      return wrongType(field, "an array of strings")
    case .integer, .identifier, .duration:
      switch value.tag {
      case .integer:
        return LineError(column: column, message: "\"\(field.name)\" does not fit in a 64-bit integer")
      case .number:
        return LineError(
          column: column, message: "\"\(field.name)\" must be an integer (no fraction or exponent)")
      default:
        return wrongType(field, "an integer")
      }
    }
  }

  @inline(__always)
  private func integer(_ field: Field, of type: String) throws(LineError) -> Int64 {
    try required(field, .integer, of: type).integer
  }

  @inline(__always)
  private func optionalInteger(_ field: Field) throws(LineError) -> Int64? {
    try optional(field, .integer)?.integer
  }

  @inline(__always)
  private func duration(of type: String) throws(LineError) -> Int64 {
    try required(.duration, .duration, of: type).integer
  }

  @inline(__always)
  private mutating func register(_ id: Int64) throws(LineError) {
    guard ids.insert(id) else {
      throw LineError(
        column: Int(fields[.id].offset) + 1,
        message: "duplicate id \(id): ids must be unique across update and source events")
    }
  }

  @inline(__always)
  private mutating func optionalString(_ base: UnsafePointer<UInt8>, _ field: Field) throws(LineError)
    -> Symbol?
  {
    guard let value = try optional(field, .string) else { return nil }
    return internString(base, value)
  }

  private mutating func backtrace(_ base: UnsafePointer<UInt8>) throws(LineError) -> [String] {
    guard fields.has(.backtrace) else { return [] }
    // An array: `checked(SourceFields.self, _:)` has held it to ``ValueRule/stringArray``.
    let value = fields[.backtrace]
    var frames: [String] = []
    var scanner = JSONScanner(base: base, count: value.range.upperBound)
    scanner.position = value.range.lowerBound + 1
    scanner.skipWhitespace()
    while scanner.current != 0x5D {
      guard scanner.current == 0x22, let string = try? scanner.scanString() else {
        throw LineError(column: scanner.position + 1, message: "\"backtrace\" must be an array of strings")
      }
      var element = FieldTable.Value()
      element.lower = Int32(truncatingIfNeeded: string.range.lowerBound)
      element.upper = Int32(truncatingIfNeeded: string.range.upperBound)
      element.escaped = string.escaped
      frames.append(decodedString(base, element))
      scanner.skipWhitespace()
      if scanner.current == 0x2C {
        scanner.position += 1
        scanner.skipWhitespace()
      }
    }
    return frames
  }

  // MARK: - Strings

  private func equals(_ base: UnsafePointer<UInt8>, _ value: FieldTable.Value, _ literal: StaticString)
    -> Bool
  {
    if value.escaped {
      return decodedString(base, value) == literal.description
    }
    guard value.range.count == literal.utf8CodeUnitCount else { return false }
    return memoryEquals(base + value.range.lowerBound, literal.utf8Start, value.range.count)
  }

  /// The symbol of a string value, decoded when it has escapes.
  mutating func internString(_ base: UnsafePointer<UInt8>, _ value: FieldTable.Value) -> Symbol {
    if !value.escaped {
      // The line is padded, so the symbol table may read past the string.
      return symbols.intern(padded: base + value.range.lowerBound, count: value.range.count)
    }
    decode(base, value.range)
    return scratch.withUnsafeBytes { symbols.intern($0) }
  }

  private func decodedString(_ base: UnsafePointer<UInt8>, _ value: FieldTable.Value) -> String {
    JSONString.decoded(
      UnsafeBufferPointer(start: base + value.range.lowerBound, count: value.range.count),
      escaped: value.escaped)
  }

  /// Decodes the escapes of the raw string contents at `range` into `scratch`.
  mutating func decode(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) {
    scratch.removeAll(keepingCapacity: true)
    JSONString.unescape(
      UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), into: &scratch)
  }
}
