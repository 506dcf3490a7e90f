import TestSupport
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// analysis.md "Frames and deadlines (version 2)": busy runs, a recorded frame's work, stretches,
/// blame; and the same verdicts however a read splits the updates into parts.
struct FrameAssignerTests {
  typealias Update = (start: Int64, duration: Int64)

  private static let ms: Int64 = 1_000_000

  /// The verdicts of `updates` (sorted by start) read in parts that begin at `splits`.
  static func verdicts(
    _ updates: [Update], frames: [(Int64, Int64)] = [], budget: Int64 = 16_666_667, anchor: Int64 = 0,
    red: Int64 = 1_000_000, splits: [Int] = []
  ) -> FrameVerdicts {
    let timeline = FrameTimeline(
      recorded: frames.map { TraceModelFrame(start: $0.0, deadline: $0.1) },
      budget: FrameTimelineTests.budget(budget), anchor: anchor)
    let bounds = [0] + splits + [updates.count]
    var parts: [FrameAssigner.Part] = []
    var before: Int64?
    for (lower, upper) in zip(bounds, bounds.dropFirst()) {
      var assigner = FrameAssigner(timeline: timeline, red: red, continuing: before)
      for update in updates[lower..<upper] {
        assigner.add(start: update.start, duration: update.duration)
        before = max(before ?? .min, update.start.saturatingAdd(update.duration))
      }
      parts.append(assigner.finish())
    }
    return FrameVerdicts(timeline: timeline, parts: parts)
  }

  @Test func sparseRecordedFramesMissNothingInTheGapsBetweenThem() {
    // The trace: frames at 0, 1 and 2 s; two 80 µs updates at 0.5 s and 1.5 s; one
    // 2 s after the last frame.
    let verdicts = Self.verdicts(
      [(500 * Self.ms, 80_000), (1_500 * Self.ms, 80_000), (4_000 * Self.ms, 80_000)],
      frames: [(0, 16_666_667), (1_000 * Self.ms, 1_016_666_667), (2_000 * Self.ms, 2_016_666_667)])
    #expect(verdicts.missed.isEmpty)
    #expect(verdicts.withUpdates == 3 && verdicts.grid == 3)
  }

  @Test func aShortUpdateAcrossAGridLineNeverMisses() {
    let verdicts = Self.verdicts([(16_600_000, 100_000)])
    #expect(verdicts.missed.isEmpty)
  }

  @Test func aLongStretchIsOneMissedFrameAtItsFirstUpdate() {
    // 80 ms of back-to-back 1 ms... updates under 1 ms, at 60 Hz: one missed frame, 63.3 ms over.
    let updates = (0..<100).map { (Int64(5 * Self.ms) + Int64($0) * 800_000, Int64(800_000)) }
    let verdicts = Self.verdicts(updates)
    #expect(verdicts.missed.count == 1)
    let missed = verdicts.missed[0]
    #expect(missed.frame == FrameRef(number: 0, recordedIndex: nil, start: 0))
    #expect(missed.deadline == 5 * Self.ms + 16_666_667)
    #expect(missed.overrunNs == 80 * Self.ms - 16_666_667)
    #expect(missed.updates == 100 && missed.blame == .accumulation)
    #expect(missed.workStart == 5 * Self.ms)
  }

  @Test func aGapOfGKeepsTheRunAndOneMoreBreaksIt() {
    // B = 800, G = 100: two 500 ns updates 100 apart are one stretch of 1 100 (> B); 101
    // apart, two stretches of 500 that meet the deadline.
    let joined = Self.verdicts([(0, 500), (600, 500)], budget: 800)
    #expect(joined.missed.map(\.overrunNs) == [300])
    let apart = Self.verdicts([(0, 500), (601, 500)], budget: 800)
    #expect(apart.missed.isEmpty)
  }

  @Test func aRunThatBeginsAtTheClocksStartGoesOn() {
    // The first update at Int64.min (0 ns) and the next 1 ns later: one stretch of B + 1.
    let verdicts = Self.verdicts([(.min, 0), (.min + 1, 16_666_667)], anchor: .min)
    #expect(verdicts.missed.map(\.overrunNs) == [1])
  }

  @Test func aRecordedFramesWorkContinuesIntoUncoveredTime() {
    // Frame [0, 100) with deadline 100; its run goes on into the grid until 180: it misses by
    // 80, and the grid updates are its (no stretch).
    let verdicts = Self.verdicts(
      [(10, 60), (70, 40), (110, 30), (145, 35)], frames: [(0, 100)], budget: 100)
    #expect(verdicts.missed.count == 1)
    #expect(verdicts.missed[0].frame.recordedIndex == 0)
    #expect(verdicts.missed[0].overrunNs == 80 && verdicts.missed[0].updates == 4)
    #expect(verdicts.withUpdates == 2 && verdicts.grid == 1)
  }

  @Test func gridUpdatesBeforeARecordedFrameAreAStretch() {
    // A run from 900 into frame [1000, 1100): its grid head (900..1000) is a stretch of its
    // own, 100 long: not over B.
    let verdicts = Self.verdicts([(900, 60), (950, 50), (1_000, 90)], frames: [(1_000, 1_100)], budget: 100)
    #expect(verdicts.missed.isEmpty)
    let longer = Self.verdicts([(850, 100), (950, 60), (1_000, 90)], frames: [(1_000, 1_100)], budget: 100)
    #expect(longer.missed.map(\.frame.isGrid) == [true])
    #expect(longer.missed.map(\.overrunNs) == [60])
  }

  @Test func aFrameWithARedUpdateIsBlamedOnIt() {
    let verdicts = Self.verdicts([(0, 1_500_000), (1_500_000, 400_000)], frames: [(0, 1_000_000)], budget: 1_000_000)
    #expect(verdicts.missed.map(\.blame) == [.longUpdate])
  }

  @Test func membershipFindsTheMissedFrameOfEachUpdate() {
    let verdicts = Self.verdicts(
      [(10, 60), (70, 40), (110, 30), (400, 10), (145, 35)].sorted { $0.0 < $1.0 }, frames: [(0, 100)], budget: 100)
    #expect(verdicts.missedFrame(ofMainUpdateAt: 110)?.frame.recordedIndex == 0)
    #expect(verdicts.missedFrame(ofMainUpdateAt: 145) != nil)
    #expect(verdicts.missedFrame(ofMainUpdateAt: 400) == nil)
    #expect(verdicts.missed(FrameRef(number: 0, recordedIndex: 0, start: 0)) != nil)
  }

  /// docs/analysis.md's picture: F0 at 0 and F1 at 50 ms; `a`, `b` in F0; `c` across a grid
  /// line; `d` back to back from 38 to 78 ms; `e` at 95 ms.
  @Test func theDocumentsPictureHoldsAsDrawn() {
    let ms = Self.ms
    var updates: [Update] = [(1 * ms, ms), (3 * ms, 9 * ms), (30 * ms, 100_000)]
    updates += (38..<78).map { (Int64($0) * ms, ms) }
    updates.append((95 * ms, ms))
    let frames: [(Int64, Int64)] = [(0, 16_666_667), (50 * ms, 50 * ms + 16_666_667)]
    let recorded = Self.verdicts(updates, frames: frames)
    #expect(recorded.missed.count == 1)
    #expect(recorded.missed.first?.frame.recordedIndex == 1)
    #expect(recorded.missed.first?.overrunNs == 78 * ms - (50 * ms + 16_666_667))
    #expect(recorded.missed.first?.updates == 28)
    let grid = Self.verdicts(updates)
    #expect(grid.missed.map(\.overrunNs) == [40 * ms - 16_666_667])
    #expect(grid.missed.first?.workStart == 38 * ms)
  }

  /// Random updates in start order, read whole and in parts split anywhere: the same verdicts.
  @Test(arguments: 1...60)
  func partsSplitAnywhereGiveTheVerdictsOfOneRead(seed: Int) {
    var random = SplitMix(seed: UInt64(seed))
    let budget = Int64(100 + random.next() % 900)
    var updates: [Update] = []
    var time = Int64(random.next() % 1_000)
    for _ in 0..<(20 + Int(random.next() % 200)) {
      let duration = Int64(random.next() % UInt64(budget * (random.next() % 4 == 0 ? 3 : 1)))
      updates.append((time, duration))
      switch random.next() % 4 {
      case 0: time += Int64(random.next() % UInt64(budget / 8 + 2))
      case 1: time += duration + Int64(random.next() % UInt64(budget / 8 + 2))
      case 2: time += Int64(random.next() % UInt64(3 * budget))
      default: break
      }
    }
    var frames: [(Int64, Int64)] = []
    if random.next() % 3 != 0 {
      var vsync = Int64(random.next() % UInt64(budget))
      while vsync < time + budget {
        if random.next() % 3 == 0 {
          frames.append((vsync, vsync + 1 + Int64(random.next() % UInt64(3 * budget))))
        }
        vsync += budget
      }
    }
    let whole = Self.verdicts(updates, frames: frames, budget: budget, red: budget / 2)
    for _ in 0..<6 {
      let splits = Set((0..<(1 + random.next() % 5)).map { _ in 1 + Int(random.next() % UInt64(updates.count)) })
        .filter { $0 < updates.count }.sorted()
      let split = Self.verdicts(updates, frames: frames, budget: budget, red: budget / 2, splits: splits)
      #expect(split.missed == whole.missed, "seed \(seed), splits \(splits)")
      #expect(split.withUpdates == whole.withUpdates && split.grid == whole.grid, "seed \(seed), splits \(splits)")
    }
  }

  @Test func partsOutOfOrderAreNoticed() {
    let timeline = FrameTimeline(recorded: [], budget: FrameTimelineTests.budget(100), anchor: 0)
    var first = FrameAssigner(timeline: timeline, red: 50)
    first.add(start: 500, duration: 10)
    var second = FrameAssigner(timeline: timeline, red: 50, continuing: 510)
    second.add(start: 100, duration: 10)
    #expect(!FrameVerdicts.inOrder([first.finish(), second.finish()]))
    var unsorted = FrameAssigner(timeline: timeline, red: 50)
    unsorted.add(start: 500, duration: 10)
    unsorted.add(start: 400, duration: 10)
    #expect(!FrameVerdicts.inOrder([unsorted.finish()]))
  }
}
