/// The values of the known keys of one line, as byte ranges and scanned numbers.
///
/// Reused from line to line: only `present` is reset.
@usableFromInline
struct FieldTable {
  /// What a value turned out to be.
  @usableFromInline
  enum Tag: UInt8 {
    case string, integer, number, bool, null, array, object
  }

  @usableFromInline
  struct Value {
    @usableFromInline var tag: Tag = .null
    /// Offset of the value's first byte (for a string, its opening quote).
    @usableFromInline var offset: Int = 0
    /// For strings: the raw contents; for arrays and objects: the whole value.
    @usableFromInline var range: Range<Int> = 0..<0
    @usableFromInline var escaped = false
    /// The integer; for booleans 0 or 1.
    @usableFromInline var integer: Int64 = 0
    /// For numbers: an integer that fits in Int64.
    @usableFromInline var fits = true

    @usableFromInline init() {}
  }

  @usableFromInline var values = [Value](repeating: Value(), count: Field.allCases.count)
  /// One bit per ``Field`` present on this line.
  @usableFromInline var present: UInt32 = 0
  /// Keys that matched no field.
  @usableFromInline var unmatchedKeys = 0

  @usableFromInline init() {}

  @inlinable func has(_ field: Field) -> Bool { present & field.bit != 0 }

  @inlinable subscript(field: Field) -> Value {
    get { values[field.rawValue] }
    set { values[field.rawValue] = newValue }
  }
}
