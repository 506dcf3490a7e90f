import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// analysis.md "Frames and deadlines (version 2)": the budget, recorded frames and their
/// covers, grid frames between and before them, and frame numbers.
struct FrameTimelineTests {
  /// A budget of `ns` (from the header's rate, so not assumed).
  static func budget(_ ns: Int64) -> FrameBudget {
    var budget = FrameBudget(header: TraceHeader(refreshRate: 1e9 / Double(ns)))
    budget.ns = ns
    return budget
  }

  private func frames(_ pairs: [(Int64, Int64)]) -> [TraceModelFrame] {
    pairs.map { TraceModelFrame(start: $0.0, deadline: $0.1) }
  }

  @Test(arguments: [
    (60.0, Int64(16_666_667)), (120, 8_333_333), (90, 11_111_111), (59.94, 16_683_350), (2e9, 1),
  ])
  func theBudgetRoundsHalfUp(rate: Double, budget: Int64) {
    #expect(FrameBudget(header: TraceHeader(refreshRate: rate)).ns == budget)
  }

  @Test func theBudgetSaysWhereTheRateCameFrom() {
    let assumed = FrameBudget(header: TraceHeader())
    #expect(assumed.ns == 16_666_667 && assumed.isAssumed && assumed.source == "assumed")
    #expect(assumed.rateText == "60 Hz (assumed)")
    let header = FrameBudget(header: TraceHeader(refreshRate: 120))
    #expect(!header.isAssumed && header.source == "header" && header.rateText == "120 Hz")
    let vsyncs = FrameBudget(header: TraceHeader(refreshRate: 120, refreshRateSource: "vsyncs"))
    #expect(vsyncs.source == "vsyncs" && vsyncs.rateText == "120 Hz (from vsyncs)")
    let option = FrameBudget(header: TraceHeader(refreshRate: 60, refreshRateSource: "vsyncs"), refreshRate: 120)
    #expect(option.ns == 8_333_333 && option.source == "option" && option.rateText == "120 Hz (--refresh-rate)")
    #expect(FrameBudget(header: nil, refreshRate: 90).isAssumed == false)
  }

  @Test func withoutRecordedFramesTheGridIsAnchoredAndFloorsBeforeIt() {
    let timeline = FrameTimeline(recorded: [], budget: Self.budget(100), anchor: 1_000)
    #expect(!timeline.hasRecordedFrames)
    #expect(timeline.frame(containing: 1_000) == FrameRef(number: 0, recordedIndex: nil, start: 1_000))
    #expect(timeline.frame(containing: 1_099).number == 0)
    #expect(timeline.frame(containing: 1_100) == FrameRef(number: 1, recordedIndex: nil, start: 1_100))
    #expect(timeline.frame(containing: 999) == FrameRef(number: -1, recordedIndex: nil, start: 900))
    #expect(timeline.frame(containing: 899) == FrameRef(number: -2, recordedIndex: nil, start: 800))
    #expect(timeline.lookup(1_050).times == 1_000..<1_100)
  }

  @Test func equalStartsAreOneFrameWithTheLatestDeadline() {
    let timeline = FrameTimeline(
      recorded: frames([(200, 300), (100, 200), (200, 400), (200, 250)]), budget: Self.budget(100), anchor: 0)
    #expect(timeline.recorded == frames([(100, 200), (200, 400)]))
    #expect(timeline.frame(containing: 250).recordedIndex == 1)
  }

  @Test func aRecordedFrameCoversItsBudgetsUpToTheNextFrame() {
    // B = 100, G = 12. Deadlines: 1 budget; 2 budgets + jitter under G (2 frames); 2 budgets
    // + G + 1 (3 frames, cut at the next frame); 1 ns (still 1 frame).
    let timeline = FrameTimeline(
      recorded: frames([(0, 100), (1_000, 1_210), (2_000, 2_213), (2_250, 2_251)]),
      budget: Self.budget(100), anchor: 0)
    #expect(timeline.lookup(0).times == 0..<100)
    #expect(timeline.lookup(1_000).times == 1_000..<1_200)
    #expect(timeline.lookup(2_000).times == 2_000..<2_250)
    #expect(timeline.lookup(2_250).times == 2_250..<2_350)
    #expect(timeline.frame(containing: 1_199).recordedIndex == 1)
    #expect(timeline.frame(containing: 1_200).isGrid)
  }

  @Test func gridFramesFillTheTimeNoCoverHoldsAndAreNumberedInOrder() {
    let timeline = FrameTimeline(
      recorded: frames([(1_000, 1_100), (1_350, 1_450)]), budget: Self.budget(100), anchor: 0)
    // Before the first recorded frame, anchored at it.
    #expect(timeline.frame(containing: 999) == FrameRef(number: -1, recordedIndex: nil, start: 900))
    #expect(timeline.frame(containing: 1_000) == FrameRef(number: 0, recordedIndex: 0, start: 1_000))
    // Between: [1100, 1200), [1200, 1300), [1300, 1350) cut short where the next cover begins.
    #expect(timeline.frame(containing: 1_100) == FrameRef(number: 1, recordedIndex: nil, start: 1_100))
    #expect(timeline.frame(containing: 1_299) == FrameRef(number: 2, recordedIndex: nil, start: 1_200))
    #expect(timeline.lookup(1_320) == (FrameRef(number: 3, recordedIndex: nil, start: 1_300), 1_300..<1_350))
    #expect(timeline.frame(containing: 1_350) == FrameRef(number: 4, recordedIndex: 1, start: 1_350))
    // After the last one, anchored at it: far later is still a grid frame, never "the last frame".
    #expect(timeline.frame(containing: 1_450) == FrameRef(number: 5, recordedIndex: nil, start: 1_450))
    #expect(timeline.frame(containing: 3_350) == FrameRef(number: 24, recordedIndex: nil, start: 3_350))
  }

  @Test func theTimelineSurvivesTheEndsOfInt64() {
    let grid = FrameTimeline(recorded: [], budget: Self.budget(16_666_667), anchor: .min)
    let last = grid.frame(containing: .max)
    #expect(last.number > 1 << 39 && last.start > .max - 16_666_667)
    #expect(grid.lookup(.max).times.isEmpty)
    let recorded = FrameTimeline(
      recorded: frames([(.max - 10, .max), (.min, .min + 1)]), budget: Self.budget(100), anchor: 0)
    #expect(recorded.frame(containing: .min).recordedIndex == 0)
    #expect(recorded.frame(containing: 0).isGrid)
    // The last frame's cover runs past Int64.max: it holds Int64.max too.
    #expect(recorded.frame(containing: .max - 1).recordedIndex == 1)
    #expect(recorded.frame(containing: .max).recordedIndex == 1)
  }
}
