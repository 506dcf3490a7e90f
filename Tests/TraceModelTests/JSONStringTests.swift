import Testing

@testable import TraceModel

/// The one JSON string escaper and unescaper, shared by every reader and writer.
struct JSONStringTests {
  @Test(arguments: [
    ("plain", #""plain""#),
    ("a\"b\\c", #""a\"b\\c""#),
    ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
    ("\u{01}\u{1F}", #""\u0001\u001f""#),
    ("é/😀", "\"é/😀\""),
    ("", #""""#),
  ])
  func quotesWhatJSONRequires(_ text: String, quoted: String) {
    #expect(JSONString.quoted(text) == quoted)
  }

  @Test(arguments: ["plain", "a\"b\\c\n\r\t\u{08}\u{0C}\u{01}", "é/😀", ""])
  func unescapingUndoesQuoting(_ text: String) throws {
    let quoted = Array(JSONString.quoted(text).utf8)
    try JSONScanner.validate(quoted)
    let contents = Array(quoted.dropFirst().dropLast())
    let decoded = contents.withUnsafeBufferPointer { JSONString.decoded($0) }
    #expect(decoded == text)
  }

  @Test func decodesEveryEscapeAndLoneSurrogates() {
    let raw = Array(#"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00|\ud800x|\udc00"#.utf8)
    let decoded = raw.withUnsafeBufferPointer { JSONString.decoded($0) }
    #expect(decoded == "\"\\/\u{08}\u{0C}\n\r\té😀|\u{FFFD}x|\u{FFFD}")
  }

  /// The word-at-a-time skip against a byte-by-byte escape: a byte that needs escaping at every
  /// place of strings up to three words long, among ASCII and non-ASCII bytes.
  @Test func quotesEveryPlaceOfEveryLength() {
    for length in 0..<25 {
      for place in 0..<max(length, 1) {
        for special: UInt8 in [0x22, 0x5C, 0x0A, 0x00, 0x01, 0x1F, 0x20, 0x7F, 0xC3] {
          var bytes = (0..<length).map { UInt8(ascii: "a") &+ UInt8($0 % 26) }
          if length > 0 { bytes[place] = special }
          if special == 0xC3 && place + 1 < length { bytes[place + 1] = 0xA9 }
          // A second byte to escape in the same word, now and then.
          if place % 3 == 1 && place + 2 < length { bytes[place + 2] = 0x22 }
          let quoted = [UInt8](unsafeUninitializedCapacity: JSONString.quotedCapacity(length)) {
            buffer, count in
            bytes.withUnsafeBytes { text in
              count = buffer.baseAddress!.distance(to: JSONString.quote(text, into: buffer.baseAddress!))
            }
          }
          #expect(quoted == Self.quotedByteByByte(bytes), "length \(length), \(special) at \(place)")
        }
      }
    }
  }

  @Test func quotesAStringOfNothingButEscapes() {
    let bytes = [UInt8](repeating: 0x22, count: 9) + [UInt8](repeating: 0x00, count: 9)
    let quoted = [UInt8](unsafeUninitializedCapacity: JSONString.quotedCapacity(bytes.count)) {
      buffer, count in
      bytes.withUnsafeBytes { text in
        count = buffer.baseAddress!.distance(to: JSONString.quote(text, into: buffer.baseAddress!))
      }
    }
    #expect(quoted == Self.quotedByteByByte(bytes))
  }

  static func quotedByteByByte(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x22]
    for byte in bytes {
      switch byte {
      case 0x22: out += Array(#"\""#.utf8)
      case 0x5C: out += Array(#"\\"#.utf8)
      case 0x0A: out += Array(#"\n"#.utf8)
      case 0x00: out += Array(#"\u0000"#.utf8)
      case 0x01: out += Array(#"\u0001"#.utf8)
      case 0x1F: out += Array(#"\u001f"#.utf8)
      default: out.append(byte)
      }
    }
    return out + [0x22]
  }
}
