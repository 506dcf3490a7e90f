import Testing

@testable import TraceAnalyzer

/// Escaping for XML and HTML: the five specials, line breaks in attributes, text beyond ASCII
/// kept, and characters XML cannot hold replaced.
struct MarkupTextTests {
  @Test func attributesEscapeTheSpecialsAndLineBreaks() {
    #expect(
      MarkupText.attribute("a < b & c > \"d\" 'e'\n\tf\r") == "a &lt; b &amp; c &gt; &quot;d&quot; &apos;e&apos;&#10;&#9;f&#13;")
    #expect(MarkupText.attribute("plain text") == "plain text")
  }

  @Test func textKeepsQuotesAndLineBreaks() {
    #expect(MarkupText.text("a < b & \"c\" 'd'\n\te\r") == "a &lt; b &amp; \"c\" 'd'\n\te&#13;")
  }

  @Test func textBeyondASCIIIsKeptAndWhatXMLCannotHoldIsReplaced() {
    #expect(MarkupText.attribute("é > 한국어 🙂 \u{7F}") == "é &gt; 한국어 🙂 \u{7F}")
    #expect(MarkupText.text("\u{1}x\u{FFFE}y\u{FFFF}<") == "\u{FFFD}x\u{FFFD}y\u{FFFD}&lt;")
    #expect(MarkupText.text("\u{1}") == "\u{FFFD}")
  }
}
