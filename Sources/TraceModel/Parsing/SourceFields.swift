/// The fields of a `source` line, and the rules they obey (see ``UpdateFields``).
///
/// The fast path gives a line with a `backtrace` up: its frames are decoded, and their errors
/// located, by the strict path alone.
struct SourceFields: EventFields {
  static var predictionSet: Int { 2 }
  static var type: String { "source" }
  static var required: UInt32 { Field.mask(.type, .id, .kind, .label) }
  static var allowed: UInt32 {
    Field.mask(.type, .id, .kind, .label, .owner, .property, .user, .time, .backtrace)
  }
  static let checkOrder: [Field] = [.id, .kind, .label, .owner, .property, .user, .time, .backtrace]

  let base: UnsafePointer<UInt8>
  var present: UInt32 = 0
  var unmatched = 0
  var id: Int64 = 0
  var kind = SourceKind.other
  var user = false
  var time: Int64 = 0
  /// The `label`, `owner` and `property` strings, as values (escapes are decoded on interning).
  var label = FieldTable.Value(tag: .null, offset: 0)
  var owner = FieldTable.Value(tag: .null, offset: 0)
  var property = FieldTable.Value(tag: .null, offset: 0)

  @inline(__always) init(base: UnsafePointer<UInt8>) { self.base = base }

  @inline(__always)
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> ValueRule? {
    switch field {
    case .type:
      // Only the fast path visits it: "source", as a little-endian word.
      return value.isPlainString(base, 0x6563_7275_6F73, count: 6) ? nil : .string
    case .id:
      return value.integer(into: &id, .identifier)
    case .kind:
      guard value.tag == .string, let kind = SourceKind(base + Int(value.lower), value) else {
        return .sourceKind
      }
      self.kind = kind
      return nil
    case .label:
      return value.string(into: &label)
    case .owner:
      return value.string(into: &owner)
    case .property:
      return value.string(into: &property)
    case .user:
      user = value.integer != 0
      return ValueRule.bool.broken(by: value)
    case .time:
      return value.integer(into: &time, .integer)
    case .backtrace:
      return ValueRule.stringArray.broken(by: value)
    default:
      // A key of another event type: counted as unknown.
      return nil
    }
  }

  /// The source, with its strings interned in `parser` and the given `backtrace`.
  @inline(__always)
  func source(in parser: inout JSONLinesParser, backtrace: [String]) -> Source {
    Source(
      id: id, kind: kind, label: parser.internString(base, label),
      owner: present & Field.owner.bit != 0 ? parser.internString(base, owner) : nil,
      property: present & Field.property.bit != 0 ? parser.internString(base, property) : nil,
      user: user, time: present & Field.time.bit != 0 ? time : nil, backtrace: backtrace)
  }
}

extension SourceKind {
  /// The kind the string `value` spells (its contents at `start`); nil for anything else.
  @inline(__always)
  init?(_ start: UnsafePointer<UInt8>, _ value: FieldTable.Value) {
    let contents = UnsafeBufferPointer(start: start, count: value.range.count)
    if value.escaped {
      self.init(name: JSONString.decoded(contents))
    } else {
      self.init(utf8: contents)
    }
  }
}
