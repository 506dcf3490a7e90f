import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// `export --format chrome`: one event per finished update and per frame with updates, the
/// summary's red and missed counts, and complete events that nest on every track.
struct ChromeTraceExportTests {
  /// The export of `path`, parsed.
  static func export(_ path: String) throws -> (events: [[String: Any]], result: ExportResult) {
    var bytes: [UInt8] = []
    let result = try TraceAnalysis.exportChrome(paths: [path]) { chunk in
      bytes += chunk
      return true
    }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    #expect(object["displayTimeUnit"] as? String == "ns")
    return (try #require(object["traceEvents"] as? [[String: Any]]), result)
  }

  /// µs with three decimals back to exact ns.
  static func ns(_ value: Any?) -> Int64 {
    Int64((((value as? Double) ?? Double((value as? Int) ?? 0)) * 1000).rounded())
  }

  /// Complete events on one track that overlap without one holding the other.
  static func partialOverlaps(_ events: [[String: Any]]) -> [String] {
    var tracks: [Int: [(start: Int64, end: Int64)]] = [:]
    for event in events where event["ph"] as? String == "X" {
      let start = ns(event["ts"])
      tracks[event["tid"] as? Int ?? -1, default: []].append((start, start + ns(event["dur"])))
    }
    var problems: [String] = []
    for (track, intervals) in tracks {
      var open: [Int64] = []
      for interval in intervals.sorted(by: { ($0.start, $1.end) < ($1.start, $0.end) }) {
        while let last = open.last, last <= interval.start { open.removeLast() }
        if let last = open.last, interval.end > last {
          problems.append("track \(track): \(interval.start)..<\(interval.end) crosses an end at \(last)")
        }
        open.append(interval.end)
      }
    }
    return problems
  }

  @Test(arguments: Fixture.storyNames)
  func everyStoryMatchesItsSummary(story: String) throws {
    let path = Fixture.path("traces/\(story).jsonl")
    let summary = try TraceAnalysis.summarize(path: path)
    let (events, result) = try Self.export(path)
    let updates = events.filter { $0["cat"] as? String == "update" }
    let frames = events.filter { $0["cat"] as? String == "frame" }
    #expect(updates.count == summary.total.finished)
    #expect(updates.allSatisfy { $0["ph"] as? String == "X" })
    let red = updates.filter { ($0["args"] as? [String: Any])?["severity"] as? String == "red" }
    #expect(red.count == summary.total.red)
    #expect(frames.count == summary.frames.withUpdates)
    let missed = frames.filter { ($0["args"] as? [String: Any])?["missed"] as? Bool == true }
    #expect(missed.count == summary.frames.missed)
    #expect(Self.partialOverlaps(events) == [])
    // Every named interval (signpost) on its own track, its subsystem kept.
    let intervals = events.filter { $0["cat"] as? String == "interval" }
    #expect(intervals.count == summary.events.intervals)
    if story == "windows" {
      #expect(intervals.count == 5)
      #expect(
        intervals.contains { ($0["args"] as? [String: Any])?["subsystem"] as? String == "com.vendor.ads" })
    }
    #expect(result.events == events.count)
    // Every track is named.
    let named = Set(events.filter { $0["name"] as? String == "thread_name" }.compactMap { $0["tid"] as? Int })
    let used = Set(events.filter { $0["ph"] as? String == "X" }.compactMap { $0["tid"] as? Int })
    #expect(used.isSubset(of: named))
  }

  @Test func anUpdateThatOverlapsWithoutNestingGoesToAnotherTrack() throws {
    let trace = try TemporaryFile(
      """
      {"type":"trace","version":1,"app":"App"}
      {"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":10000000}
      {"type":"update","id":2,"kind":"body","view":"B","start":2000000,"duration":1000000}
      {"type":"update","id":3,"kind":"body","view":"C","start":5000000,"duration":10000000}
      {"type":"update","id":4,"kind":"body","view":"D","start":1000,"duration":10,"thread":"worker"}

      """)
    defer { trace.remove() }
    let (events, _) = try Self.export(trace.path)
    func track(_ name: String) -> Int? { events.first { $0["name"] as? String == name }?["tid"] as? Int }
    #expect(track("A.body") == track("B.body"))
    #expect(track("C.body") != track("A.body"))
    #expect(track("D.body") != track("A.body") && track("D.body") != track("C.body"))
    #expect(Self.partialOverlaps(events) == [])
    let names = events.filter { $0["name"] as? String == "thread_name" }
      .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
    #expect(names == ["main", "main (2)", "worker", "Frames"])
  }

  @Test func updatesOutOfOrderAreWrittenInOrder() throws {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let shuffled = [lines[0]] + lines.dropFirst().reversed()
    let trace = try TemporaryFile(shuffled.joined(separator: "\n") + "\n")
    defer { trace.remove() }
    let (original, _) = try Self.export(path)
    let (reversed, _) = try Self.export(trace.path)
    func starts(_ events: [[String: Any]]) -> [Int64] {
      events.filter { $0["cat"] as? String == "update" }.map { Self.ns($0["ts"]) }
    }
    #expect(starts(reversed) == starts(original).sorted())
    #expect(starts(original) == starts(original).sorted())
    #expect(Self.partialOverlaps(reversed) == [])
  }

  @Test func causesBetweenUpdatesBecomeFlows() throws {
    let trace = try TemporaryFile(
      """
      {"type":"source","id":9,"kind":"gesture","label":"Gesture: Tap","user":true}
      {"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":1000}
      {"type":"update","id":2,"kind":"body","view":"B","start":5000,"duration":1000,"thread":"worker"}
      {"type":"cause","from":9,"to":1}
      {"type":"cause","from":1,"to":2,"label":"creation"}
      {"type":"cause","from":2,"to":77}

      """)
    defer { trace.remove() }
    let (events, result) = try Self.export(trace.path)
    let flows = events.filter { $0["cat"] as? String == "cause" }
    #expect(result.flows == 1)
    #expect(flows.map { $0["ph"] as? String } == ["s", "f"])
    #expect(flows.allSatisfy { $0["name"] as? String == "creation" && $0["id"] as? Int == 1 })
    let a = events.first { $0["name"] as? String == "A.body" }
    let b = events.first { $0["name"] as? String == "B.body" }
    #expect(flows[0]["tid"] as? Int == a?["tid"] as? Int && Self.ns(flows[0]["ts"]) == 0)
    #expect(flows[1]["tid"] as? Int == b?["tid"] as? Int && Self.ns(flows[1]["ts"]) == 5000)
  }

  @Test func timesKeepEveryNanosecond() throws {
    let trace = try TemporaryFile(
      """
      {"type":"update","id":1,"kind":"other","label":"Layout: \\"x\\"","start":-1234567,"duration":1001}

      """)
    defer { trace.remove() }
    let (events, _) = try Self.export(trace.path)
    let update = try #require(events.first { $0["cat"] as? String == "update" })
    #expect(Self.ns(update["ts"]) == -1_234_567)
    #expect(Self.ns(update["dur"]) == 1001)
    #expect(update["name"] as? String == "Layout: \"x\"")
    let args = try #require(update["args"] as? [String: Any])
    #expect(args["module"] as? String == "" && args["kind"] as? String == "other")
    #expect(args["group"] is NSNull)
  }
}

/// The sorted runs and the track packer under the export.
struct ExportOrderingTests {
  @Test(arguments: [0, 6, 1000])
  func runsMergeIntoOneOrder(memoryLimit: Int) {
    var generator = SplitMix(seed: 7)
    let runs = [
      SortedRuns<ExportRecord>(runLength: 5, memoryLimit: memoryLimit),
      SortedRuns<ExportRecord>(runLength: 3, memoryLimit: memoryLimit),
    ]
    var all: [ExportRecord] = []
    for index in 0..<40 {
      let record = ExportRecord(
        start: Int64(generator.next() % 20), duration: Int64(generator.next() % 5), id: Int64(index),
        group: ExportRecord.noGroup, key: 0, flags: 0)
      all.append(record)
      runs[index % 2].append(record)
    }
    var merger = RunMerger(runs)
    var merged: [Int64] = []
    while let (record, _) = merger.next() { merged.append(record.id) }
    #expect(merged == all.sorted(by: ExportRecord.precedes).map(\.id))
  }

  @Test(arguments: [0, 1000])
  func anOrderedTraceIsOneRun(memoryLimit: Int) {
    let runs = SortedRuns<ExportRecord>(runLength: 4, memoryLimit: memoryLimit)
    for index in 0..<20 {
      runs.append(
        ExportRecord(
          start: Int64(index), duration: 1, id: Int64(index), group: ExportRecord.noGroup, key: 0, flags: 0))
    }
    runs.flush()
    #expect(runs.runs.count == 1)
  }

  @Test func thePackerNestsOrOpensALane() {
    var packer = TrackPacker()
    #expect(packer.place(start: 0, end: 10) == 0)
    #expect(packer.place(start: 2, end: 4) == 0)  // inside
    #expect(packer.place(start: 4, end: 10) == 0)  // inside, ends with its parent
    #expect(packer.place(start: 5, end: 12) == 1)  // crosses 10
    #expect(packer.place(start: 10, end: 11) == 0)  // after the first ended
    #expect(packer.place(start: 11, end: 13) == 0)
    #expect(packer.laneCount == 2)
  }
}
