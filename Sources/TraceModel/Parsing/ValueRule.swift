/// What a field's value must be: the trace format's rules, stated once.
///
/// The fast path tests a rule and gives the line up when a value breaks it; the strict path tests
/// the same rule and explains the break (``JSONLinesParser`` `violation(of:by:in:)`).
enum ValueRule {
  case string
  /// An integer that fits in 64 bits.
  case integer
  /// An id: a non-negative ``integer``.
  case identifier
  /// A non-negative ``integer``.
  case duration
  /// `true` or `false`.
  case bool
  /// A string spelling an ``UpdateKind``.
  case updateKind
  /// A string spelling a ``SourceKind``.
  case sourceKind
  /// An array (of strings: its elements are checked by the caller).
  case stringArray

  /// Whether `value` obeys this rule; a kind's spelling is checked by the caller.
  @inline(__always)
  func admits(_ value: FieldTable.Value) -> Bool {
    switch self {
    case .string, .updateKind, .sourceKind: value.tag == .string
    case .integer: value.isInteger
    case .identifier, .duration: value.isInteger && value.integer >= 0
    case .bool: value.tag == .bool
    case .stringArray: value.tag == .array
    }
  }

  /// This rule when `value` breaks it, nil when it obeys.
  @inline(__always)
  func broken(by value: FieldTable.Value) -> ValueRule? {
    admits(value) ? nil : self
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

  /// Stores this value's integer in `slot`; the rule it breaks, if any (an event's field
  /// visit, in one line).
  @inline(__always)
  func integer(into slot: inout Int64, _ rule: ValueRule) -> ValueRule? {
    slot = integer
    return rule.broken(by: self)
  }

  /// Stores this value in `slot`, where it must be a string; the rule it breaks, if any.
  @inline(__always)
  func string(into slot: inout FieldTable.Value) -> ValueRule? {
    slot = self
    return ValueRule.string.broken(by: self)
  }

  /// Whether this is an integer that fits in 64 bits.
  @inline(__always) var isInteger: Bool { tag == .integer && fits }
}
