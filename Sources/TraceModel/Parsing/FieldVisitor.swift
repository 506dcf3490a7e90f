/// Receives the values of an object line in order, from
/// ``JSONLinesParser/scanObject(_:count:into:_:)``.
protocol FieldVisitor {
  /// The key predictions this visitor's lines share (below ``FieldTable/predictionSets``).
  static var predictionSet: Int { get }
  /// One bit per ``Field`` the line has (set by the scan).
  var present: UInt32 { get set }
  /// Keys that are no field (counted by the scan).
  var unmatched: Int { get set }

  /// Takes the value of one key; returns the rule it breaks (the fast path then gives the line
  /// up), or nil.
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> ValueRule?
}

extension FieldVisitor {
  static var predictionSet: Int { 0 }
}

/// The fields of one event type with the rules they obey (``UpdateFields``, ``CauseFields``):
/// what the strict path checks, in order, to name the first rule a line breaks.
protocol EventFields: FieldVisitor {
  /// The event type, as lines spell it.
  static var type: String { get }
  /// The keys the event must have (the strict path has matched `type` already).
  static var required: UInt32 { get }
  /// The keys the event defines; others are counted as unknown.
  static var allowed: UInt32 { get }
  /// The order in which the strict path checks the keys: which error a line with several gets.
  static var checkOrder: [Field] { get }

  init(base: UnsafePointer<UInt8>)

  /// The error for a key the values seen so far require, checked right after `field` (say,
  /// `view` in a `body` update): nil when none is missing.
  func missingKey(after field: Field) -> String?

  /// Whether the keys the event must have are all there: the fast path's test.
  var isComplete: Bool { get }
}

extension EventFields {
  func missingKey(after field: Field) -> String? { nil }

  @inline(__always) var isComplete: Bool { present & Self.required == Self.required }
}

/// Stores the values of a line into a ``FieldTable`` for the strict decoders.
struct FieldTableFiller: FieldVisitor {
  /// Sources, groups and the rare types: apart from the updates' and causes' predictions.
  static var predictionSet: Int { 2 }

  let values: UnsafeMutablePointer<FieldTable.Value>
  var present: UInt32 = 0
  var unmatched = 0

  init(values: UnsafeMutablePointer<FieldTable.Value>) { self.values = values }

  @inline(__always)
  mutating func visit(_ field: Field, _ value: FieldTable.Value) -> ValueRule? {
    values[field.index] = value
    return nil
  }
}
