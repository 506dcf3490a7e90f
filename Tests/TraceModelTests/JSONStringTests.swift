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
}
