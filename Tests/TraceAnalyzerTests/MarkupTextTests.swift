import Testing

@testable import TraceAnalyzer

/// Escaping for XML and HTML: the five specials, line breaks in attributes, text beyond ASCII
/// kept, and characters XML cannot hold replaced.
struct MarkupTextTests {
  @Test func attributesEscapeTheSpecialsAndLineBreaks() {
    #expect(
      bytes(MarkupText.attribute("a < b & c > \"d\" 'e'\n\tf\r"))
        == bytes("a &lt; b &amp; c &gt; &quot;d&quot; &apos;e&apos;&#10;&#9;f&#13;"))
    #expect(bytes(MarkupText.attribute("plain text")) == bytes("plain text"))
  }

  @Test func textKeepsQuotesAndLineBreaks() {
    #expect(bytes(MarkupText.text("a < b & \"c\" 'd'\n\te\r")) == bytes("a &lt; b &amp; \"c\" 'd'\n\te&#13;"))
  }

  @Test func textBeyondASCIIIsKeptAndWhatXMLCannotHoldIsReplaced() {
    // "e" and a combining acute accent stay two scalars (a string comparison would equate
    // them with "é").
    #expect(bytes(MarkupText.attribute("é e\u{301} > 한국어 🙂 \u{7F}")) == bytes("é e\u{301} &gt; 한국어 🙂 \u{7F}"))
    #expect(bytes(MarkupText.text("\u{1}x\u{FFFE}y\u{FFFF}<")) == bytes("\u{FFFD}x\u{FFFD}y\u{FFFD}&lt;"))
    #expect(bytes(MarkupText.text("\u{1}")) == bytes("\u{FFFD}"))
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
