import Testing

@testable import TraceAnalyzer

/// One reader and writer of percentages for options, budgets and messages.
struct PercentTextTests {
  @Test(arguments: [
    ("10%", 10.0 as Double?), ("10", 10), ("12.5 %", 12.5), ("0%", 0), ("100%", 100), ("101%", nil),
    ("-1%", nil),
    ("ten", nil), ("nan", nil), ("%", nil),
  ])
  func readsPercentagesFrom0To100(text: String, value: Double?) {
    #expect(PercentText.parse(text) == value)
  }

  @Test func aRangeWidensWhatItAccepts() {
    #expect(PercentText.parse("250%", in: 0...1000) == 250)
  }

  @Test func writesWholeNumbersWithoutAFraction() {
    #expect(PercentText.format(10) == "10%")
    #expect(PercentText.format(12.5) == "12.5%")
  }
}
