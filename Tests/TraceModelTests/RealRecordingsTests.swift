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
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("real-\(UUID().uuidString)").path
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
      of: #"<row><start-time id="11" fmt="00:17.117.461">17117461125</start-time><duration id="12" fmt="8.34 ms">8336333</duration><process ref="3"/><boolean ref="6"/>"#,
      with: #"<row><start-time id="11" fmt="00:17.117.461">17117461125</start-time><duration id="12" fmt="8.34 ms">8336333</duration><process id="90" fmt="SpringBoard (34)"><pid id="91" fmt="34">34</pid></process><boolean ref="6"/>"#
    ).replacingOccurrences(
      of: #"<duration id="17" fmt="12.50 ms">12504458</duration><process ref="3"/><boolean ref="6"/>"#,
      with: #"<duration id="17" fmt="12.50 ms">12504458</duration><process ref="3"/><boolean id="92" fmt="Yes">1</boolean>"#)
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
      with: #"<duration id="12" fmt="8.34 ms">8336333</duration><process id="90" fmt="SpringBoard (34)"><pid id="91" fmt="34">34</pid></process>"#)
    let directory = try folder([])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(edited.utf8).write(to: URL(fileURLWithPath: directory + "/hitches.xml"))
    do {
      _ = try read([directory])
      Issue.record("two processes' hitches were read without a word")
    } catch let error as TraceReadError {
      guard case .ambiguousInput(let message) = error else { Issue.record("\(error)"); return }
      #expect(message.hasSuffix("pick one with --process NAME: FixIt (11101), SpringBoard (34)"), "\(message)")
    }
    for process in ["FixIt", "11101"] {
      let reading = try XCTraceReader.read(paths: [directory], process: process) { Collector() }
      #expect(reading.parts.first?.sink.events.count == 6, "\(process)")
    }
    let reading = try XCTraceReader.read(paths: [directory], process: "SpringBoard") { Collector() }
    #expect(reading.parts.first?.sink.events.count == 1)
  }
}
