import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

struct TraceSummaryTests {
  /// The spec's keys of a summary JSON object, for comparing with the independent reference.
  private func project(_ object: Any?) -> [String: AnyHashable] {
    guard let summary = object as? [String: Any] else { return [:] }
    let updateKeys = ["count", "orange", "red", "skipped", "unfinished", "totalNs"]
    let viewKeys = updateKeys + ["module", "kind", "name", "maxNs", "p50Ns", "p95Ns"]
    let frameKeys = [
      "budgetNs", "budgetAssumed", "budgetSource", "withUpdates", "grid", "missed", "missedByLongUpdate",
      "missedByAccumulation", "worstOverrunNs",
    ]
    func pick(_ value: Any?, _ keys: [String]) -> [String: AnyHashable] {
      let dictionary = value as? [String: Any] ?? [:]
      return Dictionary(
        uniqueKeysWithValues: keys.map { ($0, dictionary[$0] as? AnyHashable ?? AnyHashable("missing")) })
    }
    let updates = summary["updates"] as? [String: Any] ?? [:]
    return [
      "updates": ["body", "representable", "other"].map { pick(updates[$0], updateKeys) } as [AnyHashable],
      "views": (summary["views"] as? [Any] ?? []).map { pick($0, viewKeys) } as [AnyHashable],
      "frames": pick(summary["frames"], frameKeys),
      "thresholds": pick(summary["thresholds"], ["orangeNs", "redNs"]),
    ]
  }

  @Test(arguments: Fixture.storyNames)
  func agreesWithTheIndependentReference(_ name: String) throws {
    let summary = try TraceAnalysis.summarize(path: Fixture.path("traces/\(name).jsonl"))
    let ours = try JSONSerialization.jsonObject(with: Data(SummaryJSONRenderer.render(summary).utf8))
    let reference = try JSONSerialization.jsonObject(with: Fixture.data("reference/\(name).summary.json"))
    #expect(project(ours) == project(reference))
  }

  /// The windowed summary (`--window`) against the reference's stored output, with its
  /// `window` key (intervals, union, hitches, hangs, samples).
  @Test func aWindowedSummaryAgreesWithTheStoredReference() throws {
    var options = AnalysisOptions()
    options.windows = ["com.example.feed/Scroll Feed"]
    let summary = try TraceAnalysis.summarize(path: Fixture.path("traces/windows.jsonl"), options: options)
    let ours = try JSONSerialization.jsonObject(with: Data(SummaryJSONRenderer.render(summary).utf8))
    let reference = try JSONSerialization.jsonObject(
      with: Fixture.data("reference/windows.scroll-feed.summary.json"))
    #expect(project(ours) == project(reference))
    let window = (ours as? [String: Any])?["window"] as? NSDictionary
    #expect(window == (reference as? [String: Any])?["window"] as? NSDictionary)
    #expect(window?["intervals"] as? Int == 2)
  }

  /// Random windowed traces (Scripts/reference/window_trace.py: overlapping, adjacent, empty
  /// and nested intervals, events on their edges) against the live reference, window by window.
  @Test(.tags(.slow), arguments: 1...6)
  func windowedSummariesAgreeWithTheLiveReference(seed: Int) throws {
    guard Tool.python3.require() != nil else { return }
    let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path
    let (text, status) = try Python.run(["\(scripts)/window_trace.py", String(seed), "400"])
    try #require(status == 0)
    let file = try TemporaryFile(bytes: [UInt8](text))
    defer { file.remove() }
    for windows in [["Scroll Feed"], ["com.example.app/Open Detail"], ["Launch", "Teardown"], ["Empty"]] {
      let (output, status) = try Python.run(
        ["\(scripts)/analysis.py", "summarize", file.path] + windows.flatMap { ["--window", $0] })
      try #require(status == 0, "\(windows)")
      var options = AnalysisOptions()
      options.windows = windows
      let summary = try TraceAnalysis.summarize(path: file.path, options: options)
      let ours = try JSONSerialization.jsonObject(with: Data(SummaryJSONRenderer.render(summary).utf8))
      let reference = try JSONSerialization.jsonObject(with: output)
      #expect(project(ours) == project(reference), "seed \(seed) \(windows)")
      #expect(
        (ours as? [String: Any])?["window"] as? NSDictionary
          == (reference as? [String: Any])?["window"] as? NSDictionary, "seed \(seed) \(windows)")
    }
  }

  @Test func storyOneBeforeHasRedItemUpdatesAndAfterHasNone() throws {
    let before = try TraceAnalysis.summarize(path: Fixture.path("traces/landmarks-before.jsonl"))
    let after = try TraceAnalysis.summarize(path: Fixture.path("traces/landmarks-after.jsonl"))
    let item = { (summary: TraceSummary) in
      summary.views.first { $0.key.name == "LandmarkListItemView" }?.statistics
    }
    #expect(before.views.first?.key.name == "LandmarkListItemView")
    #expect((item(before)?.red ?? 0) > 0)
    #expect(item(after)?.red == 0 && item(after)?.orange == 0)
    #expect(after.total.red + after.total.orange == 2)
    #expect(after.frames.missed == 0)
  }

  @Test func storyThreeMissesByAccumulationOnly() throws {
    let summary = try TraceAnalysis.summarize(path: Fixture.path("traces/many-small-updates.jsonl"))
    #expect(summary.frames.hasRecordedFrames)
    #expect(summary.frames.missed > 0)
    #expect(summary.frames.missedByAccumulation == summary.frames.missed)
    #expect(summary.total.red == 0 && summary.total.orange == 0)
  }

  /// analysis.md's expected outcomes of the stories under frames version 2.
  @Test(arguments: Fixture.storyNames)
  func storiesMissTheFramesTheSpecExpects(_ name: String) throws {
    let diagnosis = try TraceAnalysis.diagnose(.path(Fixture.path("traces/\(name).jsonl")))
    let frames = diagnosis.summary.frames
    let overrun = frames.worst.reduce(Int64(0)) { $0 + $1.overrunNs }
    switch name {
    case "landmarks-before":
      #expect(frames.missed == 6 && frames.missedByLongUpdate == 6)
      #expect(diagnosis.findings.first { $0.rule == .longBody }?.severity == .error)
    case "slow-init":
      #expect(frames.missed == 1 && frames.missedByLongUpdate == 1)
      #expect((74_000_000...76_000_000).contains(overrun), "\(overrun)")
    case "many-small-updates":
      #expect(frames.missed == 4 && frames.missedByAccumulation == 4)
      #expect((19_200_000...19_400_000).contains(overrun), "\(overrun)")
      #expect(diagnosis.findings.first { $0.rule == .accumulation }?.costNs == overrun)
    case "windows":
      // DetailView's 12 ms body in Open Detail, SettingsView's 290 ms after every window.
      #expect(frames.missed == 2 && frames.missedByLongUpdate == 2)
    default:
      #expect(frames.missed == 0, "\(name)")
    }
  }

  @Test func aTraceWhoseOnlyTimeIsTheClocksEndAnchorsItsGridThere() throws {
    let file = try TemporaryFile(
      #"{"type":"update","id":1,"kind":"body","view":"V","start":9223372036854775807,"duration":0}"# + "\n")
    defer { file.remove() }
    let listing = try TraceAnalysis.updates(paths: [file.path], view: "V")
    #expect(listing.entries.map(\.frame) == [FrameRef(number: 0, recordedIndex: nil, start: .max)])
  }

  @Test func percentilesAreExactOverWideRanges() throws {
    // Durations spread over nine orders of magnitude, so histogram buckets are wide and the
    // spill must be scanned to pin the exact value.
    var generator = SplitMix(seed: 7)
    var lines = [#"{"type":"trace","version":1,"start":0}"#]
    var durations: [String: [Int64]] = [:]
    for id in 0..<20_000 {
      let view = "V\(id % 3)"
      let duration = Int64(generator.next() % 3_000_000_000_000) >> (generator.next() % 30)
      durations[view, default: []].append(duration)
      lines.append(
        #"{"type":"update","id":\#(id),"kind":"body","view":"\#(view)","start":\#(id * 1000),"duration":\#(duration)}"#
      )
    }
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let summary = try TraceAnalysis.summarize(path: file.path)
    for view in summary.views {
      let sorted = (durations[view.key.name] ?? []).sorted()
      let rank = { (p: Int) in sorted[(p * sorted.count + 99) / 100 - 1] }
      #expect(view.statistics.p50Ns == rank(50), "\(view.key.name)")
      #expect(view.statistics.p95Ns == rank(95), "\(view.key.name)")
      #expect(view.statistics.maxNs == sorted.last)
    }
  }

  @Test func twoReaderPartsSummarizeAsOneDoes() throws {
    // Over the 16 MB at which the reader splits a file: each part's spill is scanned on its own
    // thread, and the frame that straddles the split gets updates from both.
    var generator = SplitMix(seed: 3)
    var text = #"{"type":"trace","version":1,"refreshRate":120,"start":0}"# + "\n"
    var id = 0
    while text.utf8.count < 17 << 20 {
      id += 1
      let duration = Int64(generator.next() % 70_000) + (id % 300 == 0 ? 2_000_000 : 0)
      let thread = id % 17 == 0 ? #","thread":"com.apple.render""# : ""
      text +=
        #"{"type":"update","id":\#(id),"kind":"body","view":"V\#(id % 40)","start":\#(id * 60_000),"duration":\#(duration)\#(thread)}"#
        + "\n"
    }
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let one = try TraceAnalysis.summarize(path: file.path, options: AnalysisOptions(threads: 1))
    let two = try TraceAnalysis.summarize(path: file.path, options: AnalysisOptions(threads: 2))
    #expect(one.frames.missed > 0 && one.frames.missed < one.frames.withUpdates)
    #expect(two == one)
  }

  @Test func theInspectionRangeKeepsUpdatesStartingInIt() throws {
    let lines = [
      #"{"type":"source","id":1,"kind":"gesture","label":"Tap","time":1000}"#,
      #"{"type":"update","id":2,"kind":"body","view":"A","start":1500,"duration":600000}"#,
      #"{"type":"update","id":3,"kind":"body","view":"A","start":2000,"duration":600000}"#,
      #"{"type":"update","id":4,"kind":"body","view":"A","start":3000,"duration":2000000}"#,
    ]
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let options = AnalysisOptions(range: TimeRange(from: 1000, to: 2000))
    let summary = try TraceAnalysis.summarize(path: file.path, options: options)
    #expect(summary.total.count == 1)
    #expect(summary.total.orange == 1)
    #expect(summary.traceStart == 1000)
  }

  @Test func anUpdateAtTheLastNanosecondIsCounted() throws {
    let line = #"{"type":"update","id":1,"kind":"other","start":9223372036854775807,"duration":0}"#
    let file = try TemporaryFile(line + "\n")
    defer { file.remove() }
    #expect(try TraceAnalysis.summarize(path: file.path).total.count == 1)
  }

  @Test func unfinishedUpdatesAreCountedNeverTimed() throws {
    let lines = [
      #"{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":6148782250705247539}"#,
      #"{"type":"update","id":2,"kind":"body","view":"A","start":0,"duration":700000,"skipped":true}"#,
    ]
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let summary = try TraceAnalysis.summarize(path: file.path)
    let view = try #require(summary.views.first?.statistics)
    #expect(view.count == 2 && view.unfinished == 1 && view.skipped == 1)
    #expect(view.totalNs == 700_000 && view.maxNs == 700_000 && view.p95Ns == 700_000)
    #expect(view.orange == 1 && view.red == 0)
  }
}
