import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// The timeline's lanes as a scan of every fine column an update overlaps would draw them,
/// though a long update is added a column at a time.
struct ReportTimelineLanesTests {
  @Test(arguments: [3, 11, 29])
  func longUpdatesDrawAsAColumnByColumnScanWould(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let (start, end) = (Int64(1_000), Int64(1_000 + 12_345_678))
    var timeline = ReportTimeline(start: start, end: end, columns: 40)
    let width = timeline.fineColumnWidth
    let fineCount = 40 * ReportTimeline.fineFactor
    var busy = [Int64](repeating: 0, count: fineCount)
    var worst = [UInt8](repeating: 0, count: fineCount)
    var longest = [Int64](repeating: 0, count: fineCount)
    var counts = [Int32](repeating: 0, count: fineCount)
    for label in 0..<300 {
      let at = Int64.random(in: start...end, using: &random)
      // Short ones, ones over a few columns, and ones over most of the trace.
      let spans: [Int64] = [5_000, 900_000, 11_000_000]
      let duration = min(Int64.random(in: 0...spans[label % 3], using: &random), end - at)
      let severity: Severity? = [nil, .orange, .red][Int.random(in: 0...2, using: &random)]
      timeline.addUpdate(kind: .body, start: at, duration: duration, severity: severity, label: Int32(label))
      let first = Int((at - start) / width)
      let last = min(Int((at + duration - start) / width), fineCount - 1)
      counts[first] += 1
      for index in first...last {
        let columnStart = start + Int64(index) * width
        busy[index] += max(0, min(at + duration, columnStart + width) - max(at, columnStart))
        worst[index] = max(worst[index], severity == .red ? 2 : severity == .orange ? 1 : 0)
        longest[index] = max(longest[index], duration)
      }
    }
    timeline.finishLanes()
    let fine = timeline.fineLanes[UpdateKind.body.rawValue]
    #expect(fine.map(\.busyNs) == busy)
    #expect(fine.map(\.worst) == worst)
    #expect(fine.map(\.longestNs) == longest)
    #expect(fine.map(\.count) == counts)
    // A column is its fine columns.
    let lane = timeline.lanes[UpdateKind.body.rawValue]
    for column in lane.indices {
      let part = fine[(column * ReportTimeline.fineFactor)..<((column + 1) * ReportTimeline.fineFactor)]
      #expect(lane[column].busyNs == part.reduce(0) { $0 + $1.busyNs })
      #expect(lane[column].longestNs == part.map(\.longestNs).max())
      #expect(lane[column].count == part.reduce(0) { $0 + $1.count })
    }
  }
}
