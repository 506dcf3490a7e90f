import Foundation
import TestSupport
import Testing

@testable import tracecli

struct SummarizeCommandTests {
  @Test(arguments: Fixture.storyNames)
  func textOutputMatchesItsGoldenFile(_ name: String) {
    let run = CLIRun(["summarize", "Fixtures/traces/\(name).jsonl", "--limit", "0"].relativeToRoot)
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "\(name).summary.txt")
  }

  @Test(arguments: Fixture.storyNames)
  func jsonOutputMatchesItsGoldenFile(_ name: String) {
    let run = CLIRun(["summarize", "Fixtures/traces/\(name).jsonl", "--format", "json"].relativeToRoot)
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "\(name).summary.json")
  }

  @Test func optionsChangeThresholdsAndRange() throws {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let all = CLIRun(["summarize", path, "--format", "json"])
    let strict = CLIRun(["summarize", path, "--format", "json", "--orange", "0.3ms", "--red", "0.8ms"])
    let ranged = CLIRun(["summarize", path, "--format", "json", "--from", "1s", "--to", "2s"])
    let count = { (run: CLIRun, key: String) -> Int in
      let object = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
      let totals = object?["totals"] as? [String: Any]
      return totals?[key] as? Int ?? -1
    }
    #expect(count(strict, "red") > count(all, "red"))
    #expect(strict.output.contains(#""orangeNs": 300000"#))
    #expect(count(ranged, "count") < count(all, "count"))
    #expect(count(ranged, "count") > 0)
  }

  @Test func aTraceWithoutARateIsJudgedAt60HzAndSaysSo() throws {
    let file = try TemporaryFile(
      #"{"type":"update","id":1,"kind":"body","view":"Row","start":0,"duration":100}"# + "\n")
    defer { file.remove() }
    let text = CLIRun(["summarize", file.path])
    #expect(text.output.contains("60 Hz (assumed), frame budget 16.7 ms"))
    let json = CLIRun(["summarize", file.path, "--format", "json"]).output
    #expect(json.contains(#""budgetAssumed": true"#) && json.contains(#""budgetSource": "assumed""#))
    let option = CLIRun(["summarize", file.path, "--format", "json", "--refresh-rate", "120Hz"]).output
    #expect(option.contains(#""budgetNs": 8333333"#) && option.contains(#""budgetSource": "option""#))
    #expect(
      CLIRun(["summarize", file.path, "--refresh-rate", "120"]).output.contains("120 Hz (--refresh-rate)"))
    for bad in ["0", "fast", "-60", "2e9"] {
      let run = CLIRun(["summarize", file.path, "--refresh-rate", bad])
      #expect(run.status == .usage && run.errors.contains("is not a refresh rate"), "\(bad)")
    }
  }

  @Test func theSystemsHitchesAreCountedApart() throws {
    let file = try TemporaryFile(
      [
        #"{"type":"hitch","start":0,"duration":16666667,"cause":"Commit to Render latency"}"#,
        #"{"type":"hitch","start":50000000,"duration":8333333,"system":true}"#,
        #"{"type":"hitch","start":90000000,"duration":7200000000000}"#,
      ].joined(separator: "\n") + "\n")
    defer { file.remove() }
    let text = CLIRun(["summarize", file.path])
    // The hour-long hitch is counted, never timed; the system's is not the app's.
    #expect(
      text.output.contains("2 hitches (16.7 ms) (see tracecli hitches), 1 system hitch (not the app's)"),
      "\(text.output)")
    let json = CLIRun(["summarize", file.path, "--format", "json"]).output
    #expect(json.contains(#""hitches": 2,"#) && json.contains(#""systemHitches": 1,"#))
  }

  /// The summary lists the worst missed frames; when it leaves some out it says how many, and
  /// the command that lists them all (its JSON keeps the same worst frames, and no more).
  @Test func namesTheMissedFramesItLeavesOut() throws {
    let path = Fixture.path("traces/ci/search-pr.jsonl")
    let run = CLIRun(["summarize", path])
    let rows = run.output.split(separator: "\n").filter { $0.hasPrefix("    #") }
    #expect(rows.count == 10)
    let more = "    … 2 more (tracecli frame \(path) --limit 12)"
    #expect(run.output.contains("\n" + rows[9] + "\n" + more + "\n"), "\(run.output)")
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(CLIRun(["summarize", path, "--format", "json"]).output.utf8))
        as? [String: Any])
    let frames = try #require(json["frames"] as? [String: Any])
    #expect(frames["missed"] as? Int == 12)
    #expect((frames["worst"] as? [Any])?.count == 10)
    #expect(!CLIRun(["summarize", path, "--format", "json"]).output.contains("tracecli frame"))
    let all = CLIRun(["frame", path, "--limit", "12"])
    #expect(all.output.split(separator: "\n").count { $0.hasPrefix("#") } == 12)
    // Nothing is left out of a summary that lists every missed frame.
    #expect(!CLIRun(["summarize", Fixture.path("traces/landmarks-before.jsonl")]).output.contains("more ("))
  }

  @Test func readsStandardInputAsADash() throws {
    let path = Fixture.path("traces/minimal.jsonl")
    let run = try BuiltBinary.run(["summarize", "-", "--format", "json"], standardInput: path)
    #expect(run.status == 0)
    let expected = CLIRun(["summarize", path, "--format", "json"]).output
      .replacingOccurrences(of: path, with: "<stdin>")
    #expect(run.output == expected)
  }
}

extension String {
  /// The text with the repository root removed from paths, so golden files do not depend on
  /// where the repository is checked out.
  var withoutRoot: String { replacingOccurrences(of: Fixture.root.path + "/", with: "") }
}

extension [String] {
  /// Arguments whose `Fixtures/…` paths are made absolute (tests run from any directory).
  var relativeToRoot: [String] {
    map { $0.hasPrefix("Fixtures/") ? Fixture.root.appendingPathComponent($0).path : $0 }
  }
}
