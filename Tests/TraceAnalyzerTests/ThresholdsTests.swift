import Testing

@testable import TraceAnalyzer

struct ThresholdsTests {
  @Test(
    arguments: [
      (Int64(0), nil), (499_999, nil), (500_000, nil), (500_001, .orange), (1_000_000, .orange),
      (1_000_001, .red), (82_400_000, .red), (3_599_999_999_999, .red), (3_600_000_000_000, nil),
      (6_148_782_250_705_247_539, nil),
    ] as [(Int64, Severity?)])
  func classifiesLikeInstruments(_ duration: Int64, expected: Severity?) {
    #expect(Thresholds.instruments.classify(duration) == expected)
  }

  @Test func customThresholds() {
    let thresholds = Thresholds(orange: 300_000, red: 800_000)
    #expect(thresholds.classify(300_001) == .orange)
    #expect(thresholds.classify(800_001) == .red)
    #expect(thresholds.classify(300_000) == nil)
  }

  @Test func severitiesAreOrdered() {
    #expect(Severity.orange < Severity.red)
    #expect("\(Severity.red)" == "red")
  }
}
