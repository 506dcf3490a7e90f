/// The JSON layer's document mode: a whole file (a budget) read into a tree of ``LocatedJSON``
/// values on ``JSONScanner``.
///
/// The scanner validates and measures every token (strings, escapes, UTF-8, numbers, literals)
/// and names each fault as it does on a trace line; this type adds only what a document needs
/// beyond that: the tree, the 1-based line and byte column of each value, a leading byte-order
/// mark, nesting limited to ``depthLimit``, and duplicate keys refused (a file must not say
/// two things at once). Errors name the first byte that cannot continue the document.
package struct LocatedJSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let depthLimit = 64

  private var scanner: JSONScanner
  private let bytes: UnsafeBufferPointer<UInt8>
  private let lineStarts: LineStarts

  private init(scanner: JSONScanner, bytes: UnsafeBufferPointer<UInt8>, lineStarts: LineStarts) {
    self.scanner = scanner
    self.bytes = bytes
    self.lineStarts = lineStarts
  }

  /// Parses `bytes` (the whole file) into a value.
  package static func parse(_ bytes: [UInt8]) throws(LocatedJSONError) -> LocatedJSON {
    let byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let lineStarts = LineStarts(bytes, firstLine: byteOrderMark)
    // The scanner reads words past the end: pad with bytes that are no JSON token.
    var padded = bytes
    padded.append(contentsOf: repeatElement(0, count: 16))
    let result = padded.withUnsafeBufferPointer { buffer -> Result<LocatedJSON, LocatedJSONError> in
      // (Never nil: the padding makes the buffer at least 16 bytes long.)
      var scanner = JSONScanner(base: buffer.baseAddress!, count: bytes.count)
      scanner.readsDocument = true
      scanner.position = byteOrderMark
      var parser = LocatedJSONParser(
        scanner: scanner, bytes: UnsafeBufferPointer(rebasing: buffer[..<bytes.count]), lineStarts: lineStarts
      )
      return Result { () throws(LocatedJSONError) -> LocatedJSON in try parser.document() }
    }
    return try result.get()
  }

  private mutating func document() throws(LocatedJSONError) -> LocatedJSON {
    scanner.skipWhitespace()
    guard !scanner.isAtEnd else {
      throw LocatedJSONError(
        location: location(scanner.position), message: "the file is empty; expected a JSON object")
    }
    let value = try self.value(depth: 0)
    scanner.skipWhitespace()
    if !scanner.isAtEnd { throw error(scanner.error("unexpected data after the JSON value")) }
    return value
  }

  // MARK: - Values

  private mutating func value(depth: Int) throws(LocatedJSONError) -> LocatedJSON {
    let start = scanner.position
    if !scanner.isAtEnd && scanner.current == UInt8(ascii: "{") { return try object(depth: depth + 1) }
    if !scanner.isAtEnd && scanner.current == UInt8(ascii: "[") { return try array(depth: depth + 1) }
    let kind: LocatedJSON.Kind
    do throws(JSONScanError) {
      guard !scanner.isAtEnd else { throw scanner.error("expected a value") }
      switch scanner.current {
      case UInt8(ascii: "\""): kind = .string(try string())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let number = try scanner.scanNumber()
        kind = .number(String(decoding: bytes[start..<scanner.position], as: UTF8.self), number)
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        kind = try scanner.scanLiteral().map { .bool($0) } ?? .null
      default: throw scanner.error("expected a value")
      }
    } catch {
      throw self.error(error)
    }
    return LocatedJSON(kind: kind, location: location(start), endOffset: scanner.position)
  }

  private mutating func object(depth: Int) throws(LocatedJSONError) -> LocatedJSON {
    let start = try enter(depth: depth)
    var members: [LocatedJSON.Member] = []
    var seen: [String: TextLocation] = [:]
    if close(UInt8(ascii: "}")) {
      return LocatedJSON(kind: .object([]), location: start, endOffset: scanner.position)
    }
    while true {
      scanner.skipWhitespace()
      let keyLocation = location(scanner.position)
      let key: String
      do throws(JSONScanError) {
        guard !scanner.isAtEnd, scanner.current == UInt8(ascii: "\"") else {
          throw scanner.error("expected a string key")
        }
        key = try string()
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: ":"), "expected ':' after the key")
      } catch {
        throw self.error(error)
      }
      if let first = seen[key] {
        throw LocatedJSONError(
          location: keyLocation, message: "duplicate key \"\(key)\" (first on line \(first.line))")
      }
      seen[key] = keyLocation
      scanner.skipWhitespace()
      members.append(LocatedJSON.Member(key: key, keyLocation: keyLocation, value: try value(depth: depth)))
      if try next(UInt8(ascii: "}")) {
        return LocatedJSON(kind: .object(members), location: start, endOffset: scanner.position)
      }
    }
  }

  private mutating func array(depth: Int) throws(LocatedJSONError) -> LocatedJSON {
    let start = try enter(depth: depth)
    var elements: [LocatedJSON] = []
    if close(UInt8(ascii: "]")) {
      return LocatedJSON(kind: .array([]), location: start, endOffset: scanner.position)
    }
    while true {
      scanner.skipWhitespace()
      elements.append(try value(depth: depth))
      if try next(UInt8(ascii: "]")) {
        return LocatedJSON(kind: .array(elements), location: start, endOffset: scanner.position)
      }
    }
  }

  /// Steps into a container at its opening bracket; returns the container's location.
  private mutating func enter(depth: Int) throws(LocatedJSONError) -> TextLocation {
    if depth > Self.depthLimit {
      throw error(scanner.error("nesting deeper than \(Self.depthLimit) levels"))
    }
    let start = location(scanner.position)
    scanner.position += 1
    scanner.skipWhitespace()
    return start
  }

  /// Consumes `bracket` right after an opening one: whether the container is empty.
  private mutating func close(_ bracket: UInt8) -> Bool {
    guard !scanner.isAtEnd, scanner.current == bracket else { return false }
    scanner.position += 1
    return true
  }

  /// After an element: consumes a comma (false) or the closing `bracket` (true).
  private mutating func next(_ bracket: UInt8) throws(LocatedJSONError) -> Bool {
    scanner.skipWhitespace()
    let expected = bracket == UInt8(ascii: "}") ? "expected ',' or '}'" : "expected ',' or ']'"
    guard !scanner.isAtEnd else { throw error(scanner.error(expected)) }
    let byte = scanner.current
    if byte == UInt8(ascii: ",") || byte == bracket {
      scanner.position += 1
      return byte == bracket
    }
    throw error(scanner.error(expected))
  }

  /// The string at the opening quote, decoded.
  private mutating func string() throws(JSONScanError) -> String {
    let string = try scanner.scanString()
    return JSONString.decoded(UnsafeBufferPointer(rebasing: bytes[string.range]), escaped: string.escaped)
  }

  // MARK: - Locations

  /// The line, column and offset of the byte at `offset`.
  private func location(_ offset: Int) -> TextLocation {
    let (line, column) = lineStarts.location(of: offset)
    return TextLocation(line: line, column: column, offset: offset)
  }

  /// A scanner error at its line and column.
  private func error(_ error: JSONScanError) -> LocatedJSONError {
    LocatedJSONError(location: location(error.offset), message: error.message)
  }
}
