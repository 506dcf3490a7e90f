/// The values of the known keys of one line, as byte ranges and scanned numbers.
///
/// Reused from line to line (only `present` is reset); values live in one fixed allocation so
/// the hot loop writes them without copy-on-write checks.
@usableFromInline
struct FieldTable {
  /// What a value turned out to be.
  @usableFromInline
  enum Tag: UInt8 {
    case string, integer, number, bool, null, array, object
  }

  @usableFromInline
  struct Value {
    /// For numbers: the integer (valid when `fits`); for booleans 0 or 1.
    @usableFromInline var integer: Int64 = 0
    /// Offset of the value's first byte (for a string, its opening quote).
    @usableFromInline var offset: Int32 = 0
    /// For strings: the raw contents; for arrays and objects: the whole value.
    @usableFromInline var lower: Int32 = 0
    @usableFromInline var upper: Int32 = 0
    @usableFromInline var tag: Tag = .null
    @usableFromInline var escaped = false
    /// For numbers: an integer that fits in Int64.
    @usableFromInline var fits = true

    @usableFromInline init() {}

    @inlinable var range: Range<Int> { Int(lower)..<Int(upper) }
  }

  /// Frees the storage when the last copy of the table goes.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    @usableFromInline let values: UnsafeMutablePointer<Value>

    init() {
      values = .allocate(capacity: Field.allCases.count)
      values.initialize(repeating: Value(), count: Field.allCases.count)
    }

    deinit { values.deallocate() }
  }

  @usableFromInline let storage = Storage()
  @usableFromInline let values: UnsafeMutablePointer<Value>
  /// One bit per ``Field`` present on this line.
  @usableFromInline var present: UInt32 = 0
  /// Keys that matched no field.
  @usableFromInline var unmatchedKeys = 0

  @usableFromInline init() {
    values = storage.values
  }

  @inlinable func has(_ field: Field) -> Bool { present & field.bit != 0 }

  @inlinable subscript(field: Field) -> Value {
    get { values[field.index] }
    nonmutating set { values[field.index] = newValue }
  }
}
