import Testing

@testable import TraceAnalyzer

/// Counts as findings print them: thousands apart by a space, the sign first.
struct CountTextTests {
  @Test func thousandsAreGroupedBySpaces() {
    #expect(Count.text(0) == "0")
    #expect(Count.text(999) == "999")
    #expect(Count.text(-999) == "-999")
    #expect(Count.text(1_000) == "1 000")
    #expect(Count.text(1_560) == "1 560")
    #expect(Count.text(-1_234_567) == "-1 234 567")
    #expect(Count.text(100_000) == "100 000")
    #expect(Count.text(Int.min) == "-9 223 372 036 854 775 808")
    #expect(Count.updates(1) == "1 update")
    #expect(Count.updates(12_000) == "12 000 updates")
  }
}
