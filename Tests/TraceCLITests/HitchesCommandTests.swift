import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli hitches`, what `diagnose` says of them, and the gates of `check` on them.
struct HitchesCommandTests {
  @Test(arguments: ["landmarks-before", "slow-init"])
  func textAndJSONMatchTheirGoldenFiles(_ name: String) {
    let path = Fixture.path("traces/\(name).jsonl")
    for (format, suffix) in [("text", "txt"), ("json", "json")] {
      let run = CLIRun(["hitches", path, "--format", format])
      #expect(run.status == .success, "\(format): \(run.errors)")
      Fixture.assertSnapshot(run.output.withoutRoot, named: "\(name).hitches.\(suffix)")
    }
  }

  @Test func withoutFindingsTheEventsStayAndNoRuleIsNamed() {
    let path = Fixture.path("traces/slow-init.jsonl")
    let run = CLIRun(["hitches", path, "--format", "json", "--no-findings"])
    #expect(run.status == .success)
    #expect(run.output.contains(#""verdict": "updates""#))
    #expect(!run.output.contains("blocking-update"))
  }

  @Test func diagnoseSaysWhichHitchesAFindingCaused() {
    let run = CLIRun(["diagnose", Fixture.path("traces/slow-init.jsonl")])
    #expect(
      run.output.contains("felt      caused the 104 ms hang at 0.400 s and the 83.3 ms hitch at 0.408 s"))
    let markdown = CLIRun(["diagnose", Fixture.path("traces/slow-init.jsonl"), "--format", "markdown"])
    #expect(
      markdown.output.contains("- felt: caused the 104 ms hang at 0.400 s and the 83.3 ms hitch at 0.408 s"))
  }

  @Test func diagnoseListsTheEventsNoFindingExplains() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("idle-\(UUID()).jsonl")
    try Data(
      """
      {"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":100000}
      {"type":"hang","start":500000000,"duration":300000000,"kind":"Hang"}

      """.utf8
    ).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let run = CLIRun(["diagnose", url.path])
    #expect(run.output.contains("Recorded hitches and hangs no finding explains"))
    #expect(run.output.contains("hang 300 ms (Hang)  unknown"))
    let json = CLIRun(["diagnose", url.path, "--format", "json"])
    #expect(json.output.contains(#""unexplainedHitches": ["#))
    let markdown = CLIRun(["diagnose", url.path, "--format", "markdown"])
    #expect(markdown.output.contains("- 0.500 s  hang 300 ms (Hang)  unknown"))
  }

  @Test func gatesPassAndFailOnTheRecordedFigures() {
    let path = Fixture.path("traces/slow-init.jsonl")
    // One hitch of 83.3 ms; one hang of 104 ms.
    #expect(
      CLIRun(["check", path, "--max-hitches", "1", "--max-hitch-time", "83.4ms", "--max-hang", "105ms"])
        .status == .success)
    #expect(CLIRun(["check", path, "--max-hitches", "0"]).status == .failure)
    #expect(CLIRun(["check", path, "--max-hitch-time", "83ms"]).status == .failure)
    let hang = CLIRun(["check", path, "--max-hang", "100ms", "--format", "json"])
    #expect(hang.status == .failure)
    #expect(hang.output.contains(#""measure": "hangs.longestNs""#))
    #expect(hang.output.contains(#""value": 104092675"#))
  }

  @Test func aGateOnWhatTheRecordingLacksCannotJudge() throws {
    // landmarks-before recorded hitches but holds no hang and no header list: hangs cannot be judged.
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let run = CLIRun(["check", path, "--max-hang", "250ms", "--max-red", "1000"])
    #expect(run.status == .dataError)
    #expect(run.output.contains("CANNOT JUDGE"))
    #expect(run.errors.contains("the recording did not capture hangs"))
    // A header list that lacks hitches wins over the events present.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-hitches-\(UUID()).jsonl")
    try Data(
      """
      {"type":"trace","version":1,"recorded":["updates","hangs"]}
      {"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":100000}

      """.utf8
    ).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(CLIRun(["check", url.path, "--max-hitches", "5"]).status == .dataError)
    #expect(CLIRun(["check", url.path, "--max-hang", "1ms"]).status == .success)
  }

  @Test func aBudgetLimitsHitchesAndHangs() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID()).json")
    try Data(
      #"{"hitches": {"count": 1, "totalNs": "100ms", "longestNs": "50ms"}, "hangs": {"longestNs": "250ms"}}"#
        .utf8
    )
    .write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let run = CLIRun(["check", Fixture.path("traces/slow-init.jsonl"), "--budget", url.path])
    #expect(run.status == .failure)
    #expect(run.output.contains("no hitch longer than 50.0 ms"))
    #expect(run.output.contains("over budget: 1 of 4 limits failed"))
    try Data(#"{"hangs": {"total": 5}}"#.utf8).write(to: url)
    let wrong = CLIRun(["check", Fixture.path("traces/slow-init.jsonl"), "--budget", url.path])
    #expect(wrong.status == .dataError)
    #expect(wrong.errors.contains(":1:"))
  }

  @Test func aStarterBudgetLimitsWhatTheRecordingCaptured() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("starter-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let trace = Fixture.path("traces/slow-init.jsonl")
    #expect(CLIRun(["check", trace, "--write-budget", url.path]).status == .success)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(#""hitches": {"#) && text.contains(#""longestNs": "115ms""#))
    #expect(CLIRun(["check", trace, "--budget", url.path]).status == .success)
    // landmarks-before captured no hangs: its starter does not limit them.
    #expect(
      CLIRun(["check", Fixture.path("traces/landmarks-before.jsonl"), "--write-budget", url.path, "--force"])
        .status
        == .success)
    let other = try String(contentsOf: url, encoding: .utf8)
    #expect(other.contains(#""hitches": {"#) && !other.contains(#""hangs""#))
  }

  @Test func diffComparesAndGatesTheRecordedFigures() {
    let base = Fixture.path("traces/landmarks-before.jsonl")
    let head = Fixture.path("traces/landmarks-after.jsonl")
    // Neither run of landmarks-after holds a hitch or says it recorded hitches: a gate on them
    // cannot judge it, unless told to let it pass.
    let unjudged = CLIRun(["diff", head, head, "--fail-on", "hitches>0"])
    #expect(unjudged.status == .dataError)
    #expect(
      unjudged.errors.contains("cannot judge --fail-on 'hitches>0': the recording did not capture hitches"))
    // Allowed, the rule passes as not evaluated, in every format.
    let allowed = CLIRun(["diff", head, head, "--fail-on", "hitches>0", "--allow-unrecorded"])
    #expect(allowed.status == .success, "\(allowed.errors)")
    let reason = "not evaluated: 2 of 2 runs did not record hitches (--allow-unrecorded)"
    #expect(allowed.output.contains("ok    hitches>0 (\(reason))"), "\(allowed.output)")
    let json = CLIRun([
      "diff", head, head, "--fail-on", "hitches>0", "--allow-unrecorded", "--format", "json",
    ])
    #expect(json.output.contains(#""evaluated": false"#) || json.output.contains(#""evaluated":false"#))
    #expect(json.output.contains("2 of 2 runs did not record hitches"))
    for format in ["markdown", "github"] {
      let run = CLIRun([
        "diff", head, head, "--fail-on", "hitches>0", "--allow-unrecorded", "--format", format,
      ])
      #expect(run.output.contains(reason), "\(format): \(run.output)")
    }
    // Where another run holds hitches, a run without them (and without a recorded list) had
    // none: judged, 0 -> 1 fails, 1 -> 0 passes.
    #expect(CLIRun(["diff", head, base, "--fail-on", "hitches>0"]).status == .failure)
    let judged = CLIRun(["diff", base, head, "--fail-on", "hitches>0,longestHang>0", "--allow-unrecorded"])
    #expect(judged.status == .success)
    #expect(judged.output.contains("ok    hitches>0\n"), "\(judged.output)")
    // No run holds a hang: that rule alone is not evaluated.
    #expect(judged.output.contains("ok    longestHang>0 (not evaluated: 2 of 2 runs did not record hangs"))
  }
}

/// Real recordings: hitches without samples or updates get no guessed verdict, and gates on
/// what the recording did not capture cannot judge.
struct RealHitchesTests {
  @Test func anIPhone11RecordingNamesItsLateStageAndNoVerdictItCannotKnow() throws {
    guard let path = RealData.path("vybava/ios18-iphone11.hitches-summary.xml") else { return }
    let run = CLIRun(["hitches", path, "--format", "json"])
    #expect(run.status == .success)
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let events = object?["events"] as? [[String: Any]] ?? []
    #expect(events.count == 12)
    #expect(events.allSatisfy { $0["verdict"] as? String == "unknown" })
    // Each names the stage that was late, as the recording does.
    let stages = events.compactMap { ($0["explainedBy"] as? [String])?.first }
    #expect(stages.count == 12 && stages.allSatisfy { $0.hasSuffix("latency") })
    #expect(stages.filter { $0 == "Pre-Commit(s) latency" }.count == 11)
    // Hitches were recorded (a limit is judged); hangs were not.
    #expect(CLIRun(["check", path, "--max-hitches", "12", "--allow-empty"]).status == .success)
    #expect(CLIRun(["check", path, "--max-hitches", "11", "--allow-empty"]).status == .failure)
    #expect(CLIRun(["check", path, "--max-hang", "1s", "--allow-empty"]).status == .dataError)
  }

  @Test func aSevereHangIsListedWithItsKind() {
    guard let path = RealData.path("apple-profiler/real__hangs_potential_hangs.xml") else { return }
    let run = CLIRun(["hitches", path])
    #expect(run.status == .success)
    #expect(run.output.contains("hang 2.08 s (Severe Hang)"))
    #expect(CLIRun(["check", path, "--max-hang", "2s", "--allow-empty"]).status == .failure)
  }
}
