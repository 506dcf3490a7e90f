import Testing

@testable import TraceAnalyzer

struct DurationTextTests {
  @Test(arguments: [
    ("2.5s", Int64(2_500_000_000)), ("0.3ms", 300_000), ("300us", 300_000), ("300µs", 300_000),
    ("1500ns", 1_500), ("1500", 1_500), ("4s", 4_000_000_000), ("0.8ms", 800_000),
  ])
  func parses(_ text: String, ns: Int64) {
    #expect(DurationText.parse(text) == ns)
  }

  @Test(arguments: ["", "ms", "abc", "1.2.3ms", "1e3ms", "--1s", "1 h"])
  func rejects(_ text: String) {
    #expect(DurationText.parse(text) == nil)
  }

  @Test(arguments: [
    (Int64(812), "812 ns"), (140_000, "140 µs"), (1_400_000, "1.40 ms"), (16_666_667, "16.7 ms"),
    (2_500_000_000, "2.50 s"), (999_400, "999 µs"), (0, "0 ns"),
  ])
  func formats(_ ns: Int64, text: String) {
    #expect(DurationText.format(ns) == text)
  }

  @Test func formatsOffsetsInSeconds() {
    #expect(DurationText.seconds(12_410_000_000) == "12.410 s")
    #expect(DurationText.seconds(5_000_000) == "0.005 s")
    #expect(DurationText.seconds(-1_500_000_000) == "-1.500 s")
  }
}
