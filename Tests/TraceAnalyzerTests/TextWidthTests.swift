import Testing

@testable import TraceAnalyzer

/// Estimated text widths: Helvetica's advances, with room for wider system fonts.
struct TextWidthTests {
  @Test(arguments: [
    // Text, size, Liberation Sans' width as Chromium measured it (regular; bold is wider).
    ("LandmarkListItemView.body", 13.0, 162.8),
    ("View body · Landmarks · 305 updates", 11.0, 185.6),
    ("Update ×120", 11.0, 63.3),
    ("WWWWWWWWWW", 13.0, 123.4),
  ])
  func anEstimateCoversTheDrawnWidth(text: String, size: Double, measured: Double) {
    let estimate = TextWidth.estimate(text, size: size)
    #expect(estimate >= measured)
    #expect(estimate <= measured * 1.35)
  }

  @Test func wideCharactersCountAsAnEm() {
    #expect(TextWidth.estimate("日本", size: 10) == 2 * 10 * TextWidth.safety)
    #expect(TextWidth.estimate("", size: 10) == 0)
  }
}
