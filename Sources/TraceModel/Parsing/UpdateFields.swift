/// The fields of an `update` line, and the rules they obey.
///
/// Both paths go through it: the fast path visits a line's values in order and gives the line up
/// at the first rule broken; the strict path visits the scanned ``FieldTable`` in ``checkOrder``
/// and reports the first rule broken with its column. So the rules are stated once, here.
struct UpdateFields: EventFields {
  static var type: String { "update" }
  /// The keys an update must have (and `view`, unless its kind is `other`).
  static var required: UInt32 { Field.mask(.type, .id, .kind, .start, .duration) }
  static var allowed: UInt32 {
    Field.mask(.type, .id, .kind, .view, .label, .module, .start, .duration, .thread, .skipped, .group)
  }
  static let checkOrder: [Field] = [
    .id, .kind, .view, .thread, .label, .module, .start, .duration, .skipped, .group,
  ]

  let base: UnsafePointer<UInt8>
  var present: UInt32 = 0
  var unmatched = 0
  var id: Int64 = 0
  var start: Int64 = 0
  var duration: Int64 = 0
  var group: Int64 = 0
  var kind = UpdateKind.body
  var skipped = false
  /// Whether the thread is spelled `main` without escapes (or there is none).
  var isMainThread = true
  /// The contents of the `view`, `module`, `label` and `thread` strings.
  var view: Range<Int32> = 0..<0
  var module: Range<Int32> = 0..<0
  var label: Range<Int32> = 0..<0
  var thread: Range<Int32> = 0..<0
  /// The bits of the string fields that hold escapes.
  var escaped: UInt32 = 0

  @inline(__always) init(base: UnsafePointer<UInt8>) { self.base = base }

  /// `view`, after it, when the update is no `other` one.
  func missingKey(after field: Field) -> String? {
    guard field == .view && lacksView else { return nil }
    return "missing required key \"view\" in a \(kind) update"
  }

  @inline(__always)
  var isComplete: Bool { present & Self.required == Self.required && !lacksView }

  /// Whether the update needs a `view` it does not have (every kind but `other` needs one).
  @inline(__always)
  private var lacksView: Bool { present & Field.view.bit == 0 && kind != .other }

  /// Transparent: ``JSONLinesParser/orderedUpdate(_:into:)`` calls it with the field known, and
  /// only an inlined switch folds to that field's rule.
  @_transparent
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> ValueRule? {
    switch field {
    case .type:
      // Only the fast path visits it (any other type gives the line up): "update", as a
      // little-endian word.
      return value.isPlainString(base, 0x6574_6164_7075, count: 6) ? nil : .string
    case .id:
      return value.integer(into: &id, .identifier)
    case .kind:
      guard value.tag == .string, let kind = Self.kind(base, value) else { return .updateKind }
      self.kind = kind
      return nil
    case .start:
      return value.integer(into: &start, .integer)
    case .duration:
      return value.integer(into: &duration, .duration)
    case .view:
      view = value.lower..<value.upper
      return string(field, value)
    case .module:
      module = value.lower..<value.upper
      return string(field, value)
    case .label:
      label = value.lower..<value.upper
      return string(field, value)
    case .thread:
      thread = value.lower..<value.upper
      isMainThread =
        !value.escaped && value.upper &- value.lower == 4
        && PlainBytes.load(base + Int(value.lower)) & 0xFFFF_FFFF == 0x6E69_616D
      return string(field, value)
    case .skipped:
      skipped = value.integer != 0
      return ValueRule.bool.broken(by: value)
    case .group:
      return value.integer(into: &group, .identifier)
    default:
      // A key of another event type: counted as unknown.
      return nil
    }
  }

  @inline(__always)
  private mutating func string(_ field: Field, _ value: FieldTable.Value) -> ValueRule? {
    // Never cleared: were a repeated key's last string plain, decoding it changes nothing.
    if value.escaped { escaped |= field.bit }
    return ValueRule.string.broken(by: value)
  }

  /// The update kind a string value spells; nil for anything else.
  @inline(__always)
  private static func kind(_ base: UnsafePointer<UInt8>, _ value: FieldTable.Value) -> UpdateKind? {
    if !value.escaped { return PlainBytes.updateKind(base + Int(value.lower), value.upper &- value.lower) }
    return UpdateKind(
      name: JSONString.decoded(UnsafeBufferPointer(start: base + Int(value.lower), count: value.range.count)))
  }

  /// The interned string `field` at `range`, if the line has it.
  @inline(__always)
  func symbol(_ field: Field, _ range: Range<Int32>, in parser: inout JSONLinesParser) -> Symbol? {
    guard present & field.bit != 0 else { return nil }
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

extension JSONLinesParser {
  /// The update `fields` hold, with its strings interned.
  ///
  /// Transparent: the reader's hot path must have it inlined, and `@inline(__always)` is not
  /// honoured in a caller as large as the scanner.
  @_transparent
  mutating func makeUpdate(_ fields: UpdateFields) -> Update {
    let view = fields.symbol(.view, fields.view, in: &self)
    let module = fields.symbol(.module, fields.module, in: &self)
    let label = fields.symbol(.label, fields.label, in: &self)
    var isMain = fields.isMainThread
    let thread: Symbol?
    if isMain && fields.present & Field.thread.bit != 0, let main = mainThread {
      // Most updates run on `main`: no lookup.
      thread = main
    } else {
      thread = fields.symbol(.thread, fields.thread, in: &self)
      if isMain {
        if let thread { mainThread = thread }
      } else if let thread, fields.escaped & Field.thread.bit != 0 {
        isMain = symbols[thread] == "main"
      }
    }
    return Update(
      id: fields.id, kind: fields.kind, view: view, label: label, module: module, start: fields.start,
      duration: fields.duration, thread: thread, isMainThread: isMain, skipped: fields.skipped,
      group: fields.present & Field.group.bit != 0 ? fields.group : nil)
  }
}
