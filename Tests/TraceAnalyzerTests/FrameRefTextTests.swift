import Testing

@testable import TraceAnalyzer

struct FrameRefTextTests {
  @Test(
    arguments: [
      ("#62", 62), ("62", 62), ("#0", 0), ("#-3", -3), ("-3", -3), ("#9223372036854775807", Int64.max),
    ] as [(String, Int64)])
  func readsTheNumberTextPrints(_ text: String, _ number: Int64) {
    #expect(FrameRef.number(parsing: text) == number)
    #expect(FrameRef.number(parsing: FrameRef.label(number)) == number)
  }

  @Test(arguments: [
    "", "#", "-", "#-", "##1", "+5", "6 2", " 62", "62.0", "0x3e", "#99999999999999999999", "٦٢",
  ])
  func rejectsWhatIsNoFrameNumber(_ text: String) {
    #expect(FrameRef.number(parsing: text) == nil)
  }

  @Test func theLabelIsTheNumberAfterAHash() {
    #expect(FrameRef(number: -3, recordedIndex: nil, start: 0).label == "#-3")
    #expect(FrameRef(number: 12, recordedIndex: 4, start: 0).label == "#12")
  }
}
