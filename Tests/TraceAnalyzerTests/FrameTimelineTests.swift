import Testing

@testable import TraceAnalyzer

struct FrameTimelineTests {
  @Test func theGridFloorsBeforeTheAnchor() {
    let grid = FrameTimeline.grid(anchor: 1_000, budget: 100)
    #expect(grid.index(of: 1_000) == 0)
    #expect(grid.index(of: 1_099) == 0)
    #expect(grid.index(of: 1_100) == 1)
    #expect(grid.index(of: 999) == -1)
    #expect(grid.index(of: 900) == -1)
    #expect(grid.index(of: 899) == -2)
    #expect(grid.frame(at: -1) == TraceModelFrame(start: 900, deadline: 1_000))
  }

  @Test func theGridSurvivesTheEndsOfInt64() {
    let grid = FrameTimeline.grid(anchor: .min, budget: 16_666_667)
    let index = grid.index(of: .max)
    #expect(index != nil)
    #expect(grid.deadline(at: index ?? 0) > Int128(Int64.max))
    #expect(grid.frame(at: index ?? 0).deadline == .max)
  }

  @Test func explicitFramesTakeTheLatestStartAtOrBefore() {
    let frames = [
      TraceModelFrame(start: 100, deadline: 150), TraceModelFrame(start: 200, deadline: 260),
      TraceModelFrame(start: 200, deadline: 280), TraceModelFrame(start: 300, deadline: 350),
    ]
    let timeline = FrameTimeline.explicit(frames)
    #expect(timeline.index(of: 99) == nil)
    #expect(timeline.index(of: 100) == 0)
    #expect(timeline.index(of: 199) == 0)
    #expect(timeline.index(of: 200) == 2)
    #expect(timeline.index(of: 10_000) == 3)
  }
}
