import Testing

@testable import TraceModel

struct JSONScannerTests {
  /// Validates `text` as one JSON document; nil when valid, else the error.
  private func check(_ text: String) -> JSONScanError? {
    do {
      try JSONScanner.validate(Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    "{}", "[]", "0", "-0", "1.5e-3", "-12.5E+2", "\"\"", "\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\"",
    "\"\\u00e9\\ud83d\\ude00\"", "true", "false", "null", " [1 , {\"a\" : [ ] } ]\t\r\n",
    "\"héllo wörld 😀\"", "{\"key\":{\"nested\":[1,2,[3,[4]]]}}", "9223372036854775808",
    "123456789012345678901234567890",
  ])
  func acceptsValidJSON(_ text: String) {
    #expect(check(text) == nil)
  }

  @Test(arguments: [
    ("[1,]", 3), ("{\"a\":1,}", 7), ("01", 1), ("-", 1), ("1.", 2), ("1e", 2), ("+1", 0),
    ("\"abc", 4), ("\"\\x\"", 2), ("\"\\u12\"", 5), ("[1 2]", 3), ("{\"a\" 1}", 5), ("tru", 3),
    ("{'a':1}", 1), ("[1]]", 3), ("", 0), ("nulls", 4), ("{\"a\":1 \"b\":2}", 7),
  ])
  func rejectsInvalidJSONAtItsOffset(_ text: String, offset: Int) {
    let error = check(text)
    #expect(error?.offset == offset, "\(text): \(String(describing: error))")
  }

  @Test func rejectsRawControlCharactersInStrings() {
    let error = check("\"a\u{01}b\"")
    #expect(error?.offset == 2)
    #expect(error?.message.contains("control character") == true)
  }

  @Test(
    arguments: [
      [0x22, 0xC3, 0x28, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xFF, 0x22], [0x22, 0x80, 0x22], [0x22, 0xC2, 0x22],
    ] as [[UInt8]])
  func rejectsInvalidUTF8(_ bytes: [UInt8]) {
    #expect(throws: JSONScanError.self) { try JSONScanner.validate(bytes) }
  }

  @Test func acceptsEveryValidUTF8Length() throws {
    // 1-, 2-, 3- and 4-byte sequences, at every alignment of the eight-byte string scan.
    for prefix in 0..<9 {
      let text = "\"" + String(repeating: "a", count: prefix) + "é€😀\""
      #expect(check(text) == nil, "prefix \(prefix)")
    }
  }

  @Test func findsTheClosingQuoteAtEveryPositionOfAWord() {
    for length in 0..<40 {
      let text = "[\"" + String(repeating: "x", count: length) + "\",1]"
      #expect(check(text) == nil, "length \(length)")
      let unterminated = "\"" + String(repeating: "x", count: length)
      #expect(check(unterminated)?.message == "unterminated string", "length \(length)")
    }
  }

  @Test func deepNestingDoesNotOverflowTheStack() {
    let depth = 100_000
    let balanced = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(check(balanced) == nil)
    let open = String(repeating: "[{\"a\":", count: depth)
    #expect(check(open) != nil)
  }

  @Test(arguments: [
    ("0", Int64(0)), ("-0", 0), ("7", 7), ("12345678", 12_345_678), ("123456789", 123_456_789),
    ("1234567890123456", 1_234_567_890_123_456), ("-9223372036854775808", .min),
    ("9223372036854775807", .max), ("1000100000", 1_000_100_000),
  ])
  func scansIntegers(_ text: String, value: Int64) throws {
    let number = try scanNumber(text)
    #expect(number.isInteger && number.fits)
    #expect(number.value == value)
  }

  @Test(arguments: ["9223372036854775808", "-9223372036854775809", "99999999999999999999"])
  func flagsIntegersThatDoNotFit(_ text: String) throws {
    let number = try scanNumber(text)
    #expect(number.isInteger)
    #expect(!number.fits)
  }

  @Test(arguments: ["1.5", "1e6", "-2.0E-3", "0.0"])
  func flagsNumbersWithFractionOrExponent(_ text: String) throws {
    #expect(try !scanNumber(text).isInteger)
  }

  private func scanNumber(_ text: String) throws -> JSONScanner.Number {
    var bytes = Array(text.utf8)
    let count = bytes.count
    bytes += [UInt8](repeating: 0, count: 16)
    return try bytes.withUnsafeBufferPointer { buffer throws -> JSONScanner.Number in
      var scanner = JSONScanner(base: buffer.baseAddress!, count: count)
      let number = try scanner.scanNumber()
      #expect(scanner.position == count)
      return number
    }
  }
}
