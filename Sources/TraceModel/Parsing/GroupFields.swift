/// The fields of a `group` line, and the rules they obey (see ``UpdateFields``).
struct GroupFields: EventFields {
  static var predictionSet: Int { 2 }
  static var type: String { "group" }
  static var required: UInt32 { Field.mask(.type, .start, .duration) }
  static var allowed: UInt32 { Field.mask(.type, .id, .start, .duration, .label) }
  static let checkOrder: [Field] = [.id, .start, .duration, .label]

  let base: UnsafePointer<UInt8>
  var present: UInt32 = 0
  var unmatched = 0
  var id: Int64 = 0
  var start: Int64 = 0
  var duration: Int64 = 0
  /// The `label` string, as a value (escapes are decoded on interning).
  var label = FieldTable.Value(tag: .null, offset: 0)

  @inline(__always) init(base: UnsafePointer<UInt8>) { self.base = base }

  @inline(__always)
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> ValueRule? {
    switch field {
    case .type:
      // Only the fast path visits it: "group", as a little-endian word.
      return value.isPlainString(base, 0x70_756F_7267, count: 5) ? nil : .string
    case .id:
      return value.integer(into: &id, .identifier)
    case .start:
      return value.integer(into: &start, .integer)
    case .duration:
      return value.integer(into: &duration, .duration)
    case .label:
      return value.string(into: &label)
    default:
      // A key of another event type: counted as unknown.
      return nil
    }
  }

  /// The group, with its label interned in `parser`.
  @inline(__always)
  func group(in parser: inout JSONLinesParser) -> UpdateGroup {
    UpdateGroup(
      id: present & Field.id.bit != 0 ? id : nil, start: start, duration: duration,
      label: present & Field.label.bit != 0 ? parser.internString(base, label) : nil)
  }
}
