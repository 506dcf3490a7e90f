import TestSupport
import Testing

@testable import TraceAnalyzer

/// The report's column cursor places every time in the column ``ReportTimeline/column(of:)``
/// places it in, however the times come and wherever the timeline lies on the clock.
struct ColumnCursorTests {
  @Test(arguments: [
    (Int64(0), Int64(1_000_000), 100), (-5_000, 7_000, 3), (Int64.min, Int64.max, 2_000),
    (Int64.max - 10, Int64.max, 2_000), (Int64.min, Int64.min + 1, 1), (9_000_000_000, 9_000_000_000, 7),
    (Int64.min / 2, Int64.max / 3 * 2, 50),
  ])
  func placesTimesAsTheTimelineDoes(start: Int64, end: Int64, columns: Int) {
    let timeline = ReportTimeline(start: start, end: end, columns: columns)
    var random = SplitMix(seed: UInt64(truncatingIfNeeded: start) ^ UInt64(columns))
    var coarse = timeline.columnCursor()
    var fine = timeline.fineColumnCursor()
    // Times in order (as a spill gives them), at random, at the edges of columns and of the clock.
    var times: [Int64] = [.min, .min + 1, -1, 0, 1, .max - 1, .max]
    let span = Int128(timeline.end) - Int128(timeline.start)
    for step in 0...400 {
      times.append(Int64(clamping: Int128(timeline.start) + span * Int128(step) / 400))
    }
    for column in 0...(columns + 1) {
      for delta in [-1, 0, 1] as [Int128] {
        let origin = Int128(timeline.start)
        times.append(Int64(clamping: origin + Int128(column) * Int128(timeline.columnWidth) + delta))
        times.append(Int64(clamping: origin + Int128(column) * Int128(timeline.fineColumnWidth) + delta))
      }
    }
    for _ in 0..<400 { times.append(Int64(bitPattern: random.next())) }
    var misplaced: [Int64] = []
    for time in times {
      if coarse.column(of: time) != timeline.column(of: time) { misplaced.append(time) }
      let expectedFine = ReportTimeline.index(
        of: time, origin: timeline.start, width: timeline.fineColumnWidth,
        count: columns * ReportTimeline.fineFactor)
      if fine.column(of: time) != expectedFine { misplaced.append(time) }
    }
    #expect(misplaced.isEmpty, "first misplaced: \(misplaced.prefix(5))")
  }
}
