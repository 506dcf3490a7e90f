import Testing

@testable import tracecli

struct ProgressDisplayTests {
  @Test(
    arguments: [
      (0, "0 B"), (999, "999 B"), (1_000, "1.00 kB"), (812_400, "812 kB"), (58_140_000, "58.1 MB"),
      (999_600_000, "1.00 GB"), (1_381_953_863, "1.38 GB"),
    ] as [(Int64, String)])
  func bytesHaveThreeSignificantDigits(_ bytes: Int64, _ text: String) {
    #expect(ProgressDisplay.bytes(bytes) == text)
  }

  @Test func theLineSaysHowMuchIsReadAndThenThatItIsAnalysing() {
    #expect(
      ProgressDisplay.line(read: 580_000_000, total: 1_381_953_863)
        == "tracecli: reading… 580 MB of 1.38 GB (41%)")
    #expect(
      ProgressDisplay.line(read: 1_381_953_863, total: 1_381_953_863) == "tracecli: analysing… 1.38 GB read")
  }
}
