import Foundation
import TestSupport
import Testing

@testable import tracecli

/// The small things that cost a new user's trust (issue 36's list), each pinned.
struct PapercutTests {
  static let minimal = Fixture.path("traces/minimal.jsonl")
  static let before = Fixture.path("traces/landmarks-before.jsonl")

  @Test func twoJSONLinesTracesAreAUsageError() {
    let run = CLIRun(["summarize", Self.minimal, Self.minimal])
    #expect(run.status == .usage)
    #expect(run.errors.contains("is a JSON Lines trace; give it alone"))
  }

  @Test(arguments: [
    (["summarize", "-v"], "unknown option '-v'; for the version, tracecli --version"),
    (["summarize", "-f"], "unknown option '-f'; did you mean '--format' or '--from' or '--findings'?"),
    (["check", "--forbid", "loop"], "did you mean 'update-loop'?"),
    (["diff", "--limit", "-1"], "--limit '-1' must be 0 or more"),
    (["summarize", "--fromm", "1s"], "unknown option '--fromm'; did you mean '--from'?"),
  ])
  func optionsAreNamedAndSuggested(arguments: [String], message: String) {
    let run = CLIRun(
      [arguments[0], Self.minimal] + arguments.dropFirst() + (arguments[0] == "diff" ? [Self.minimal] : []))
    #expect(run.status == .usage)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test func aSmallBareNumberForATimeGetsANote() {
    let run = CLIRun(["summarize", Self.minimal, "--from", "500"])
    #expect(run.errors.contains("tracecli: note: --from 500 means 500 ns"))
    #expect(run.errors.contains("did you mean 500ms?"))
    #expect(!CLIRun(["summarize", Self.minimal, "--from", "0"]).errors.contains("note: --from"))
    #expect(!CLIRun(["summarize", Self.minimal, "--from", "2ms"]).errors.contains("note: --from"))
  }

  @Test func aByteOrderMarkIsNamed() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data([0xEF, 0xBB, 0xBF] + Array(#"{"type":"trace","version":1}"#.utf8) + [0x0A]).write(to: file)
    let run = CLIRun(["summarize", file.path])
    #expect(run.status == .dataError)
    #expect(run.errors.contains(":1:1: error: a UTF-8 byte order mark (BOM)"), "\(run.errors)")
  }

  @Test func theGridIsAnArticleAPersonWouldUse() {
    #expect(CLIRun(["summarize", Self.before]).output.contains("no recorded frames: an 8.33 ms grid"))
  }

  @Test func aDiffOfTwoAppsSaysSo() {
    let run = CLIRun(["diff", Self.before, Fixture.path("traces/windows.jsonl")])
    #expect(run.errors.contains("the runs are recordings of different apps (Landmarks, Feed)"))
    #expect(
      !CLIRun(["diff", Self.before, Fixture.path("traces/landmarks-after.jsonl")]).errors.contains(
        "different"))
  }

  @Test func whyNamesADanglingIdOnceAndATimeOnce() throws {
    let trace = try TemporaryFile(
      #"{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":2000000,"thread":"main"}"#
        + "\n"
        + #"{"type":"cause","from":99,"to":1,"label":"update"}"# + "\n")
    defer { trace.remove() }
    let run = CLIRun(["why", trace.path, "--update", "1"])
    #expect(run.output.contains("unknown #99 · unknown"))
    #expect(!run.output.contains("#99 #99"))
    let near = CLIRun(["why", Self.before, "--view", "LandmarkListItemView", "--at", "0.5s"])
    #expect(near.errors.contains("explaining the nearest, which starts 221 µs later"), "\(near.errors)")
  }

  @Test func updatesAreSortedAndLimited() {
    let run = CLIRun([
      "updates", Self.before, "--view", "LandmarkListItemView", "--sort", "duration", "--limit", "3",
    ])
    #expect(run.status == .success)
    let rows = run.output.split(separator: "\n").filter { $0.contains(" main ") }
    #expect(rows.count == 3)
    #expect(rows.first?.contains("2.56 ms") == true)
    #expect(run.output.hasSuffix("… 302 more (--limit 0 lists all)\n"))
    #expect(
      CLIRun(["updates", Self.before, "--view", "LandmarkListItemView", "--sort", "size"]).status == .usage)
  }

  @Test func anOutputThatCannotBeCreatedSaysWhy() {
    let missing = CLIRun(["report", Self.minimal, "-o", "/no-such-folder-\(UUID())/r.html"])
    #expect(missing.status == .cannotCreate)
    #expect(missing.errors.contains("its folder does not exist"))
    #if os(Linux)
      // /proc is a folder that takes no new file.
      let proc = CLIRun(["report", Self.minimal, "-o", "/proc/version"])
      #expect(proc.status == .cannotCreate)
      #expect(proc.errors.contains("no file can be created in /proc"), "\(proc.errors)")
    #endif
  }
}
