import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// Real exports other people recorded (../shared/realdata, read in place): the rate, the clock,
/// what was recorded, the app's own hitches and their causes.
struct RealRecordingsTests {
  private struct Collector: TraceSink {
    var events: [TraceEvent] = []

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) { events.append(event) }
  }

  private func read(_ paths: [String]) throws -> (TraceReading<Collector>, [String]) {
    let reading = try XCTraceReader.read(paths: paths) { Collector() }
    let part = try #require(reading.parts.first)
    return (reading, part.sink.events.map { JSONLinesWriter.line(for: $0, symbols: part.symbols) })
  }

  /// A scratch folder holding copies of `paths` (removed by the caller).
  private func folder(_ paths: [String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("real-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for path in paths {
      try FileManager.default.copyItem(
        atPath: path, toPath: folder + "/" + URL(fileURLWithPath: path).lastPathComponent)
    }
    return folder
  }

  @Test func anIPhone11OnIOS18GivesItsRefreshIntervalAndTheLateStages() throws {
    guard let path = RealData.path("vybava/ios18-iphone11.hitches-summary.xml") else { return }
    let (reading, lines) = try read([path])
    let header = try #require(reading.header)
    #expect(header.refreshRateSource == "refresh-interval")
    #expect(header.refreshRate.map { TraceHeader.budget(refreshRate: $0) } == 16_666_125)
    #expect(header.start == 0 && header.recorded == ["hitches"])
    #expect(lines.count == 12)
    // The late stage is the cause; "3 : Hitch Duration" is a counter label, never a narrative.
    #expect(lines.allSatisfy { $0.contains(#""cause":""#) && !$0.contains("narrative") })
    #expect(lines.contains { $0.contains(#""cause":"Commit to Render latency""#) })
  }

  @Test func anIPhoneAirOnIOS26KeepsItsAppsHitchesOnTheRunsClock() throws {
    guard let hitches = RealData.path("vybava/ios26-smooth.hitches.xml"),
      let toc = RealData.path("vybava/ios26-smooth.toc.xml")
    else { return }
    let directory = try folder([hitches, toc])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (reading, lines) = try read([directory])
    let header = try #require(reading.header)
    #expect(header.app == "FixIt" && header.device == "iPhone Air, iOS 26.6.2 (23G90)")
    // No vsyncs, no display: the rate is not guessed from hitch durations.
    #expect(header.refreshRate == nil && header.refreshRateSource == nil)
    #expect(header.start == 0)
    #expect(lines.count == 7)
    #expect(lines.first?.hasPrefix(#"{"type":"hitch","start":1561899666,"duration":16672666,"#) == true)
    // Narratives from narrative-description; the hex swap id (`label`) is none.
    #expect(lines.first?.contains("Potentially expensive render, 64 offscreen passes") == true)
    #expect(!lines.contains { $0.contains("0x386") })
    #expect(!lines.contains { $0.contains(#""system":true"#) })
  }

  @Test func anotherProcessesHitchesAreLeftOutAndTheSystemsKeptApart() throws {
    guard let path = RealData.path("vybava/ios26-smooth.hitches.xml") else { return }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // The same rows, the second one another process's and the third the system's.
    let edited = text.replacingOccurrences(
      of:
        #"<row><start-time id="11" fmt="00:17.117.461">17117461125</start-time><duration id="12" fmt="8.34 ms">8336333</duration><process ref="3"/><boolean ref="6"/>"#,
      with:
        #"<row><start-time id="11" fmt="00:17.117.461">17117461125</start-time><duration id="12" fmt="8.34 ms">8336333</duration><process id="90" fmt="SpringBoard (34)"><pid id="91" fmt="34">34</pid></process><boolean ref="6"/>"#
    ).replacingOccurrences(
      of: #"<duration id="17" fmt="12.50 ms">12504458</duration><process ref="3"/><boolean ref="6"/>"#,
      with:
        #"<duration id="17" fmt="12.50 ms">12504458</duration><process ref="3"/><boolean id="92" fmt="Yes">1</boolean>"#
    )
    #expect(edited != text)
    guard let toc = RealData.path("vybava/ios26-smooth.toc.xml") else { return }
    let directory = try folder([toc])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(edited.utf8).write(to: URL(fileURLWithPath: directory + "/hitches.xml"))
    let (reading, lines) = try read([directory])
    #expect(lines.count == 6)
    #expect(lines.filter { $0.contains(#""system":true"#) }.count == 1)
    #expect(
      reading.report.warnings.map(\.message).contains(
        "left out 1 hitches and hangs of other processes than FixIt (11101): SpringBoard (34) ×1"))
  }

  @Test func withoutATargetSeveralProcessesAreRefusedUntilOneIsNamed() throws {
    guard let path = RealData.path("vybava/ios26-smooth.hitches.xml") else { return }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: #"<duration id="12" fmt="8.34 ms">8336333</duration><process ref="3"/>"#,
      with:
        #"<duration id="12" fmt="8.34 ms">8336333</duration><process id="90" fmt="SpringBoard (34)"><pid id="91" fmt="34">34</pid></process>"#
    )
    let directory = try folder([])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(edited.utf8).write(to: URL(fileURLWithPath: directory + "/hitches.xml"))
    do {
      _ = try read([directory])
      Issue.record("two processes' hitches were read without a word")
    } catch let error as TraceReadError {
      guard case .ambiguousInput(let message) = error else { Issue.record("\(error)"); return }
      #expect(
        message.hasSuffix("pick one with --process NAME: FixIt (11101), SpringBoard (34)"), "\(message)")
    }
    for process in ["FixIt", "11101"] {
      let reading = try XCTraceReader.read(paths: [directory], process: process) { Collector() }
      #expect(reading.parts.first?.sink.events.count == 6, "\(process)")
    }
    let reading = try XCTraceReader.read(paths: [directory], process: "SpringBoard") { Collector() }
    #expect(reading.parts.first?.sink.events.count == 1)
  }

  @Test func anotherProcessesHitchAtTheSameMomentDoesNotHideTheApps() throws {
    guard let path = RealData.path("vybava/ios26-smooth.hitches.xml") else { return }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // A system process's hitch with the first hitch's start and duration, before it.
    let first = #"<row><start-time id="1" fmt="00:01.561.899">1561899666</start-time>"#
    let other =
      #"<row><start-time fmt="00:01.561.899">1561899666</start-time><duration fmt="16.67 ms">16672666</duration><process id="90" fmt="backboardd (66)"><pid id="91" fmt="66">66</pid></process><boolean id="92" fmt="Yes">1</boolean><uint32 fmt="1">1</uint32><string fmt="0x1">0x1</string><display-name fmt="Display 1">Display 1</display-name><string fmt=""></string></row>"#
    let edited = text.replacingOccurrences(of: first, with: other + first)
    #expect(edited != text)
    guard let toc = RealData.path("vybava/ios26-smooth.toc.xml") else { return }
    let directory = try folder([toc])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(edited.utf8).write(to: URL(fileURLWithPath: directory + "/hitches.xml"))
    let (_, lines) = try read([directory])
    #expect(lines.count == 7)
    #expect(lines.first?.contains("64 offscreen passes") == true)
    // A process named as messages list it, by name or pid; one the recording lacks is refused.
    for process in ["FixIt (11101)", "FixIt", "11101"] {
      let reading = try XCTraceReader.read(paths: [directory], process: process) { Collector() }
      #expect(reading.parts.first?.sink.events.count == 7, "\(process)")
    }
    #expect(throws: TraceReadError.self) {
      _ = try XCTraceReader.read(paths: [directory], process: "Nope") { Collector() }
    }
  }

  @Test func ratesFromRowsNoDisplayRunsAtAreLeftOut() {
    var rate = XCTraceRefreshRate()
    // Ten vsyncs at 120 Hz, one of them repeated 1 ns later: still 120 Hz.
    rate.vsyncIntervals = Array(repeating: 8_333_333, count: 9) + [1]
    #expect(rate.chosen?.rate == 120 && rate.chosen?.source == "vsyncs")
    // Two surfaces' lifetimes 20 µs apart at 60 Hz: 60 Hz.
    rate = XCTraceRefreshRate()
    rate.lifetimeStarts = (0..<10).flatMap { [Int64($0) * 16_666_667, Int64($0) * 16_666_667 + 20_000] }
    #expect(rate.chosen?.rate == 60 && rate.chosen?.source == "frame-lifetimes")
    // A refresh interval of 1 ns or of 11 days is no display's: the next source decides.
    rate = XCTraceRefreshRate()
    rate.refreshIntervals = [1, 1_000_000_000_000_000]
    rate.displayMaximum = 120
    #expect(rate.chosen?.rate == 120 && rate.chosen?.source == "display-max")
  }

  @Test func signpostIntervalsOfAnAllProcessesRecordingAreTheNamedAppsOnly() throws {
    guard let path = RealData.path("apple-profiler/real__signpost_intervals.xml") else { return }
    // 50 rows of four processes, nothing to say which is the app: refused, naming them.
    do {
      _ = try read([path])
      Issue.record("four processes' signposts were read without a word")
    } catch let error as TraceReadError {
      guard case .ambiguousInput(let message) = error else { throw error }
      #expect(message.hasPrefix("the recording holds the signpost intervals of 4 processes"))
      #expect(message.hasSuffix("WindowServer (394), Xcode (2318), iTerm2 (20175), mobileassetd (38142)"))
    }
    let reading = try XCTraceReader.read(paths: [path], process: "Xcode") { Collector() }
    let part = try #require(reading.parts.first)
    let lines = part.sink.events.map { JSONLinesWriter.line(for: $0, symbols: part.symbols) }
    #expect(lines.count == 4)
    #expect(
      lines.first
        == #"{"type":"interval","name":"fetch-matching-assets","start":638678875,"duration":3208333,"subsystem":"com.apple.dt.Xcode","category":"DVTDownloads Metrics"}"#
    )
    #expect(
      reading.report.warnings.map(\.message)
        == [
          "left out 46 signpost intervals of other processes than Xcode: WindowServer (394) ×40, iTerm2 (20175) ×5, mobileassetd (38142) ×1"
        ])
    #expect(reading.header?.recorded == ["intervals"])
    let iTerm = try XCTraceReader.read(paths: [path], process: "20175") { Collector() }
    #expect(iTerm.parts.first?.sink.events.count == 5)
  }
}
