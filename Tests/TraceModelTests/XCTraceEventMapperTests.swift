import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// The shapes of current exports, each a hand-made fixture under `Fixtures/xctrace/xcode27/`,
/// imported against a golden file `Fixtures/expected/xctrace.xcode27.<name>.jsonl`.
struct XCTraceEventMapperTests {
  /// The JSON Lines `tracecli import xctrace` writes for `paths`, and the warnings.
  private func imported(_ paths: [String]) throws -> (lines: [String], warnings: [String]) {
    var text = ""
    let result = try XCTraceImporter.convert(paths: paths) { chunk in
      text += String(decoding: chunk, as: UTF8.self)
      return true
    }
    return (text.split(separator: "\n").map(String.init), result.report.warnings.map(\.message))
  }

  private func fixture(_ name: String) -> String { Fixture.path("xctrace/xcode27/\(name).xml") }

  @Test(arguments: [
    "swiftui-updates-tagged-backtrace", "SwiftUIFilteredUpdates-three-instances", "hitches-frame-lifetimes",
    "hitches-summary", "swiftui-layout-updates", "updates-in-groups", "causes-owner-property",
  ])
  func everyShapeImportsAsItsGoldenFile(_ name: String) throws {
    let (lines, _) = try imported([fixture(name)])
    Fixture.assertSnapshot(lines.joined(separator: "\n") + "\n", named: "xctrace.xcode27.\(name).jsonl")
  }

  @Test func xcode27CellsAreFoundByMnemonicBesideTaggedBacktraces() throws {
    // downstream-* columns come first and a <tagged-backtrace> ends the row: cells still map.
    let (lines, warnings) = try imported([fixture("swiftui-updates-tagged-backtrace")])
    #expect(
      lines[1]
        == #"{"type":"update","id":11,"kind":"body","view":"LandmarkListItemView","module":"Landmarks","start":1000000000,"duration":1500000}"#
    )
    #expect(warnings.isEmpty)
  }

  @Test func unknownViewsAreKeptApartByWhatInstrumentsSaysOfThem() throws {
    let (lines, _) = try imported([
      fixture("swiftui-updates-tagged-backtrace"), fixture("swiftui-layout-updates"),
    ])
    let unknown = lines.filter { $0.contains(#""view":"(unknown view: created before tracing started?)""#) }
    #expect(unknown.count == 3)
    #expect(!lines.contains { $0.contains("[unknown view") })
    #expect(XCTraceNames.unknownView("[unknown view: reused]") == "(unknown view: reused)")
    #expect(XCTraceNames.unknownView("[unknown view]") == "(unknown view)")
    #expect(XCTraceNames.unknownView("[unknown view: a]") != XCTraceNames.unknownView("[unknown view: b]"))
  }

  @Test func severitiesAreReadAndAnUnknownOneIsReported() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "severity-\(UUID().uuidString).xml"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = try String(contentsOfFile: fixture("swiftui-updates-tagged-backtrace"), encoding: .utf8)
      .replacingOccurrences(of: #"fmt="Moderate">Moderate<"#, with: #"fmt="Severe">Severe<"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let (lines, warnings) = try imported([path])
    #expect(lines.count == 4)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains(#"severity "Severe" is not one Instruments writes"#) == true)
  }

  @Test func filteredInstancesCountEveryUpdateOnce() throws {
    let (lines, warnings) = try imported([fixture("SwiftUIFilteredUpdates-three-instances")])
    let ids = lines.dropFirst().compactMap { $0.firstMatch(of: /"id":(\d+)/).map { Int($0.1) } }
    #expect(ids == [21, 22, 23, 24, 25])
    #expect(warnings.isEmpty)
  }

  @Test func frameLifetimesAreNotFramesButGiveTheRateAndHitchSummariesCountOnce() throws {
    // Lifetimes (commit to screen, repeated per containment level) every 8.33 ms: 120 Hz,
    // and no frame whose "deadline" would be the screen time.
    let (lifetimes, _) = try imported([fixture("hitches-frame-lifetimes")])
    #expect(lifetimes.dropFirst().isEmpty)
    #expect(lifetimes.first?.contains(#""refreshRate":120,"refreshRateSource":"frame-lifetimes""#) == true)
    let (hitches, _) = try imported([fixture("hitches-summary")])
    #expect(hitches.dropFirst().count == 2)
    #expect(hitches.dropFirst().allSatisfy { $0.hasPrefix(#"{"type":"hitch""#) })
  }

  @Test func layoutUpdatesAreOtherUpdatesNamedByTheirDescriptionCachedOnesSkipped() throws {
    let (lines, warnings) = try imported([fixture("swiftui-layout-updates")])
    #expect(lines.dropFirst().allSatisfy { $0.contains(#""kind":"other""#) })
    #expect(lines[1].contains(#""label":"VStack Layout""#) && !lines[1].contains("skipped"))
    #expect(lines[2].contains(#""skipped":true"#))
    #expect(warnings.isEmpty)
  }

  @Test func updatesTakeTheInnermostGroupOfTheirThreadThatContainsThem() throws {
    let (lines, _) = try imported([fixture("updates-in-groups")])
    func group(of id: Int) -> String? {
      lines.first { $0.contains(#""id":\#(id),"kind""#) }?.firstMatch(of: /"group":(\d+)/).map {
        String($0.1)
      }
    }
    #expect(group(of: 41) == "1")
    #expect(group(of: 42) == "2")  // inside group 1 too; group 2 is the inner one
    #expect(group(of: 43) == nil)  // starts in group 1 but ends after it
    #expect(group(of: 44) == "3")  // another thread's group
    #expect(group(of: 45) == nil)
  }

  @Test func groupsGivenAfterTheirUpdatesStillContainThem() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // One table per file: updates named first, groups after.
    let text = try String(contentsOfFile: fixture("updates-in-groups"), encoding: .utf8)
    let nodes = text.components(separatedBy: "</node>")
    let head = #"<?xml version="1.0"?>"# + "\n<trace-query-result>"
    try Data((head + nodes[1] + "</node></trace-query-result>\n").utf8).write(
      to: URL(fileURLWithPath: folder + "/a-updates.xml"))
    try Data((nodes[0] + "</node></trace-query-result>\n").utf8).write(
      to: URL(fileURLWithPath: folder + "/b-groups.xml"))
    let (lines, _) = try imported([folder + "/a-updates.xml", folder + "/b-groups.xml"])
    #expect(lines[1].hasPrefix(#"{"type":"group","id":1"#))
    #expect(lines.contains { $0.contains(#""id":41,"kind""#) && $0.contains(#""group":1"#) })
  }

  @Test func sourcesTakeOwnerAndPropertyFromTheirLabels() throws {
    let (lines, _) = try imported([fixture("causes-owner-property")])
    #expect(
      lines.contains(
        #"{"type":"source","id":1,"kind":"observable","label":"@Observable LandmarkCollection.landmarks","owner":"LandmarkCollection","property":"landmarks","user":true}"#
      ))
    #expect(lines.contains { $0.contains(#""label":"@State isFavorite","property":"isFavorite""#) })
  }

  @Test(
    arguments: [
      ("@Observable LandmarkCollection.landmarks", "LandmarkCollection", "landmarks"),
      ("@State isFavorite", nil, "isFavorite"),
      ("@Published AppState.toast", "AppState", "toast"),
      ("EnvironmentWriter: ForegroundStyle", nil, "ForegroundStyle"),
      (#"@Environment(\.colorScheme)"#, nil, "colorScheme"),
      ("@State OnOffView.isOn [skipped]", "OnOffView", "isOn"),
      ("External Environment", nil, nil),
      ("Gesture: Tap", nil, nil),
      ("@Observable", nil, nil),
    ] as [(String, String?, String?)])
  func ownerAndPropertyFromALabel(_ label: String, _ owner: String?, _ property: String?) {
    let parsed = XCTraceNames.ownerAndProperty(label)
    #expect(parsed.owner == owner)
    #expect(parsed.property == property)
  }
}
