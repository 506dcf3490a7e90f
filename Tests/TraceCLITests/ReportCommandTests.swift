import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli report`: the page on standard output or in a file (whole or nothing), errors, and
/// a real browser drawing it.
struct ReportCommandTests {
  @Test func writesThePageToStandardOutput() {
    let run = CLIRun(["report", "Fixtures/traces/update-loop.jsonl"].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.hasPrefix("<!doctype html>"))
    #expect(run.output.contains("update-loop"))
  }

  @Test func writesTheFileWholeWithDashO() throws {
    let directory = try TemporaryFile("old page\n", name: "report.html")
    defer { directory.remove() }
    let run = CLIRun(["report", "Fixtures/traces/update-loop.jsonl", "-o", directory.path].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.isEmpty)
    let page = try String(contentsOfFile: directory.path, encoding: .utf8)
    #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>\n"))
    let left = try FileManager.default.contentsOfDirectory(
      atPath: URL(fileURLWithPath: directory.path).deletingLastPathComponent().path)
    #expect(left == ["report.html"], "no temporary file stays behind")
  }

  @Test func aFileInAMissingFolderExits73() {
    let run = CLIRun(
      ["report", "Fixtures/traces/update-loop.jsonl", "-o", "/nonexistent-dir/report.html"].relativeToRoot)
    #expect(run.status == .cannotCreate)
    #expect(
      run.errors.hasPrefix("tracecli: cannot write /nonexistent-dir/report.html: its folder does not exist"))
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent-dir/report.html"))
  }

  @Test func anUnknownViewExitsOneAndSuggestsTheClosestNames() {
    let run = CLIRun(
      ["report", "Fixtures/traces/favorites-before.jsonl", "--view", "LandmarkListItem"].relativeToRoot)
    #expect(run.status == .failure)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains("did you mean 'Landmarks.LandmarkListItemView'?"))
  }

  @Test func helpNamesTheOptions() {
    let run = CLIRun(["report", "--help"])
    #expect(run.status == .success)
    #expect(run.output.contains("USAGE: tracecli report <trace> [-o <file>]"))
  }

  // MARK: - A real browser

  /// Headless Chromium draws the report of a shipped story: many colours, and the red of the
  /// red updates (the light scheme's `#ff3b30`).
  @Test(.tags(.slow), .notInQuickLoop, .timeLimit(.minutes(2)))
  func headlessChromiumDrawsTheReport() throws {
    guard let chromium = Tool.chromium.require() else { return }
    let directory = try TemporaryFile("", name: "report.html")
    defer { directory.remove() }
    let run = CLIRun(
      ["report", "Fixtures/traces/landmarks-before.jsonl", "-o", directory.path].relativeToRoot)
    try #require(run.status == .success, "\(run.errors)")
    let screenshot = URL(fileURLWithPath: directory.path).deletingLastPathComponent()
      .appendingPathComponent("report.png").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
      "--screenshot=\(screenshot)", "--window-size=1400,1000", "file://\(directory.path)",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    try #require(FileManager.default.fileExists(atPath: screenshot), "chromium wrote no screenshot")
    let (output, status) = try Python.run([
      Fixture.root.appendingPathComponent("Scripts/report/png-colors.py").path, screenshot, "255,59,48",
    ])
    try #require(status == 0)
    let figures = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Int])
    #expect(figures["width"] == 1400)
    #expect((figures["colors"] ?? 0) > 200, "a drawn page has many colours: \(figures)")
    #expect((figures["matching"] ?? 0) > 500, "the red of red updates is on screen: \(figures)")
  }

  /// Headless Chromium draws the cause graphs of a story's page readably: a script run in the
  /// page (`Scripts/report/graph-check.js`) reads the drawn boxes and labels (`getBBox`) and
  /// samples every edge path (`getPointAtLength`) at the page's width of 1 100 px: no edge
  /// passes through a node box but its ends', no label covers another or a box, node texts fit
  /// their boxes, no text is drawn below 10 px, nothing is cut off, and every node a finding
  /// names carries its mark (a loop's edges red, a fan-out's edge bold).
  @Test(
    .tags(.slow), .notInQuickLoop, .serialized, .timeLimit(.minutes(2)),
    arguments: [
      "landmarks-before", "update-loop", "favorites-before", "many-small-updates", "environment-churn",
    ])
  func headlessChromiumDrawsReadableGraphs(story: String) throws {
    guard let chromium = Tool.chromium.require() else { return }
    let run = CLIRun(["report", "Fixtures/traces/\(story).jsonl"].relativeToRoot)
    try #require(run.status == .success, "\(run.errors)")
    let check = try String(
      contentsOf: Fixture.root.appendingPathComponent("Scripts/report/graph-check.js"), encoding: .utf8)
    let page = run.output.replacingOccurrences(of: "</body>", with: "<script>\n\(check)</script>\n</body>")
    let file = try TemporaryFile(page, name: "report.html")
    defer { file.remove() }
    let json = try #require(
      try HeadlessChromium.text(
        ofPre: "graph-check", page: file.path, chromium: chromium, width: 1100, height: 900),
      "the check wrote nothing")
    let result = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let counts = try #require(result["counts"] as? [String: Int])
    let problems = try #require(result["problems"] as? [String])
    #expect(problems.isEmpty, "\(story): \(problems.joined(separator: "; "))")
    #expect((counts["graphs"] ?? 0) >= 1 && (counts["edges"] ?? 0) >= 2, "\(story): \(counts)")
    #expect(counts["labels"] == counts["edges"], "\(story): every edge has its label")
    #expect((counts["samples"] ?? 0) > 40, "\(story): \(counts)")
    #expect((counts["marks"] ?? 0) >= 1, "\(story): a finding's node is drawn")
  }
}
