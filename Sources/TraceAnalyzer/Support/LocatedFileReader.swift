import TraceModel

/// The checks every reader of a small located JSON file (a budget, a baseline) makes on its
/// values: each failure a ``BudgetError`` at the value's line and column.
protocol LocatedFileReader {
  /// The file's name as given, for messages.
  var file: String { get }
}

extension LocatedFileReader {
  /// The JSON document `bytes` of file `file`, or its syntax error at its line and column.
  static func document(_ bytes: [UInt8], file: String) throws(BudgetError) -> LocatedJSON {
    do {
      return try LocatedJSONParser.parse(bytes)
    } catch {
      throw BudgetError(file: file, error)
    }
  }

  func object(_ value: LocatedJSON, what: String) throws(BudgetError) -> [LocatedJSON.Member] {
    guard let members = value.members else {
      throw error(value, "\(what) must be an object, found \(value.typeName)")
    }
    return members
  }

  func array(_ value: LocatedJSON, key: String) throws(BudgetError) -> [LocatedJSON] {
    guard case .array(let elements) = value.kind else {
      throw error(value, "\"\(key)\" must be an array of objects, found \(value.typeName)")
    }
    return elements
  }

  func string(_ value: LocatedJSON, key: String) throws(BudgetError) -> String {
    guard case .string(let text) = value.kind else {
      throw error(value, "\"\(key)\" must be a string, found \(value.typeName)")
    }
    return text
  }

  func nonEmpty(_ value: LocatedJSON, key: String) throws(BudgetError) -> String {
    let text = try string(value, key: key)
    guard !text.isEmpty else { throw error(value, "\"\(key)\" must not be empty") }
    return text
  }

  /// A non-negative JSON integer (no fraction, no exponent) that fits in Int64.
  func integer(_ value: LocatedJSON, key: String) throws(BudgetError) -> Int64 {
    guard case .number(let text, let number) = value.kind else {
      throw error(value, "\"\(key)\" must be a whole number, found \(value.typeName)")
    }
    guard number.isInteger else {
      throw error(value, "\"\(key)\" must be a whole number without fraction or exponent, found \(text)")
    }
    guard !text.hasPrefix("-") else { throw error(value, "\"\(key)\" must not be negative, found \(text)") }
    guard number.fits else {
      throw error(value, "\"\(key)\" does not fit in a 64-bit integer: \(text)")
    }
    return number.value
  }

  func checkKeys(_ members: [LocatedJSON.Member], allowed: [String], what: String) throws(BudgetError) {
    for member in members where !allowed.contains(member.key) {
      var message = "unknown key \"\(member.key)\" in \(what)"
      let suggestion = Suggestion.didYouMean(member.key, among: allowed, quote: "\"")
      message += suggestion.isEmpty ? " (expected one of \(allowed.joined(separator: ", ")))" : suggestion
      throw BudgetError(file: file, location: member.keyLocation, message: message)
    }
  }

  func error(_ value: LocatedJSON, _ message: String) -> BudgetError {
    BudgetError(file: file, location: value.location, message: message)
  }
}
