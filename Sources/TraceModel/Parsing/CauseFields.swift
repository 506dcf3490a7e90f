/// The fields of a `cause` line, and the rules they obey (see ``UpdateFields``).
struct CauseFields: EventFields {
  static var predictionSet: Int { 1 }
  static var type: String { "cause" }
  static var required: UInt32 { Field.mask(.type, .from, .to) }
  static var allowed: UInt32 { Field.mask(.type, .from, .to, .label, .time, .changed, .valueType) }
  static let checkOrder: [Field] = [.from, .to, .label, .time, .changed, .valueType]

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

  /// Transparent, as ``UpdateFields/visit(_:_:)`` is: ``JSONLinesParser/orderedCause(_:into:)``
  /// calls it with the field known.
  @_transparent
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> ValueRule? {
    switch field {
    case .type:
      // Only the fast path visits it (any other type gives the line up): "cause", as a
      // little-endian word.
      return value.isPlainString(base, 0x65_7375_6163, count: 5) ? nil : .string
    case .from:
      return value.integer(into: &from, .identifier)
    case .to:
      return value.integer(into: &to, .identifier)
    case .time:
      return value.integer(into: &time, .integer)
    case .label:
      return value.string(into: &label)
    case .changed:
      return value.string(into: &changed)
    case .valueType:
      return value.string(into: &valueType)
    default:
      // A key of another event type: counted as unknown.
      return nil
    }
  }

  /// The cause, with its strings interned in `parser`.
  @inline(__always)
  func cause(in parser: inout JSONLinesParser) -> Cause {
    let label = present & Field.label.bit != 0 ? symbol(label, in: &parser) : parser.updateLabel
    let changed = present & Field.changed.bit != 0 ? symbol(changed, in: &parser) : nil
    let valueType = present & Field.valueType.bit != 0 ? symbol(valueType, in: &parser) : nil
    return Cause(
      from: from, to: to, label: label, time: present & Field.time.bit != 0 ? time : nil, changed: changed,
      valueType: valueType)
  }

  /// The interned string `value`.
  @inline(__always)
  private func symbol(_ value: FieldTable.Value, in parser: inout JSONLinesParser) -> Symbol {
    if !value.escaped && value.upper &- value.lower == 6
      && PlainBytes.load(base + Int(value.lower)) & 0xFFFF_FFFF_FFFF == 0x6574_6164_7075
    {
      // `update`, the label of most causes.
      return parser.updateLabel
    }
    return parser.internString(base, value)
  }
}
