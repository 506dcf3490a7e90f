import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli export`: both formats, several runs for rows, the inspection range,
/// whole-or-nothing files, errors.
struct ExportCommandTests {
  private func rows(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func rowsCoverEveryUpdateOfEveryRun() throws {
    let run = CLIRun(
      [
        "export", "Fixtures/traces/landmarks-before.jsonl", "Fixtures/traces/landmarks-after.jsonl",
        "--format", "rows",
      ].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    let rows = try rows(run.output)
    let before = rows.filter { ($0["run"] as? String)?.hasSuffix("landmarks-before.jsonl") == true }
    let after = rows.filter { ($0["run"] as? String)?.hasSuffix("landmarks-after.jsonl") == true }
    #expect(before.count == 771 && after.count == rows.count - 771)
    #expect(before.filter { $0["severity"] as? String == "red" }.count == 118)
    // The 6 missed frames of the story hold 100 updates (21, 21, 14, 13, 14 and 17): their
    // rows say so, each with the frame that holds its start.
    let missed = before.filter { $0["frameMissed"] as? Bool == true }
    #expect(missed.count == 100)
    #expect(Set(missed.compactMap { $0["frameNumber"] as? Int }).count == 12)
    #expect(before.allSatisfy { ($0["frame"] as? [String: Any])?["kind"] as? String == "grid" })
    #expect(after.allSatisfy { $0["frameMissed"] as? Bool == false })
    let first = try #require(before.first)
    for key in [
      "run", "app", "device", "id", "kind", "module", "view", "start", "duration", "severity", "frame",
      "frameMissed", "thread", "skipped", "group",
    ] {
      #expect(first[key] != nil, "missing \(key)")
    }
    #expect(first["app"] as? String == "Landmarks" && first["thread"] as? String == "main")
  }

  @Test func rowsOfAnUnfinishedUpdateHaveNoDuration() throws {
    let trace = try TemporaryFile(
      """
      {"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":3600000000000}

      """)
    defer { trace.remove() }
    let run = CLIRun(["export", trace.path, "--format", "rows"])
    let row = try #require(try rows(run.output).first)
    #expect(
      row["duration"] is NSNull && row["unfinished"] as? Bool == true && row["severity"] as? String == "none")
  }

  @Test func chromeGoesToAFileWholeWithDashO() throws {
    let file = try TemporaryFile("old\n", name: "trace.json")
    defer { file.remove() }
    let run = CLIRun(
      ["export", "Fixtures/traces/update-loop.jsonl", "--format", "chrome", "-o", file.path].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.isEmpty)
    let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((object["traceEvents"] as? [Any])?.isEmpty == false)
    let left = try FileManager.default.contentsOfDirectory(
      atPath: URL(fileURLWithPath: file.path).deletingLastPathComponent().path)
    #expect(left == ["trace.json"])
  }

  @Test func aFileInAMissingFolderExits73() {
    let run = CLIRun(
      ["export", "Fixtures/traces/update-loop.jsonl", "--format", "chrome", "-o", "/nonexistent-dir/t.json"]
        .relativeToRoot)
    #expect(run.status == .cannotCreate)
    #expect(run.errors.hasPrefix("tracecli: cannot write /nonexistent-dir/t.json: its folder does not exist"))
  }

  @Test(arguments: [
    ["export", "Fixtures/traces/update-loop.jsonl"],
    ["export", "Fixtures/traces/update-loop.jsonl", "--format", "svg"],
    ["export", "Fixtures/traces/update-loop.jsonl", "Fixtures/traces/minimal.jsonl", "--format", "chrome"],
    ["export", "Fixtures/traces/update-loop.jsonl", "--format", "rows", "--from", "soon"],
  ])
  func usageErrorsExit64(arguments: [String]) {
    let run = CLIRun(arguments.relativeToRoot)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
  }

  @Test(arguments: [
    ("landmarks-before", ["--from", "0.5s", "--to", "1.1s"]), ("favorites-before", ["--from", "1.3s"]),
    ("update-loop", ["--to", "150ms"]),
  ])
  func bothFormatsKeepWhatStartsInTheRange(story: String, range: [String]) throws {
    let trace = "Fixtures/traces/\(story).jsonl"
    let summary = CLIRun((["summarize", trace, "--format", "json"] + range).relativeToRoot)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(summary.output.utf8)) as? [String: Any])
    let kinds = try #require(object["updates"] as? [String: [String: Any]])
    let count = kinds.values.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
    let finished = count - kinds.values.reduce(0) { $0 + ($1["unfinished"] as? Int ?? 0) }
    let chrome = CLIRun((["export", trace, "--format", "chrome"] + range).relativeToRoot)
    #expect(chrome.status == .success, "\(chrome.errors)")
    let file = try #require(
      try JSONSerialization.jsonObject(with: Data(chrome.output.utf8)) as? [String: Any])
    let events = try #require(file["traceEvents"] as? [[String: Any]])
    #expect(events.filter { $0["cat"] as? String == "update" }.count == finished)
    let rows = CLIRun((["export", trace, "--format", "rows"] + range).relativeToRoot)
    #expect(rows.status == .success, "\(rows.errors)")
    #expect(try self.rows(rows.output).count == count)
    // The whole trace has more.
    let whole = CLIRun(["export", trace, "--format", "rows"].relativeToRoot)
    #expect(try self.rows(whole.output).count > count)
  }

  @Test func helpNamesBothFormatsAndTheRange() {
    let run = CLIRun(["help", "export"])
    #expect(run.status == .success)
    #expect(run.output.contains("--format chrome|rows"))
    #expect(run.output.contains("--from/--to and --window keep what starts in them"))
    #expect(!run.output.contains("do not apply"))
  }
}
