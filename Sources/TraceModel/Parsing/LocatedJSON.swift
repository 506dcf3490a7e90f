/// A JSON value that remembers where it was written: a document's syntax tree (a budget file's).
///
/// Numbers keep their source text, so `2` and `2.0` stay apart and no precision is lost;
/// objects keep their members in file order.
package struct LocatedJSON: Hashable, Sendable {
  /// One `"key": value` pair of an object.
  package struct Member: Hashable, Sendable {
    package var key: String
    /// Where the key's opening quote is.
    package var keyLocation: TextLocation
    package var value: LocatedJSON
  }

  /// What the value is.
  package enum Kind: Hashable, Sendable {
    case object([Member])
    case array([LocatedJSON])
    case string(String)
    /// A number as written (valid JSON number syntax), and the scanner's reading of it.
    case number(String, JSONScanner.Number)
    case bool(Bool)
    case null
  }

  package var kind: Kind
  /// Where the value's first byte is.
  package var location: TextLocation
  /// The byte offset just past the value's last byte.
  package var endOffset: Int

  package init(kind: Kind, location: TextLocation, endOffset: Int) {
    self.kind = kind
    self.location = location
    self.endOffset = endOffset
  }

  /// The byte range of the value's text in the file.
  package var range: Range<Int> { location.offset..<endOffset }

  /// `an object`, `a string`, … for messages.
  package var typeName: String {
    switch kind {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  /// The members of an object (nil for other values).
  package var members: [Member]? {
    if case .object(let members) = kind { return members }
    return nil
  }
}
