import Foundation
import TestSupport
import Testing

@testable import tracecli

/// Nothing is lost: a failed write ends with exit 74 and says so; files are written whole or
/// not at all.
struct CheckedWriteTests {
  /// Linux's full disk on demand (macOS has none).
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "the system has no /dev/full"),
    arguments: [
    ["summarize", "Fixtures/traces/minimal.jsonl"], ["diagnose", "Fixtures/traces/update-loop.jsonl"],
    ["cause-graph", "Fixtures/traces/minimal.jsonl"],
    ["why", "Fixtures/traces/update-loop.jsonl", "--update", "7"],
    ["updates", "Fixtures/traces/minimal.jsonl", "--view", "ContentView"],
    ["check", "Fixtures/traces/minimal.jsonl", "--max-red", "0"],
    ["diff", "Fixtures/traces/minimal.jsonl", "Fixtures/traces/minimal.jsonl"],
    ["import", "xctrace", "Fixtures/xctrace/swiftui-updates.xml"], ["--help"],
    ["hitches", "Fixtures/traces/slow-init.jsonl"], ["profile", "Fixtures/traces/slow-init.jsonl"],
  ])
  func aFullDiskIsExit74WithAMessage(_ arguments: [String]) throws {
    let run = try BuiltBinary.run(arguments, standardOutput: "/dev/full")
    #expect(run.status == 74)
    #expect(run.errors.hasSuffix("tracecli: cannot write standard output: no space left on device\n"))
  }

  @Test func importIntoAMissingFolderIsExit73() {
    let run = CLIRun(
      ["import", "xctrace", "Fixtures/xctrace/swiftui-updates.xml", "-o", "/nonexistent/folder/run.jsonl"]
        .relativeToRoot)
    #expect(run.status == .cannotCreate)
    #expect(run.errors == "tracecli: cannot write /nonexistent/folder/run.jsonl: its folder does not exist\n")
  }

  @Test func aFailedImportLeavesTheOldFileAsItWas() throws {
    let old = try TemporaryFile("the old file\n", name: "run.jsonl")
    defer { old.remove() }
    let failed = CLIRun(
      ["import", "xctrace", "Fixtures/xctrace/malformed/truncated-updates.xml", "-o", old.path].relativeToRoot
    )
    #expect(failed.status == .dataError)
    #expect(try String(contentsOfFile: old.path, encoding: .utf8) == "the old file\n")
    let folder = URL(fileURLWithPath: old.path).deletingLastPathComponent().path
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder) == ["run.jsonl"], "no temporary file left")
    let full = CLIRun(
      ["import", "xctrace", "Fixtures/xctrace/swiftui-updates.xml", "-o", "/dev/full"].relativeToRoot)
    #expect(full.status == .ioError)
    let done = CLIRun(
      ["import", "xctrace", "Fixtures/xctrace/swiftui-updates.xml", "-o", old.path].relativeToRoot)
    #expect(done.status == .success)
    #expect(try String(contentsOfFile: old.path, encoding: .utf8).hasPrefix(#"{"type":"trace""#))
  }
}
