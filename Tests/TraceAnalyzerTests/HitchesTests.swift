import Foundation
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// Recorded hitches and hangs (analysis.md "Recorded hitches and hangs") on a trace small enough
/// to work out by hand.
@Suite struct HitchesTests {
  /// At 60 Hz (B = 16 666 667 ns), times in ms:
  ///
  /// - hitch H1 at 140 for 16.666667: window [106.666666, 156.666667); main-thread A [100, 130)
  ///   holds B [110, 115); a sample outside updates at 135 (1 ms); a worker update is no
  ///   evidence. A has two more red updates later, so long-body names it.
  /// - hang G at 300 for 100: no update; ten 10 ms samples in App.parse() under the entry point.
  /// - hitch H2 at 600 for 33.333333, with its narrative and cause: nothing on the main thread.
  /// - a system hitch at 700: left out.
  static func trace(samples: Bool) -> String {
    var lines = [
      #"{"type":"trace","version":1,"refreshRate":60,"recorded":["updates","hitches","hangs"\#(samples ? #","samples""# : "")]}"#,
      #"{"type":"update","id":1,"kind":"body","view":"A","module":"App","start":100000000,"duration":30000000}"#,
      #"{"type":"update","id":2,"kind":"body","view":"B","module":"App","start":110000000,"duration":5000000}"#,
      #"{"type":"update","id":3,"kind":"body","view":"W","module":"App","start":100000000,"duration":100000000,"thread":"worker"}"#,
      #"{"type":"update","id":4,"kind":"body","view":"A","module":"App","start":800000000,"duration":2000000}"#,
      #"{"type":"update","id":5,"kind":"body","view":"A","module":"App","start":820000000,"duration":2000000}"#,
      #"{"type":"hitch","start":140000000,"duration":16666667}"#,
      #"{"type":"hang","start":300000000,"duration":100000000,"kind":"Hang"}"#,
      #"{"type":"hitch","start":600000000,"duration":33333333,"narrative":"Potentially expensive app update(s)","cause":"Commit to Render latency"}"#,
      #"{"type":"hitch","start":700000000,"duration":50000000,"system":true}"#,
    ]
    if samples {
      lines += [
        #"{"type":"symbol","id":1,"name":"leaf","binary":"libsystem_kernel.dylib"}"#,
        #"{"type":"symbol","id":2,"name":"App.parse()","binary":"App","user":true}"#,
        #"{"type":"symbol","id":3,"name":"static App.$main()","binary":"App","user":true}"#,
        #"{"type":"sample","time":135000000,"weight":1000000,"stack":[2,3]}"#,
        #"{"type":"sample","time":112000000,"weight":1000000,"stack":[2,3]}"#,
      ]
      for index in 0..<10 {
        lines.append(
          #"{"type":"sample","time":\#(300_000_000 + index * 10_000_000),"weight":10000000,"stack":[1,2,3]}"#)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func hitches(samples: Bool) throws -> RecordedHitches {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hitches-\(UUID()).jsonl")
    try Data(Self.trace(samples: samples).utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try TraceAnalysis.hitches(paths: [url.path]).hitches
  }

  @Test func eachEventGetsItsWindowFiguresAndVerdict() throws {
    let events = try hitches(samples: true).events
    // Longest first; the system's hitch is left out.
    #expect(events.map(\.kind) == [.hang, .hitch, .hitch])
    #expect(events.map(\.start) == [300_000_000, 600_000_000, 140_000_000])

    let hang = events[0]
    #expect(hang.window == 300_000_000..<400_000_000)
    #expect(hang.verdict == .mainThread)
    #expect((hang.updateNs, hang.otherNs) == (0, 100_000_000))
    #expect(hang.explainedBy == ["App.parse()"])
    #expect(hang.findings.isEmpty && hang.longestUpdate == nil)

    let idle = events[1]
    #expect(idle.verdict == .elsewhere)
    #expect(idle.explainedBy == ["Potentially expensive app update(s)", "Commit to Render latency"])

    let late = events[2]
    #expect(late.window == 106_666_666..<156_666_667)
    #expect(late.verdict == .updates)
    // A clipped to the window; B lies inside it; the sample at 112 ms is in an update.
    #expect(late.updateNs == 23_333_334)
    #expect(late.otherNs == 1_000_000)
    #expect(late.explainedBy == ["A.body", "B.body"])
    #expect(late.explainedNs == [23_333_334, 5_000_000])
    #expect(late.findings.map(\.rawValue) == ["long-body"])
    #expect(late.longestUpdate == 1)
  }

  @Test func withoutSamplesWorkOutsideUpdatesIsUnknown() throws {
    let recorded = try hitches(samples: false)
    #expect(!recorded.sampled)
    #expect(recorded.events.map(\.verdict) == [.unknown, .unknown, .updates])
    #expect(recorded.events[0].explainedBy.isEmpty)
    #expect(recorded.events[1].explainedBy.count == 2)
  }

  @Test func windowsAreHalfOpenForUpdatesAndSamples() {
    // Given out of start order: positions are by start.
    let windows = HitchWindows([15..<30, 10..<20, 40..<40, 50..<60])
    #expect((0..<4).map(windows.index(at:)) == [1, 0, 2, 3])
    #expect(windows.bounds(at: 0) == 10..<20)
    var hint = 0
    var found: [Int] = []
    windows.forEachOverlap(0, 10, hint: &hint) { found.append($0) }
    #expect(found.isEmpty, "an update ending at a window's start")
    windows.forEachOverlap(19, 25, hint: &hint) { found.append($0) }
    #expect(found.sorted() == [0, 1])
    found = []
    windows.forEachOverlap(30, 50, hint: &hint) { found.append($0) }
    #expect(found.isEmpty, "an update starting at a window's end, and an empty window")
    // The hint is only a guess: a record far back in time is still placed.
    windows.forEachHolding(55, hint: &hint) { found.append($0) }
    windows.forEachHolding(10, hint: &hint) { found.append($0) }
    windows.forEachHolding(20, hint: &hint) { found.append($0) }
    #expect(found == [3, 0, 1])
  }

  @Test func overlapsCountOnceAndASampleAtAnUpdatesStartIsInIt() throws {
    // A hang [0, 20) ms: A [0, 10) and B [5, 15) overlap (15 ms of updates, not 20); the
    // sample at 0 ms is in A, the one at 15 ms (B's end) and at 19 ms are not.
    let trace = """
      {"type":"trace","version":1,"recorded":["updates","hangs","samples"]}
      {"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":10000000}
      {"type":"update","id":2,"kind":"body","view":"B","start":5000000,"duration":10000000}
      {"type":"hang","start":0,"duration":20000000}
      {"type":"sample","time":0,"weight":1000000,"stack":[]}
      {"type":"sample","time":15000000,"weight":1000000,"stack":[]}
      {"type":"sample","time":19000000,"weight":1000000,"stack":[]}

      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("overlap-\(UUID()).jsonl")
    try Data(trace.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let hang = try #require(
      try TraceAnalysis.hitches(paths: [url.path], findings: false).hitches.events.first)
    #expect((hang.updateNs, hang.otherNs) == (15_000_000, 2_000_000))
    #expect(hang.verdict == .updates)
    // Equal time in the window (10 ms each): by label; the longest update, ties by id.
    #expect(hang.explainedBy == ["A.body", "B.body"])
    #expect(hang.longestUpdate == 1)
    let piece = WindowRecord(window: 0, group: 0, time: 5, end: 9, duration: 4, id: 1)
    let sample = WindowRecord(window: 0, group: WindowRecord.sample, time: 5, end: 1, duration: 0, id: 0)
    #expect(WindowRecord.precedes(piece, sample) && !WindowRecord.precedes(sample, piece))
  }
}
