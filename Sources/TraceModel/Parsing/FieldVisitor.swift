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
