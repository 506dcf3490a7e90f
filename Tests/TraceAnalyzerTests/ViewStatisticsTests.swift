import Testing

@testable import TraceAnalyzer

struct ViewStatisticsTests {
  @Test func totalsSaturateAtInt64Max() {
    var total = ViewStatistics()
    total.totalNs = .max - 1
    var more = ViewStatistics()
    more.totalNs = 5
    more.count = 2
    total.add(more)
    #expect(total.totalNs == .max)
    #expect(total.count == 2)
  }
}
