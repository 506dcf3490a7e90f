/// Parses one JSON document, recording where every value and key starts.
///
/// A small recursive-descent parser for small files (budgets): RFC 8259 syntax, UTF-8, a
/// leading byte-order mark allowed, nesting limited to ``depthLimit``. Duplicate keys in one
/// object are an error (a budget must not say two things at once). Errors carry the 1-based
/// line and byte column of the first byte that cannot continue the document.
package struct LocatedJSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let depthLimit = 64

  private let bytes: [UInt8]
  private let file: String
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var depth = 0

  private init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
  }

  /// Parses `bytes` (the whole file) into a value; `file` names the file in errors.
  package static func parse(_ bytes: [UInt8], file: String) throws(BudgetError) -> LocatedJSON {
    var parser = LocatedJSONParser(bytes: bytes, file: file)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.lineStart = 3
    }
    parser.skipWhitespace()
    guard parser.index < bytes.count else { throw parser.error("the file is empty; expected a JSON object") }
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
    }
    return value
  }

  // MARK: - Values

  private mutating func parseValue() throws(BudgetError) -> LocatedJSON {
    let start = location
    guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""):
      let text = try parseString()
      return LocatedJSON(kind: .string(text), location: start, endOffset: index)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let text = try parseNumber()
      return LocatedJSON(kind: .number(text), location: start, endOffset: index)
    case UInt8(ascii: "t"):
      try parseLiteral("true")
      return LocatedJSON(kind: .bool(true), location: start, endOffset: index)
    case UInt8(ascii: "f"):
      try parseLiteral("false")
      return LocatedJSON(kind: .bool(false), location: start, endOffset: index)
    case UInt8(ascii: "n"):
      try parseLiteral("null")
      return LocatedJSON(kind: .null, location: start, endOffset: index)
    default:
      throw error("expected a value, found \(describeCurrent())")
    }
  }

  private mutating func parseObject() throws(BudgetError) -> LocatedJSON {
    let start = location
    try enter()
    index += 1
    var members: [LocatedJSON.Member] = []
    var seen: [String: TextLocation] = [:]
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      depth -= 1
      return LocatedJSON(kind: .object([]), location: start, endOffset: index)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else { throw error("expected a string key, found \(describeCurrent())") }
      let keyLocation = location
      let key = try parseString()
      if let first = seen[key] {
        throw BudgetError(
          file: file, location: keyLocation, message: "duplicate key \"\(key)\" (first on line \(first.line))"
        )
      }
      seen[key] = keyLocation
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else {
        throw error("expected ':' after a key, found \(describeCurrent())")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(LocatedJSON.Member(key: key, keyLocation: keyLocation, value: value))
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      if peek(UInt8(ascii: "}")) {
        index += 1
        depth -= 1
        return LocatedJSON(kind: .object(members), location: start, endOffset: index)
      }
      throw error("expected ',' or '}', found \(describeCurrent())")
    }
  }

  private mutating func parseArray() throws(BudgetError) -> LocatedJSON {
    let start = location
    try enter()
    index += 1
    var elements: [LocatedJSON] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      depth -= 1
      return LocatedJSON(kind: .array([]), location: start, endOffset: index)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      if peek(UInt8(ascii: "]")) {
        index += 1
        depth -= 1
        return LocatedJSON(kind: .array(elements), location: start, endOffset: index)
      }
      throw error("expected ',' or ']', found \(describeCurrent())")
    }
  }

  private mutating func enter() throws(BudgetError) {
    depth += 1
    if depth > Self.depthLimit {
      throw error("nesting deeper than \(Self.depthLimit) levels")
    }
  }

  // MARK: - Scalars

  /// Parses a string starting at its opening quote; `index` ends past the closing quote.
  private mutating func parseString() throws(BudgetError) -> String {
    let opening = location
    index += 1
    var scalars = String.UnicodeScalarView()
    var pendingHigh: UInt32?
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        if pendingHigh != nil { scalars.append("\u{FFFD}") }
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated escape") }
        let escape = bytes[index]
        let simple: Unicode.Scalar?
        switch escape {
        case UInt8(ascii: "\""): simple = "\""
        case UInt8(ascii: "\\"): simple = "\\"
        case UInt8(ascii: "/"): simple = "/"
        case UInt8(ascii: "b"): simple = "\u{08}"
        case UInt8(ascii: "f"): simple = "\u{0C}"
        case UInt8(ascii: "n"): simple = "\n"
        case UInt8(ascii: "r"): simple = "\r"
        case UInt8(ascii: "t"): simple = "\t"
        case UInt8(ascii: "u"): simple = nil
        default:
          throw error(
            "invalid escape '\\\(escape > 0x20 && escape < 0x7F ? String(UnicodeScalar(escape)) : "?")'")
        }
        if let simple {
          if pendingHigh != nil { scalars.append("\u{FFFD}") }
          pendingHigh = nil
          scalars.append(simple)
          index += 1
          continue
        }
        index += 1
        var code: UInt32 = 0
        for _ in 0..<4 {
          guard index < bytes.count, let digit = hexValue(bytes[index]) else {
            throw error("invalid \\u escape: expected 4 hex digits")
          }
          code = code << 4 | digit
          index += 1
        }
        if (0xD800...0xDBFF).contains(code) {
          if pendingHigh != nil { scalars.append("\u{FFFD}") }
          pendingHigh = code
        } else if (0xDC00...0xDFFF).contains(code) {
          if let high = pendingHigh,
            let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00))
          {
            scalars.append(scalar)
          } else {
            scalars.append("\u{FFFD}")
          }
          pendingHigh = nil
        } else {
          if pendingHigh != nil { scalars.append("\u{FFFD}") }
          pendingHigh = nil
          scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        }
      case 0..<0x20:
        if byte == 0x0A {
          throw BudgetError(
            file: file, location: opening, message: "unterminated string (a line break inside it)")
        }
        throw error("control character 0x\(hex(byte)) in a string must be escaped")
      case 0..<0x80:
        if pendingHigh != nil { scalars.append("\u{FFFD}") }
        pendingHigh = nil
        scalars.append(Unicode.Scalar(byte))
        index += 1
      default:
        if pendingHigh != nil { scalars.append("\u{FFFD}") }
        pendingHigh = nil
        guard let (scalar, length) = decodeUTF8(at: index) else { throw error("invalid UTF-8") }
        scalars.append(scalar)
        index += length
      }
    }
  }

  /// Parses a number per the JSON grammar and returns its text.
  private mutating func parseNumber() throws(BudgetError) -> String {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count && isDigit(bytes[index]) {
        throw error("invalid number: a leading zero must not be followed by digits")
      }
    } else {
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: expected a digit after '.'")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: expected a digit in the exponent")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func parseLiteral(_ word: StaticString) throws(BudgetError) {
    let expected = word.withUTF8Buffer { Array($0) }
    for byte in expected {
      guard index < bytes.count, bytes[index] == byte else {
        throw error("invalid literal, expected '\(word)'")
      }
      index += 1
    }
  }

  // MARK: - Bytes and locations

  private var location: TextLocation {
    TextLocation(line: line, column: index - lineStart + 1, offset: index)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func hex(_ byte: UInt8) -> String {
    let text = String(byte, radix: 16, uppercase: true)
    return text.count < 2 ? "0" + text : text
  }

  /// Decodes one well-formed UTF-8 sequence of 2–4 bytes at `offset`.
  private func decodeUTF8(at offset: Int) -> (Unicode.Scalar, Int)? {
    let first = bytes[offset]
    let length: Int
    var value: UInt32
    switch first {
    case 0xC2...0xDF: (length, value) = (2, UInt32(first & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(first & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(first & 0x07))
    default: return nil
    }
    guard offset + length <= bytes.count else { return nil }
    for next in bytes[(offset + 1)..<(offset + length)] {
      guard next & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(next & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    return byte > 0x20 && byte < 0x7F ? "'\(UnicodeScalar(byte))'" : "byte 0x\(hex(byte))"
  }

  private func error(_ message: String) -> BudgetError {
    BudgetError(file: file, location: location, message: message)
  }
}
