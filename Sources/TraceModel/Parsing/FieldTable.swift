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
    /// For strings: the raw contents; for arrays, objects and numbers the strict scanner read:
    /// the whole value.
    @usableFromInline var lower: Int32 = 0
    @usableFromInline var upper: Int32 = 0
    @usableFromInline var tag: Tag = .null
    @usableFromInline var escaped = false
    /// For numbers: an integer that fits in Int64.
    @usableFromInline var fits = true

    @usableFromInline init() {}

    /// A whole value at once (one store instead of one per property).
    @inlinable @inline(__always)
    init(tag: Tag, offset: Int, integer: Int64 = 0, lower: Int = 0, upper: Int = 0) {
      self.integer = integer
      self.offset = Int32(truncatingIfNeeded: offset)
      self.lower = Int32(truncatingIfNeeded: lower)
      self.upper = Int32(truncatingIfNeeded: upper)
      self.tag = tag
    }

    @inlinable var range: Range<Int> { Int(lower)..<Int(upper) }
  }

  /// The known keys by ``Field/slot(ofHead:)``: a perfect hash table of 64 slots.
  @usableFromInline
  struct KeySlot {
    /// The key's first eight bytes and the next eight, zero-padded (little-endian).
    @usableFromInline var head: UInt64 = 0
    @usableFromInline var tail: UInt64 = 0
    /// The key's length in bytes; `Int.max` in an empty slot.
    @usableFromInline var length = Int.max
    @usableFromInline var field = Field.type
  }

  /// The key expected after a given one (recorders write keys in a fixed order), with the
  /// bytes around it: `{"key":` or `,"key":`, at most 16 bytes as two masked little-endian words.
  ///
  /// The object scanner learns them from the lines it reads; ``RecorderOrder``'s are constant,
  /// and a string key's takes the value's opening quote too (`,"kind":"`).
  @usableFromInline
  struct KeyPrediction {
    @usableFromInline var head: UInt64 = 1
    @usableFromInline var headMask: UInt64 = 0
    @usableFromInline var tail: UInt64 = 0
    @usableFromInline var tailMask: UInt64 = 0
    /// The number of bytes matched.
    @usableFromInline var length = 0
    @usableFromInline var field = Field.type
    /// ``FieldTable/keySlot(after:)`` of ``field``.
    @usableFromInline var nextSlot = 0

    @usableFromInline init() {}

    /// Whether the 16 bytes at `start` begin with the predicted bytes (never, until learned).
    @inlinable @inline(__always)
    func matches(_ start: UnsafePointer<UInt8>) -> Bool {
      PlainBytes.load(start) & headMask == head && PlainBytes.load(start + 8) & tailMask == tail
    }

    /// Predicts `field` with the `length` (at most 16) bytes spelled by `head` and `tail`, two
    /// little-endian words: a constant prediction.
    @inlinable @inline(__always)
    init(_ field: Field, _ head: UInt64, _ tail: UInt64, length: Int) {
      headMask = length >= 8 ? ~0 : PlainBytes.lowBytes(length)
      tailMask = length <= 8 ? 0 : length >= 16 ? ~0 : PlainBytes.lowBytes(length - 8)
      self.head = head & headMask
      self.tail = tail & tailMask
      self.length = length
      self.field = field
      nextSlot = FieldTable.keySlot(after: field)
    }

    /// Whether this prediction was ever learned.
    @inlinable var isLearned: Bool { length != 0 }

    /// Predicts `field` with the `length` (at most 16) bytes at `start`.
    @inlinable @inline(__always)
    init(_ field: Field, bytes start: UnsafePointer<UInt8>, length: Int) {
      self.init(field, PlainBytes.load(start), PlainBytes.load(start + 8), length: length)
    }
  }

  /// The prediction slots of one set (one shape of line: updates, causes, the rest).
  @inlinable static var predictionSetSize: Int { Field.allCases.count &+ 2 }
  /// The predictions a slot holds: two, as a key is often followed by one of two (`view` or
  /// `label`; `group` or the end).
  @inlinable static var predictionWays: Int { 2 }
  /// The number of prediction sets: ``FieldVisitor/predictionSet``'s three for lines that open
  /// with their type, and three more for lines that do not (``headlessSets`` after them).
  @inlinable static var predictionSets: Int { 6 }
  /// How far a line without the usual head, `{"type":"…"`, moves its visitor's prediction set:
  /// its keys come in another order, and learning them in the same set would evict the
  /// predictions of the lines around it.
  @inlinable static var headlessSets: Int { 3 }

  /// The prediction slot of an object's first key.
  @inlinable static var firstKeySlot: Int { 0 }

  /// The prediction slot of the key after `field` (nil: after a key that is no field).
  @inlinable @inline(__always)
  static func keySlot(after field: Field?) -> Int {
    if let field { return field.index &+ 1 }
    return Field.allCases.count &+ 1
  }

  /// Frees the storage when the last copy of the table goes.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    @usableFromInline let values: UnsafeMutablePointer<Value>
    @usableFromInline let keySlots: UnsafeMutablePointer<KeySlot>
    /// ``FieldTable/predictionWays`` per ``FieldTable/keySlot(after:)``, in
    /// ``FieldTable/predictionSets`` sets.
    @usableFromInline let predictions: UnsafeMutablePointer<KeyPrediction>

    init() {
      let predictionCount =
        FieldTable.predictionSetSize * FieldTable.predictionSets * FieldTable.predictionWays
      predictions = .allocate(capacity: predictionCount)
      predictions.initialize(repeating: KeyPrediction(), count: predictionCount)
      values = .allocate(capacity: Field.allCases.count)
      values.initialize(repeating: Value(), count: Field.allCases.count)
      keySlots = .allocate(capacity: 64)
      keySlots.initialize(repeating: KeySlot(), count: 64)
      for field in Field.allCases {
        var name = Array(field.name.utf8)
        let length = name.count
        name.append(contentsOf: repeatElement(0, count: 16))
        var slot = KeySlot()
        for index in 0..<min(length, 16) {
          if index < 8 {
            slot.head |= UInt64(name[index]) << UInt64(index * 8)
          } else {
            slot.tail |= UInt64(name[index]) << UInt64((index - 8) * 8)
          }
        }
        slot.length = length
        slot.field = field
        let position = Field.slot(ofHead: slot.head)
        precondition(length <= 16 && keySlots[position].length == .max, "Field.hashMultiplier collides")
        keySlots[position] = slot
      }
    }

    deinit {
      values.deallocate()
      keySlots.deallocate()
      predictions.deallocate()
    }
  }

  @usableFromInline let storage = Storage()
  @usableFromInline let values: UnsafeMutablePointer<Value>
  @usableFromInline let keySlots: UnsafeMutablePointer<KeySlot>
  @usableFromInline let predictions: UnsafeMutablePointer<KeyPrediction>
  /// One bit per ``Field`` present on this line.
  @usableFromInline var present: UInt32 = 0
  /// Keys that matched no field.
  @usableFromInline var unmatchedKeys = 0

  @usableFromInline init() {
    values = storage.values
    keySlots = storage.keySlots
    predictions = storage.predictions
  }

  @inlinable func has(_ field: Field) -> Bool { present & field.bit != 0 }

  @inlinable subscript(field: Field) -> Value {
    get { values[field.index] }
    nonmutating set { values[field.index] = newValue }
  }

  /// The field named by the `length` bytes at `key` (the padded line: loads may run past it).
  @inlinable @inline(__always)
  func field(_ key: UnsafePointer<UInt8>, length: Int) -> Field? {
    guard length <= 16 else { return nil }
    let headMask = length >= 8 ? ~0 : PlainBytes.lowBytes(length)
    let tailMask = length <= 8 ? 0 : length == 16 ? ~0 : PlainBytes.lowBytes(length &- 8)
    let head = PlainBytes.load(key) & headMask
    let slot = keySlots[Field.slot(ofHead: head)]
    guard slot.head == head && slot.length == length && slot.tail == PlainBytes.load(key + 8) & tailMask
    else { return nil }
    return slot.field
  }
}
