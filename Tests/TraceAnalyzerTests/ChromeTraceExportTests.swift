import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// `export --format chrome`: one event per finished update and per frame with updates, the
/// summary's red and missed counts, complete events that nest on every track, sources on the
/// Causes track, one flow per cause bound where Perfetto binds it, and the inspection range.
struct ChromeTraceExportTests {
  /// The export of `path`, parsed.
  static func export(_ path: String, options: AnalysisOptions = AnalysisOptions()) throws -> (
    events: [[String: Any]], result: ExportResult
  ) {
    var bytes: [UInt8] = []
    let result = try TraceAnalysis.exportChrome(paths: [path], options: options) { chunk in
      bytes += chunk
      return true
    }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    #expect(object["displayTimeUnit"] as? String == "ns")
    return (try #require(object["traceEvents"] as? [[String: Any]]), result)
  }

  /// The events of the JSON Lines trace at `path`.
  static func lines(_ path: String) throws -> [[String: Any]] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The slices Perfetto's JSON importer binds each flow to, as `(from, to)` slice events, and
  /// the flow events it drops.
  ///
  /// The importer's rules (google/perfetto `src/trace_processor/importers/json/
  /// json_trace_parser_impl.cc`, `importers/common/flow_tracker.cc`, `sorter/trace_sorter.h`):
  /// events go in `ts` order, at one `ts` the complete events first (the longer first), then
  /// in file order; a complete event closes the slices of its track that ended by its start and
  /// opens its own; an `s` (and an `f` with `bp: "e"`) binds to the innermost slice still open
  /// on its track, or is dropped when none is; an `f` whose `s` has not come is dropped.
  static func perfettoFlows(_ events: [[String: Any]]) -> (
    flows: [(from: [String: Any], to: [String: Any])], dropped: Int
  ) {
    func key(_ index: Int) -> (Int64, Int64, Int) {
      let event = events[index]
      let rank = event["ph"] as? String == "X" ? Int64.max - ns(event["dur"]) : Int64.max
      return (ns(event["ts"]), rank, index)
    }
    let ordered = events.indices.filter { events[$0]["ts"] != nil }.sorted { key($0) < key($1) }
    var open: [Int: [(end: Int64, event: Int)]] = [:]
    var starts: [Int: Int] = [:]
    var flows: [(from: [String: Any], to: [String: Any])] = []
    var dropped = 0
    for index in ordered {
      let event = events[index]
      let track = event["tid"] as? Int ?? -1
      let time = ns(event["ts"])
      let id = event["id"] as? Int ?? -1
      switch event["ph"] as? String {
      case "X":
        while let top = open[track]?.last, top.end <= time { open[track]?.removeLast() }
        open[track, default: []].append((time + ns(event["dur"]), index))
      case "s":
        if let top = open[track]?.last { starts[id] = top.event } else { dropped += 1 }
      case "f":
        if let from = starts[id], let top = open[track]?.last, event["bp"] as? String == "e" {
          flows.append((events[from], events[top.event]))
        } else {
          dropped += 1
        }
      default: break
      }
    }
    return (flows, dropped)
  }

  /// The `(from, to)` ids of the flows Perfetto binds, sorted.
  static func boundCauses(_ events: [[String: Any]]) -> [[Int]] {
    perfettoFlows(events).flows.map { flow in
      [flow.from, flow.to].map { (($0["args"] as? [String: Any])?["id"] as? Int) ?? -1 }
    }.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// The `(from, to)` ids of the causes of `trace` whose two ends the export writes when it
  /// keeps the times in `window`: finished updates that start there, and the sources that
  /// cause something and whose time (else their first such update's start) lies there.
  static func expectedCauses(_ trace: [[String: Any]], window: Range<Int64> = Int64.min..<Int64.max)
    -> [[Int]]
  {
    let causes = trace.filter { $0["type"] as? String == "cause" }
    var written: [Int: Int64] = [:]
    for update in trace where update["type"] as? String == "update" {
      let start = Int64(update["start"] as? Int ?? 0)
      if (update["duration"] as? Int ?? 0) < 3_600_000_000_000 && window.contains(start) {
        written[update["id"] as? Int ?? -1] = start
      }
    }
    var sources: Set<Int> = []
    for source in trace where source["type"] as? String == "source" {
      let id = source["id"] as? Int ?? -1
      let targets = causes.filter { $0["from"] as? Int == id }.compactMap { $0["to"] as? Int }
      guard !targets.isEmpty else { continue }
      if let time = source["time"] as? Int {
        if window.contains(Int64(time)) { sources.insert(id) }
      } else if targets.contains(where: { written[$0] != nil }) {
        sources.insert(id)
      }
    }
    let drawn = sources.union(written.keys)
    return causes.compactMap { cause in
      guard let from = cause["from"] as? Int, let to = cause["to"] as? Int, drawn.contains(from),
        drawn.contains(to)
      else { return nil }
      return [from, to]
    }.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// The events named `thread_name`, by track.
  static func trackNames(_ events: [[String: Any]]) -> [Int: String] {
    var names: [Int: String] = [:]
    for event in events where event["name"] as? String == "thread_name" {
      names[event["tid"] as? Int ?? -1] = (event["args"] as? [String: Any])?["name"] as? String
    }
    return names
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
    // One flow per cause whose two ends were written, bound by Perfetto to those two slices.
    let expected = Self.expectedCauses(try Self.lines(path))
    #expect(result.flows == expected.count)
    #expect(Self.boundCauses(events) == expected)
    #expect(Self.perfettoFlows(events).dropped == 0)
    // Sources are 1 µs slices on the Causes tracks.
    let sources = events.filter { $0["cat"] as? String == "source" }
    #expect(sources.count == result.sources)
    let names = Self.trackNames(events)
    #expect(sources.allSatisfy { Self.ns($0["dur"]) == 1000 })
    #expect(sources.allSatisfy { names[$0["tid"] as? Int ?? -1]?.hasPrefix("Causes") == true })
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
    #expect(result.flows == 2)
    #expect(flows.map { $0["ph"] as? String } == ["s", "f", "s", "f"])
    let creation = flows.filter { $0["name"] as? String == "creation" }
    #expect(creation.count == 2 && Set(creation.compactMap { $0["id"] as? Int }).count == 1)
    let a = events.first { $0["name"] as? String == "A.body" }
    let b = events.first { $0["name"] as? String == "B.body" }
    #expect(creation[0]["tid"] as? Int == a?["tid"] as? Int && Self.ns(creation[0]["ts"]) == 0)
    #expect(creation[1]["tid"] as? Int == b?["tid"] as? Int && Self.ns(creation[1]["ts"]) == 5000)
    // The dangling cause (to 77) has none.
    #expect(Self.boundCauses(events) == [[1, 2], [9, 1]])
  }

  @Test func aFanOutHasOneBoundFlowPerCause() throws {
    let path = Fixture.path("traces/favorites-before.jsonl")
    let trace = try Self.lines(path)
    let (events, _) = try Self.export(path)
    let names = Self.trackNames(events)
    let flows = Self.perfettoFlows(events)
    #expect(flows.dropped == 0)
    // Each change of `LandmarkCollection.landmarks` re-renders its rows: one arrow per cause
    // event, from the source's slice to the row's.
    for change in trace where change["kind"] as? String == "observable" {
      let id = try #require(change["id"] as? Int)
      let rows = trace.filter { $0["type"] as? String == "cause" && $0["from"] as? Int == id }
        .compactMap { $0["to"] as? Int }
      #expect(rows.count == 40)
      let slice = try #require(
        events.first {
          $0["cat"] as? String == "source" && ($0["args"] as? [String: Any])?["id"] as? Int == id
        })
      #expect(Self.ns(slice["ts"]) == Int64(try #require(change["time"] as? Int)))
      #expect(Self.ns(slice["dur"]) == 1000)
      #expect(names[slice["tid"] as? Int ?? -1] == "Causes")
      let args = try #require(slice["args"] as? [String: Any])
      #expect(args["kind"] as? String == "observable")
      #expect(args["source"] as? String == "@Observable LandmarkCollection.landmarks")
      #expect(slice["name"] as? String == "@Observable LandmarkCollection.landmarks")
      let out = flows.flows.filter { ($0.from["args"] as? [String: Any])?["id"] as? Int == id }
      #expect(out.count == rows.count)
      for flow in out {
        // Bound to this very slice, and to the row's update slice at that update's start.
        #expect(
          flow.from["ts"] as? Double == slice["ts"] as? Double
            && flow.from["tid"] as? Int == slice["tid"] as? Int)
        let row = try #require((flow.to["args"] as? [String: Any])?["id"] as? Int)
        let update = try #require(
          trace.first { $0["type"] as? String == "update" && $0["id"] as? Int == row })
        #expect(flow.to["cat"] as? String == "update")
        #expect(Self.ns(flow.to["ts"]) == Int64(try #require(update["start"] as? Int)))
      }
      #expect(out.compactMap { ($0.to["args"] as? [String: Any])?["id"] as? Int }.sorted() == rows.sorted())
    }
    // The tap that made each change points at it.
    #expect(Self.boundCauses(events).filter { [1, 44].contains($0[0]) } == [[1, 2], [44, 45]])
  }

  @Test func aSourceWithoutATimeSitsAtTheFirstUpdateItCauses() throws {
    let trace = try TemporaryFile(
      """
      {"type":"source","id":1,"kind":"state","label":"@State isOn","user":true}
      {"type":"source","id":2,"kind":"environment","label":"External Environment"}
      {"type":"source","id":3,"kind":"state","label":"@State unused"}
      {"type":"update","id":10,"kind":"body","view":"A","start":9000,"duration":1000}
      {"type":"update","id":11,"kind":"body","view":"B","start":4000,"duration":1000}
      {"type":"update","id":12,"kind":"body","view":"C","start":7000,"duration":1000}
      {"type":"cause","from":1,"to":10}
      {"type":"cause","from":1,"to":11}
      {"type":"cause","from":2,"to":12}

      """)
    defer { trace.remove() }
    let (events, result) = try Self.export(trace.path)
    let sources = events.filter { $0["cat"] as? String == "source" }
    func slice(_ id: Int) -> [String: Any]? {
      sources.first { ($0["args"] as? [String: Any])?["id"] as? Int == id }
    }
    #expect(result.sources == 2)
    #expect(Self.ns(slice(1)?["ts"]) == 4000 && Self.ns(slice(1)?["dur"]) == 1000)
    #expect(Self.ns(slice(2)?["ts"]) == 7000)
    #expect((slice(1)?["args"] as? [String: Any])?["user"] as? Bool == true)
    #expect((slice(2)?["args"] as? [String: Any])?["kind"] as? String == "environment")
    // A source that causes nothing is not drawn.
    #expect(slice(3) == nil)
    #expect(Self.boundCauses(events) == [[1, 10], [1, 11], [2, 12]])
    #expect(Self.perfettoFlows(events).dropped == 0)
  }

  @Test func sourcesAtOneTimeHaveLanesOfTheirOwn() throws {
    let trace = try TemporaryFile(
      """
      {"type":"source","id":1,"kind":"state","label":"@State a","time":1000}
      {"type":"source","id":2,"kind":"state","label":"@State b","time":1000}
      {"type":"source","id":3,"kind":"state","label":"@State c","time":1500}
      {"type":"update","id":10,"kind":"body","view":"A","start":9000,"duration":1000}
      {"type":"cause","from":1,"to":10}
      {"type":"cause","from":2,"to":10}
      {"type":"cause","from":3,"to":10}

      """)
    defer { trace.remove() }
    let (events, _) = try Self.export(trace.path)
    let names = Self.trackNames(events)
    let tracks = events.filter { $0["cat"] as? String == "source" }.map {
      names[$0["tid"] as? Int ?? -1] ?? ""
    }
    // 1 and 2 start together, 3 inside them: none nests, so each flow binds its own source.
    #expect(tracks == ["Causes", "Causes (2)", "Causes (3)"])
    #expect(Self.boundCauses(events) == [[1, 10], [2, 10], [3, 10]])
  }

  @Test(arguments: [true, false])
  func anUpdateStartingWithACausedOneGoesToAnotherLane(caused: Bool) throws {
    let trace = try TemporaryFile(
      """
      {"type":"source","id":1,"kind":"state","label":"@State a","time":0}
      {"type":"update","id":10,"kind":"body","view":"Parent","start":1000,"duration":9000}
      {"type":"update","id":11,"kind":"body","view":"Child","start":1000,"duration":2000}
      {"type":"update","id":12,"kind":"body","view":"Grandchild","start":1000,"duration":1000}
      {"type":"cause","from":1,"to":\(caused ? 10 : 12)}

      """)
    defer { trace.remove() }
    let (events, _) = try Self.export(trace.path)
    func track(_ name: String) -> Int? { events.first { $0["name"] as? String == name }?["tid"] as? Int }
    if caused {
      // The parent stays the innermost slice at its start on its track; its children nest
      // on the next.
      #expect(track("Parent.body") != track("Child.body"))
      #expect(track("Child.body") == track("Grandchild.body"))
      #expect(Self.boundCauses(events) == [[1, 10]])
    } else {
      // Nothing starts with the caused update (the innermost): all three nest on one track.
      #expect(track("Parent.body") == track("Child.body") && track("Child.body") == track("Grandchild.body"))
      #expect(Self.boundCauses(events) == [[1, 12]])
    }
    #expect(Self.partialOverlaps(events) == [])
  }

  @Test func hitchesAndHangsCarryTheirArguments() throws {
    let trace = try TemporaryFile(
      """
      {"type":"hitch","start":1000,"duration":8333333,"narrative":"Potentially expensive app update(s)","cause":"Commit to Render latency"}
      {"type":"hitch","start":9000000,"duration":16000000,"system":true}
      {"type":"hang","start":2000,"duration":250000000,"kind":"Hang"}
      {"type":"hang","start":3000,"duration":3600000000000}

      """)
    defer { trace.remove() }
    let (events, _) = try Self.export(trace.path)
    func args(_ name: String) -> [String: Any]? {
      events.first { $0["name"] as? String == name }?["args"] as? [String: Any]
    }
    let app = try #require(args("Potentially expensive app update(s)"))
    #expect(app["durationNs"] as? Int == 8_333_333 && app["duration"] as? String == "8.33 ms")
    #expect(app["narrative"] as? String == "Potentially expensive app update(s)")
    #expect(app["cause"] as? String == "Commit to Render latency")
    #expect(app["system"] as? Bool == false)
    let system = try #require(args("System hitch: Hitch"))
    #expect(system["system"] as? Bool == true && system["durationNs"] as? Int == 16_000_000)
    #expect(system["narrative"] == nil && system["cause"] == nil)
    let hang = try #require(args("Hang"))
    #expect(hang["kind"] as? String == "Hang" && hang["durationNs"] as? Int == 250_000_000)
    #expect(hang["duration"] as? String == "250 ms")
    let hangs = events.filter { $0["cat"] as? String == "hang" }
    let unfinished = try #require(hangs.first { ($0["args"] as? [String: Any])?["kind"] == nil })
    #expect((unfinished["args"] as? [String: Any])?["unfinished"] as? Bool == true)
    #expect(Self.ns(unfinished["dur"]) == 0)
  }

  /// Ranges relative to each trace's start, in ms.
  @Test(
    arguments: [
      ("favorites-before", 1300, nil), ("favorites-before", nil, 1300), ("landmarks-before", 500, 1100),
      ("update-loop", 100, 180), ("windows", 300, 700), ("environment-churn", 80, 200),
    ] as [(String, Int64?, Int64?)])
  func theRangeKeepsWhatStartsInIt(story: String, from: Int64?, to: Int64?) throws {
    let path = Fixture.path("traces/\(story).jsonl")
    var options = AnalysisOptions()
    options.range = TimeRange(from: from.map { $0 * 1_000_000 }, to: to.map { $0 * 1_000_000 })
    let summary = try TraceAnalysis.summarize(path: path, options: options)
    let (events, result) = try Self.export(path, options: options)
    let trace = try Self.lines(path)
    let start = try #require(summary.traceStart)
    let window = (from.map { start + $0 * 1_000_000 } ?? .min)..<(to.map { start + $0 * 1_000_000 } ?? .max)
    let updates = events.filter { $0["cat"] as? String == "update" }
    #expect(updates.count == summary.total.finished && updates.count > 0)
    #expect(updates.allSatisfy { window.contains(Self.ns($0["ts"])) })
    #expect(result.red == summary.total.red)
    let frames = events.filter { $0["cat"] as? String == "frame" }
    #expect(frames.count == summary.frames.withUpdates)
    #expect(
      frames.filter { ($0["args"] as? [String: Any])?["missed"] as? Bool == true }.count
        == summary.frames.missed)
    // Hitches, hangs, groups and intervals: those that start in the range.
    for (type, category) in [
      ("hitch", "hitch"), ("hang", "hang"), ("group", "group"), ("interval", "interval"),
    ] {
      let kept = trace.filter {
        $0["type"] as? String == type && window.contains(Int64($0["start"] as? Int ?? 0))
      }
      #expect(events.filter { $0["cat"] as? String == category }.count == kept.count, "\(type)")
    }
    // Sources and flows: those whose ends are in the range, bound.
    let expected = Self.expectedCauses(trace, window: window)
    #expect(result.flows == expected.count)
    #expect(Self.boundCauses(events) == expected)
    #expect(Self.perfettoFlows(events).dropped == 0)
    #expect(
      events.filter { $0["cat"] as? String == "source" }.allSatisfy { window.contains(Self.ns($0["ts"])) })
    #expect(Self.partialOverlaps(events) == [])
  }

  @Test func twoReaderPartsExportAsOneDoesInOrderOrNot() throws {
    // Over the 16 MB at which the reader splits a file: each part's frames are assigned on its
    // own thread and joined where a frame straddles the split; with the halves swapped the
    // parts are out of order, and one assigner takes every update, sorted. The file is the same.
    var generator = SplitMix(seed: 3)
    var lines: [String] = []
    var size = 0
    while size < 17 << 20 {
      let id = lines.count + 1
      let duration = Int64(generator.next() % 70_000) + (id % 300 == 0 ? 2_000_000 : 0)
      let thread = id % 17 == 0 ? #","thread":"com.apple.render""# : ""
      lines.append(
        #"{"type":"update","id":\#(id),"kind":"body","view":"V\#(id % 40)","start":\#(id * 60_000),"duration":\#(duration)\#(thread)}"#
      )
      size += lines[lines.count - 1].utf8.count + 1
    }
    func export(_ lines: some Sequence<String>, threads: Int) throws -> (bytes: [UInt8], result: ExportResult)
    {
      let header = #"{"type":"trace","version":1,"refreshRate":120,"start":0}"#
      let file = try TemporaryFile(([header] + lines).joined(separator: "\n") + "\n")
      defer { file.remove() }
      var bytes: [UInt8] = []
      let result = try TraceAnalysis.exportChrome(
        paths: [file.path], name: "trace.jsonl", options: AnalysisOptions(threads: threads)
      ) {
        bytes += $0
        return true
      }
      return (bytes, result)
    }
    let one = try export(lines, threads: 1)
    #expect(one.result.missedFrames > 0 && one.result.missedFrames < one.result.frames)
    // Many batches, each formatted in pieces on two threads: every event once, in start order.
    let object = try #require(try JSONSerialization.jsonObject(with: Data(one.bytes)) as? [String: Any])
    let events = try #require(object["traceEvents"] as? [[String: Any]])
    #expect(events.count == one.result.events)
    let starts = events.filter { $0["cat"] as? String == "update" }.map { Self.ns($0["ts"]) }
    #expect(starts == (1...lines.count).map { Int64($0 * 60_000) })
    #expect(try export(lines, threads: 2).bytes == one.bytes)
    let middle = lines.count / 2
    #expect(try export(lines[middle...] + lines[..<middle], threads: 2).bytes == one.bytes)
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

  /// An event is written in room reserved for all of it: a label longer than the writer's
  /// buffer grows the buffer of the piece that formats it, between two short events.
  @Test func aLabelLongerThanTheBufferIsWrittenWhole() throws {
    let long = String(repeating: "Ä", count: ExportWriter.flushSize)
    let trace = try TemporaryFile(
      (1...3).map { id in
        let label = id == 2 ? long : "Row\(id)"
        return #"{"type":"update","id":\#(id),"kind":"other","label":"\#(label)","start":\#(id * 1000),"#
          + #""duration":10,"group":7}"#
      }.joined(separator: "\n") + "\n")
    defer { trace.remove() }
    let (events, result) = try Self.export(trace.path)
    let updates = events.filter { $0["cat"] as? String == "update" }
    #expect(updates.map { $0["name"] as? String } == ["Row1", long, "Row3"])
    #expect(updates.map { ($0["args"] as? [String: Any])?["group"] as? Int } == [7, 7, 7])
    #expect(result.updates == 3)
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

  /// `forEach` against repeated `next()`, with ties that only the records' payload tells apart
  /// (the same start, duration and id in two sources) and sources in order and out of it.
  @Test(arguments: [0, 6, 1000])
  func forEachGivesWhatNextGives(memoryLimit: Int) {
    for seed: UInt64 in 1...20 {
      var generator = SplitMix(seed: seed)
      func sources() -> [SortedRuns<ExportRecord>] {
        (0..<4).map { _ in SortedRuns<ExportRecord>(runLength: 5, memoryLimit: memoryLimit) }
      }
      let (first, second) = (sources(), sources())
      let inOrder = seed % 2 == 0
      for index in 0..<120 {
        let source = inOrder ? index * 4 / 120 : Int(generator.next() % 4)
        let start = inOrder ? Int64(index / 3) : Int64(generator.next() % 30)
        let record = ExportRecord(
          start: start, duration: Int64(generator.next() % 3), id: Int64(generator.next() % 8),
          group: ExportRecord.noGroup, key: Int32(index), flags: 0)
        first[source].append(record)
        second[source].append(record)
      }
      var stepped = RunMerger(first)
      var expected: [Int32] = []
      while let (record, source) = stepped.next() { expected.append(record.key * 4 + Int32(source)) }
      var walked = RunMerger(second)
      var got: [Int32] = []
      walked.forEach { record, source in got.append(record.key * 4 + Int32(source)) }
      #expect(got == expected, "seed \(seed)")
      #expect(got.count == 120)
    }
  }

  @Test(arguments: [0, 1000])
  func anOrderedTraceIsOneRun(memoryLimit: Int) {
    let runs = SortedRuns<ExportRecord>(runLength: 4, memoryLimit: memoryLimit)
    func record(_ index: Int) -> ExportRecord {
      ExportRecord(
        start: Int64(index), duration: 1, id: Int64(index), group: ExportRecord.noGroup, key: 0, flags: 0)
    }
    for index in 0..<21 { runs.append(record(index)) }
    runs.flush()
    #expect(runs.runs.count == 1)
    // Read whole, and from the middle of one of its buffers (found by binary search) to another's.
    var merger = RunMerger([runs])
    var ids: [Int64] = []
    while let (record, _) = merger.next() { ids.append(record.id) }
    #expect(ids == Array(0..<21))
    var ranged = RunMerger(ranges: [(runs, from: record(5), before: record(18))])
    ids = []
    while let (record, _) = ranged.next() { ids.append(record.id) }
    #expect(ids == Array(5..<18))
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
