import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli profile`: the three formats on the story fixtures that carry samples, and the
/// errors of `--view`.
struct ProfileCommandTests {
  @Test(arguments: ["landmarks-before", "slow-init"])
  func everyFormatMatchesItsGoldenFile(_ name: String) {
    let path = Fixture.path("traces/\(name).jsonl")
    for (format, suffix) in [("text", "txt"), ("json", "json"), ("folded", "folded")] {
      let run = CLIRun(["profile", path, "--format", format])
      #expect(run.status == .success, "\(format): \(run.errors)")
      Fixture.assertSnapshot(run.output.withoutRoot, named: "\(name).profile.\(suffix)")
    }
  }

  @Test func oneViewShowsItsCallTreeAndFrames() {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let run = CLIRun(["profile", path, "--view", "LandmarkListItemView"])
    #expect(run.status == .success)
    #expect(run.output.contains("Call tree"))
    #expect(run.output.contains("-[NSMeasurementFormatter init]"))
    Fixture.assertSnapshot(run.output.withoutRoot, named: "landmarks-before.profile-view.txt")
    // Folded stacks of one view hold only its samples: every line goes through its body.
    let folded = CLIRun(["profile", path, "--view", "LandmarkListItemView.body", "--format", "folded"])
    #expect(folded.status == .success)
    let lines = folded.output.split(separator: "\n")
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.contains("LandmarkListItemView.body.getter") })
  }

  @Test func theBlockedBodyIsSaidToWait() {
    let run = CLIRun([
      "profile", Fixture.path("traces/slow-init.jsonl"), "--view", "LandmarkDetail", "--format", "json",
    ])
    #expect(run.status == .success)
    #expect(run.output.contains(#""verdict": "blocked""#))
    #expect(run.output.contains("HikeStore.init()"))
  }

  @Test func anUnknownViewExits1WithSuggestions() {
    let run = CLIRun(["profile", Fixture.path("traces/landmarks-before.jsonl"), "--view", "LandmarkListItem"])
    #expect(run.status == .failure)
    #expect(run.errors.contains("Landmarks.LandmarkListItemView"))
  }

  @Test func aViewOfSeveralNodesIsAUsageErrorListingThem() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("twins-\(UUID()).jsonl")
    let trace = """
      {"type":"update","id":1,"kind":"body","view":"Row","module":"A","start":0,"duration":2000000}
      {"type":"update","id":2,"kind":"body","view":"Row","module":"B","start":3000000,"duration":2000000}
      {"type":"sample","time":1000000,"weight":1000000,"stack":[]}

      """
    try Data(trace.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let run = CLIRun(["profile", url.path, "--view", "Row"])
    #expect(run.status == .usage)
    #expect(run.errors.contains("A.Row (body)") && run.errors.contains("B.Row (body)"))
    let one = CLIRun(["profile", url.path, "--view", "A.Row", "--format", "json"])
    #expect(one.status == .success)
    #expect(one.output.contains(#""samples": 1"#))
  }

  @Test func aTraceWithoutSamplesSaysHowToRecordThem() {
    let run = CLIRun(["profile", Fixture.path("traces/minimal.jsonl")])
    #expect(run.status == .success)
    #expect(run.output.contains("No samples"))
    #expect(run.output.contains("Time Profiler"))
  }
}
