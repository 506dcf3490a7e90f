import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer
@testable import tracecli

/// The stories with Time Profiler samples as folders of xctrace exports, in both shapes of
/// stack cell (`Fixtures/xctrace/stories/xcode26/<story>/`: `<backtrace>`;
/// `Fixtures/xctrace/stories/xcode27/<story>/`: `<tagged-backtrace>`), written by
/// ``XCTraceExportWriter`` from `Fixtures/traces/<story>.jsonl`: reading a folder gives the
/// profile the JSON Lines give, and `diagnose` names the same code.
///
/// `RECORD_SNAPSHOTS=1` rewrites the folders (the test then fails, as golden files do).
struct XCTraceStoryExportTests {
  typealias Shape = XCTraceExportWriter.StackShape

  static let stories = ["landmarks-before", "slow-init"]

  static func folder(_ story: String, _ shape: Shape) -> String {
    Fixture.path("xctrace/stories/\(shape == .backtrace ? "xcode26" : "xcode27")/\(story)")
  }

  /// The writer's export of `story` in `shape`, into `directory`: the recorded app
  /// `Landmarks (1001)`, as the story's header names it.
  @discardableResult
  static func export(_ story: String, _ shape: Shape, to directory: String) throws -> [String] {
    let (events, symbols, header) = try EventCollector.read([Fixture.path("traces/\(story).jsonl")])
    var writer = XCTraceExportWriter(symbols: symbols)
    writer.app = header?.app ?? "Landmarks"
    writer.pid = 1001
    writer.stackShape = shape
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return try writer.write(events, header: header, to: directory)
  }

  private func temporaryDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("story-exports-\(UUID().uuidString)").path
  }

  // MARK: - The fixtures

  @Test(arguments: stories, Shape.allCases)
  func theFixturesAreWhatTheWriterWrites(_ story: String, _ shape: Shape) throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try Self.export(story, shape, to: directory)
    let names = files.map { ($0 as NSString).lastPathComponent }
    #expect(names.contains("time-profile.xml"))
    let folder = Self.folder(story, shape)
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    if !recording {
      let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        .sorted()
      #expect(kept == names.sorted(), "\(folder) holds other files than the writer writes")
    }
    for (file, name) in zip(files, names) {
      let relative = "xctrace/stories/\(shape == .backtrace ? "xcode26" : "xcode27")/\(story)/\(name)"
      Fixture.assertSnapshot(
        try String(contentsOfFile: file, encoding: .utf8),
        golden: URL(fileURLWithPath: Fixture.path(relative)),
        shownAs: "Fixtures/\(relative)", recording: recording)
    }
  }

  /// The time-profile table is written as real exports are: every repeated thread, weight,
  /// frame, binary and whole stack a ref; the app's binary in its bundle, the system's under
  /// `/System/Library/` or `/usr/lib/`; the thread spelled as the shape's Xcode spells it.
  @Test(arguments: Shape.allCases)
  func theTimeProfileTableInternsAsInstrumentsDoes(_ shape: Shape) throws {
    let text = try String(
      contentsOfFile: Self.folder("landmarks-before", shape) + "/time-profile.xml", encoding: .utf8)
    let count = { (needle: String) in text.components(separatedBy: needle).count - 1 }
    let stack = shape == .backtrace ? "backtrace" : "tagged-backtrace"
    let rows = count("<row>")
    #expect(rows == 379)
    #expect(count("<\(stack) id=") + count("<\(stack) ref=") == rows)
    #expect(count("<\(stack) ref=") > rows / 2, "repeated stacks are refs")
    #expect(count("<weight id=") == 1 && count("<weight ref=") == rows - 1)
    #expect(count("<thread id=") == 1 && count("<thread ref=") == rows - 1)
    #expect(count("<process ref=") == rows)
    #expect(count("<thread-state id=\"8\" fmt=\"Running\">Running</thread-state>") == 1)
    #expect(count("<frame ref=") > count("<frame id="))
    #expect(count("<binary ref=") > count("<binary id="))
    #expect(count("<sentinel/>") == 0)
    #expect(
      text.contains(
        shape == .backtrace
          ? #"fmt="Main Thread  0x1e9000 (Landmarks, pid: 1001)""#
          : #"fmt="Main Thread (0x1e9000) (Landmarks, pid: 1001)""#))
    #expect(text.contains(#"<process id="4" fmt="Landmarks (1001)">"#))
    #expect(text.contains(#"name="Landmarks" UUID=""#))
    #expect(text.contains(#"path="/private/var/containers/Bundle/Application/"#))
    #expect(text.contains(#"/Landmarks.app/Landmarks"/>"#))
    #expect(text.contains(#"path="/System/Library/Frameworks/Foundation.framework/Foundation"/>"#))
    #expect(text.contains(#"path="/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"/>"#))
    #expect(text.contains(#"path="/usr/lib/libicucore.A.dylib"/>"#))
    if shape == .taggedBacktrace {
      #expect(text.contains(#"fmt="LandmarksApp.body.getter ← (6 other frames)"><backtrace id="#))
    } else {
      #expect(!text.contains("tagged-backtrace"))
    }
  }

  /// Frames without a binary, empty stacks, other threads, weights other than 1 ms, symbols
  /// of one function under two ids, recursion and names to escape (as numeric references in
  /// the Xcode 27 shape) survive the writer and the reader.
  @Test(arguments: Shape.allCases)
  func edgeCasesOfSamplesSurviveTheExport(_ shape: Shape) throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let trace = """
      {"type":"trace","version":1,"app":"Landmarks"}
      {"type":"update","id":1,"kind":"body","view":"Row","module":"Landmarks","start":0,"duration":5000000}
      {"type":"update","id":2,"kind":"body","view":"Cell","module":"Landmarks","start":1000000,"duration":3000000,"thread":"com.apple.SwiftUI.AsyncRenderer"}
      {"type":"symbol","id":1,"name":"Row.body.getter","binary":"Landmarks","user":true}
      {"type":"symbol","id":2,"name":"0x1b2c4d5e8"}
      {"type":"symbol","id":3,"name":"Kit.load()","binary":"LandmarksKit","user":true}
      {"type":"symbol","id":4,"name":"swift_retain","binary":"libswiftCore.dylib"}
      {"type":"symbol","id":5,"name":"Row.body.getter","binary":"Landmarks","user":true}
      {"type":"symbol","id":6,"name":"Cell.body.getter","binary":"Landmarks","user":true}
      {"type":"symbol","id":7,"name":"start","binary":"dyld"}
      {"type":"symbol","id":8,"name":"closure #1 in Row.sorted<A>(by:) — \\\"é\\\" & co","binary":"Landmarks","user":true}
      {"type":"sample","time":500000,"weight":250000,"stack":[2,1,7]}
      {"type":"sample","time":750000,"weight":250000,"stack":[]}
      {"type":"sample","time":1000000,"weight":250000,"stack":[4,3,5,7]}
      {"type":"sample","time":1250000,"weight":250000,"stack":[3,1,7]}
      {"type":"sample","time":1500000,"weight":250000,"thread":"com.apple.SwiftUI.AsyncRenderer","stack":[6,7]}
      {"type":"sample","time":1750000,"weight":250000,"thread":"com.apple.SwiftUI.AsyncRenderer","stack":[4,6,7]}
      {"type":"sample","time":2000000,"weight":250000,"stack":[4,3,1,7]}
      {"type":"sample","time":2250000,"weight":250000,"stack":[8,8,1,8,1,7]}

      """
    let path = directory + "/trace.jsonl"
    try Data(trace.utf8).write(to: URL(fileURLWithPath: path))
    let (events, symbols, header) = try EventCollector.read([path])
    var writer = XCTraceExportWriter(symbols: symbols)
    writer.app = "Landmarks"
    writer.pid = 1001
    writer.stackShape = shape
    writer.numericReferences = shape == .taggedBacktrace
    let exports = directory + "/exports"
    try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
    let files = try writer.write(events, header: header, to: exports)
    #expect(files.contains { $0.hasSuffix("/time-profile.xml") }, "\(files)")
    let text = try String(contentsOfFile: exports + "/time-profile.xml", encoding: .utf8)
    #expect(text.contains(#"name="0x1b2c4d5e8" addr="0x1b2c4d5e8"/>"#))
    #expect(
      text.contains(
        shape == .taggedBacktrace
          ? #"<weight id="9" fmt="250.00 &#181;s">250000</weight>"#
          : #"<weight id="9" fmt="250.00 µs">250000</weight>"#))
    #expect(text.contains("&quot;") && text.contains("&lt;A&gt;") && text.contains("&amp; co"))
    #expect(text.contains("/Landmarks.app/Frameworks/LandmarksKit.framework/LandmarksKit"))
    #expect(text.contains("<sentinel/>"))
    #expect(try functions([exports]) == functions([path]))
    #expect(try warnings([exports]).isEmpty)
    try expectSameProfile(export: [exports], jsonl: path)
    // The thread of the samples on the renderer reads as the updates' does: its samples are the
    // body's of `Cell`.
    let profile = try TraceAnalysis.profile(paths: [exports], view: "Cell").profile
    #expect(profile.focus?.samples == 2)
  }

  // MARK: - Reading the fixtures

  @Test(arguments: stories, Shape.allCases)
  func theExportProfilesAsTheJSONLinesDo(_ story: String, _ shape: Shape) throws {
    let folder = Self.folder(story, shape)
    let jsonl = Fixture.path("traces/\(story).jsonl")
    try expectSameProfile(export: [folder], jsonl: jsonl)
    // The same functions, each the app's or not as the JSON Lines say (from the binaries' paths).
    #expect(try functions([folder]) == functions([jsonl]))
    #expect(try warnings([folder]).isEmpty)
    // Every node's focus.
    let nodes = try TraceAnalysis.profile(paths: [jsonl]).profile.nodes
    #expect(!nodes.isEmpty)
    for node in nodes {
      let view = node.key.qualifiedName
      let fromJSONL = try TraceAnalysis.profile(paths: [jsonl], view: view).profile
      let fromExport = try TraceAnalysis.profile(paths: [folder], view: view).profile
      #expect(fromExport.focus != nil, "\(view)")
      #expect(ProfileRenderer.renderJSON(fromExport) == ProfileRenderer.renderJSON(fromJSONL), "\(view)")
      #expect(ProfileRenderer.renderFolded(fromExport) == ProfileRenderer.renderFolded(fromJSONL), "\(view)")
      #expect(ProfileRenderer.render(fromExport) == ProfileRenderer.render(fromJSONL), "\(view)")
    }
    // `tracecli profile FOLDER` prints what it prints for the JSON Lines.
    for format in ["json", "folded"] {
      let fromExport = CLIRun(["profile", folder, "--format", format])
      #expect(fromExport.status == .success, "\(fromExport.errors)")
      #expect(fromExport.output == CLIRun(["profile", jsonl, "--format", format]).output, "\(format)")
    }
  }

  @Test(arguments: stories, Shape.allCases)
  func diagnoseNamesTheSameCodeInTheExport(_ story: String, _ shape: Shape) throws {
    let measured = { (paths: [String]) throws -> [String] in
      try TraceAnalysis.diagnose(paths: paths).findings
        .filter { $0.rule == .longBody || $0.rule == .blockingUpdate }
        .map { finding in
          "\(finding.rule) \(finding.nodes): \(finding.measured?.fix ?? "no fix") | "
            + (finding.measured?.evidence ?? "no evidence")
        }
    }
    let fromJSONL = try measured([Fixture.path("traces/\(story).jsonl")])
    let fromExport = try measured([Self.folder(story, shape)])
    #expect(!fromJSONL.isEmpty)
    #expect(fromExport == fromJSONL)
    // The fix names the story's code.
    let code = story == "slow-init" ? "HikeStore.init()" : "LandmarkListItemView.distance.getter"
    #expect(fromExport.contains { $0.contains(code) }, "\(fromExport)")
  }

  // MARK: - Helpers

  /// The profile of the export renders as the JSON Lines' does: JSON, folded stacks and text.
  private func expectSameProfile(
    export: [String], jsonl: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let fromJSONL = try TraceAnalysis.profile(paths: [jsonl]).profile
    let fromExport = try TraceAnalysis.profile(paths: export).profile
    #expect(fromExport.samples == fromJSONL.samples, sourceLocation: sourceLocation)
    #expect(fromExport.sampledNs == fromJSONL.sampledNs, sourceLocation: sourceLocation)
    #expect(
      ProfileRenderer.renderJSON(fromExport) == ProfileRenderer.renderJSON(fromJSONL),
      sourceLocation: sourceLocation)
    #expect(
      ProfileRenderer.renderFolded(fromExport) == ProfileRenderer.renderFolded(fromJSONL),
      sourceLocation: sourceLocation)
    #expect(
      ProfileRenderer.render(fromExport) == ProfileRenderer.render(fromJSONL), sourceLocation: sourceLocation)
  }

  /// The functions the samples name, `name in binary` and whether they are the app's.
  private func functions(_ paths: [String]) throws -> Set<String> {
    let (events, symbols, _) = try EventCollector.read(paths)
    var named: [Int64: String] = [:]
    for case .symbol(let symbol) in events {
      named[symbol.id] =
        "\(symbols[symbol.name]) in \(symbol.binary.map { symbols[$0] } ?? "-")\(symbol.user ? " (user)" : "")"
    }
    var used = Set<String>()
    for case .sample(let sample) in events {
      for id in sample.stack { used.insert(named[id] ?? "unknown #\(id)") }
    }
    return used
  }

  private func warnings(_ paths: [String]) throws -> [String] {
    let reading = try TraceInput.read(paths: paths, threads: 1) { EventCollector() }
    return reading.report.warnings.map(\.message)
  }
}
