import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// The updates a zoomed-in report draws one by one: every orange and red update, every update
/// of the busiest columns, and within the page's limits only those.
struct TimelineDetailTests {
  private func timeline(
    _ story: String = "landmarks-before", limits: TimelineDetail.Limits = TimelineDetail.Limits()
  ) throws -> (ReportTimeline, TraceSummary) {
    let (report, _) = try TraceAnalysis.report(
      paths: [Fixture.path("traces/\(story).jsonl")], name: "\(story).jsonl", detail: limits)
    return (report.timeline, report.summary)
  }

  @Test func underTheLimitsEveryUpdateIsThereAndEveryColumnComplete() throws {
    let (timeline, summary) = try timeline()
    let finished = UpdateKind.allCases.reduce(0) { $0 + summary[$1].finished }
    #expect(timeline.detail.updates.count == finished)
    #expect(timeline.detail.complete == [0..<timeline.columnCount])
    #expect(timeline.detail.omittedNotable == 0)
    #expect(timeline.detail.updates == timeline.detail.updates.sorted())
    for kind in UpdateKind.allCases {
      #expect(timeline.detail.updates.count { $0.kind == kind } == summary[kind].finished)
      let red = timeline.detail.updates.count {
        $0.kind == kind && summary.thresholds.classify($0.duration) == .red
      }
      #expect(red == summary[kind].red)
    }
  }

  @Test func theFineColumnsCountEveryFinishedUpdateOnce() throws {
    let (timeline, summary) = try timeline()
    for kind in UpdateKind.allCases {
      let drawn = timeline.fineLanes[kind.rawValue].reduce(0) { $0 + Int($1.count) }
      #expect(drawn == summary[kind].finished)
      #expect(timeline.fineLanes[kind.rawValue].count == timeline.columnCount * ReportTimeline.fineFactor)
    }
  }

  /// With small limits: the busiest columns in full, the longest orange and red updates of the
  /// rest, the others counted; nothing else.
  @Test func theLimitsKeepTheBusiestColumnsAndTheLongestNotableUpdates() throws {
    let (all, summary) = try timeline()
    let limits = TimelineDetail.Limits(notable: 12, busy: 40)
    let (small, _) = try timeline(limits: limits)
    let detail = small.detail
    let isNotable = { (update: TimelineDetail.Update) in summary.thresholds.classify(update.duration) != nil }
    let inComplete = { (update: TimelineDetail.Update) in
      detail.complete.contains { $0.contains(small.column(of: update.start)) }
    }
    #expect(!detail.complete.isEmpty)
    // Every update that starts in a complete column is there, and those columns are the busiest.
    let busy = all.detail.updates.filter(inComplete)
    #expect(busy.count <= limits.busy)
    #expect(Set(busy).isSubset(of: Set(detail.updates)))
    let counts = (0..<small.columnCount).map { column in small.lanes.reduce(0) { $0 + Int($1[column].count) }
    }
    let least = detail.complete.flatMap { Array($0) }.map { counts[$0] }.min() ?? 0
    let unchosen = counts.indices.filter { column in !detail.complete.contains { $0.contains(column) } }
    #expect(unchosen.allSatisfy { counts[$0] <= least }, "a busier column was left out")
    // Outside them: orange and red updates only, the longest `notable` of them.
    let rest = detail.updates.filter { !inComplete($0) }
    #expect(rest.allSatisfy(isNotable))
    #expect(rest.count == limits.notable)
    let notable = all.detail.updates.filter(isNotable)
    let shortestKept = rest.map(\.duration).min() ?? 0
    #expect(notable.filter { !inComplete($0) && $0.duration > shortestKept }.allSatisfy { rest.contains($0) })
    #expect(detail.omittedNotable == notable.count - detail.updates.count(where: isNotable))
    #expect(detail.omittedNotable > 0)
  }

  @Test func theNotableCollectorKeepsTheLongestInBoundedMemory() {
    var collector = TimelineDetail.NotableCollector(limit: 3)
    for duration in [5, 1, 9, 7, 3, 8, 2, 6, 4] as [Int64] {
      collector.add(TimelineDetail.Update(start: duration * 10, duration: duration, kind: .body, label: 0))
      #expect(collector.updates.count < 6)
    }
    collector.trim()
    // The longest three, in the order they came.
    #expect(collector.updates.map(\.duration) == [9, 7, 8])
    #expect(collector.total == 9)
  }

  /// The longest by selection are those a sort longest first (ties: the earliest) would keep,
  /// in their order in the input, ties and repeats included.
  @Test func theLongestAreTheSortsFirstInTheirOrder() {
    var random = SplitMix(seed: 31)
    for round in 0..<200 {
      let count = Int(random.next() % 60)
      let updates = (0..<count).map { _ in
        TimelineDetail.Update(
          start: Int64(random.next() % 8), duration: Int64(random.next() % 5),
          kind: random.next() % 2 == 0 ? .body : .other, label: Int32(random.next() % 3))
      }
      let limit = Int(random.next() % 70)
      let longer = { (a: TimelineDetail.Update, b: TimelineDetail.Update) in
        (a.duration, b) > (b.duration, a)
      }
      let expected = updates.sorted(by: longer).prefix(limit)
      let kept = TimelineDetail.NotableCollector.longest(limit, of: updates)
      #expect(kept.sorted(by: longer) == Array(expected), "round \(round)")
      // A subsequence of the input.
      var rest = updates[...]
      for update in kept {
        guard let place = rest.firstIndex(of: update) else {
          Issue.record("round \(round): \(update) out of order")
          break
        }
        rest = rest[(place + 1)...]
      }
    }
  }

  @Test func thePageCarriesTheDetailAndSaysWhatItLeftOut() throws {
    let (report, _) = try TraceAnalysis.report(
      paths: [Fixture.path("traces/landmarks-before.jsonl")], name: "landmarks-before.jsonl",
      detail: TimelineDetail.Limits(notable: 12, busy: 40))
    let page = ReportRenderer.render(report)
    let omitted = report.timeline.detail.omittedNotable
    #expect(page.contains("the \(omitted) shortest orange and red updates are drawn as columns only"))
    #expect(page.contains("\"omitted\":\(omitted),\"framed\":true,"))
    #expect(page.contains("<g id=\"tl-detail\" clip-path=\"url(#tl-clip)\">"))
  }

  /// Across the whole clock, each start's change from the previous one is written exactly
  /// (as an unsigned number: it is never negative), so the page places every update.
  @Test func startsAcrossTheWholeClockAreWrittenExactly() throws {
    let trace = try TemporaryFile(
      """
      {"type":"trace","version":1}
      {"type":"update","id":1,"kind":"body","view":"A","start":-9223372036854775808,"duration":2000000}
      {"type":"update","id":2,"kind":"body","view":"B","start":0,"duration":2000000}
      {"type":"update","id":3,"kind":"body","view":"C","start":9223372036854775000,"duration":2000000}

      """)
    defer { trace.remove() }
    let (report, _) = try TraceAnalysis.report(paths: [trace.path])
    #expect(report.timeline.detail.updates.map(\.start) == [.min, 0, 9_223_372_036_854_775_000])
    let page = ReportRenderer.render(report)
    let starts = try #require(page.range(of: "\"detail\":{\"s\":["))
    let list = page[starts.upperBound...].prefix { $0 != "]" }
    let changes = list.split(separator: ",").compactMap { UInt64($0) }
    try #require(changes.count == 3, "\(list)")
    var time = report.timeline.start
    var placed: [Int64] = []
    for change in changes {
      time = time &+ Int64(bitPattern: change)
      placed.append(time)
    }
    #expect(placed == [.min, 0, 9_223_372_036_854_775_000])
  }

  /// Every frame with updates and every missed frame is embedded, unless there are more than
  /// the page holds: then none, and the frames lane stays in columns.
  @Test func framesAreEmbeddedWhenThePageHoldsThemAll() throws {
    let (timeline, summary) = try timeline()
    #expect(timeline.detail.framesEmbedded)
    #expect(timeline.detail.frames.count == summary.frames.withUpdates)
    #expect(timeline.detail.frames == timeline.detail.frames.sorted())
    #expect(timeline.detail.missed.count == summary.frames.missed)
    let (few, _) = try self.timeline(limits: TimelineDetail.Limits(frames: 5))
    #expect(!few.detail.framesEmbedded)
    #expect(few.detail.frames.isEmpty && few.detail.missed.isEmpty)
    #expect(
      ReportRenderer.render(
        try TraceAnalysis.report(
          paths: [Fixture.path("traces/landmarks-before.jsonl")], detail: TimelineDetail.Limits(frames: 5)
        ).report
      )
      .contains("\"framed\":false,\"frames\":[]"))
  }
}
