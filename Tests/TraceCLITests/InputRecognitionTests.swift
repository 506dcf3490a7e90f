import Foundation
import TestSupport
import Testing
import TraceModel

@testable import tracecli

/// Input recognition tells the truth: binary data, compressed files and Instruments bundles
/// are named as what they are (exit 65), not read as a malformed trace.
struct InputRecognitionTests {
  /// Resolving the inputs reads each file's first bytes once and keeps the format they tell,
  /// so the read opens the trace only to read it; what the bytes cannot settle is left to the
  /// reader, which says what is wrong.
  @Test func resolvingTellsTheFormatsItCan() throws {
    let zip = try TemporaryFile(bytes: [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 1, count: 40), name: "a.bin")
    defer { zip.remove() }
    let inputs = try TraceInput.resolvingInputs(
      [
        Fixture.path("traces/landmarks-before.jsonl"), Fixture.path("xctrace/device-display-info.xml"),
        Fixture.path("xctrace"), zip.path,
      ], name: nil)
    #expect(inputs.formats == [.jsonLines, .xctraceXML, .folder, nil])
    #expect(inputs.spool.isEmpty)
  }

  @Test(arguments: [
    (
      [UInt8]([0x1F, 0x8B, 0x08, 0x00]) + Array(repeating: 7, count: 40),
      "a gzip file that does not decompress"
    ),
    (
      [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 1, count: 40),
      "a zip file; decompress it first (unzip FILE)"
    ),
    ([0x28, 0xB5, 0x2F, 0xFD] + Array(repeating: 1, count: 40), "a zstd file"),
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00], "neither JSON Lines nor xctrace XML"),
    ([0xC3, 0x28, 0xA0, 0xA1, 0x41, 0x42], "neither JSON Lines nor xctrace XML"),
  ])
  func namesWhatAFileIs(bytes: [UInt8], message: String) throws {
    let file = try TemporaryFile(bytes: bytes, name: "input.bin")
    defer { file.remove() }
    for arguments in [["summarize", file.path], ["import", "xctrace", file.path], ["diagnose", file.path]] {
      let run = CLIRun(arguments)
      #expect(run.status == .dataError)
      #expect(run.errors.contains("\(file.path): error: \(message)"), "\(run.errors)")
    }
  }

  @Test func anInstrumentsBundleSaysHowToExportIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "Run-\(UUID().uuidString).trace")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Without xctrace (as on Linux), it says how to export the tables on a Mac.
    let run = CLIRun(["summarize", folder.path], environment: ["PATH": "/nonexistent"])
    #expect(run.status == .unavailable)
    #expect(run.errors.contains("an Instruments recording; reading it needs xctrace"))
    #expect(run.errors.contains("xcrun xctrace export --input \(folder.path)"))
    // The loop loses nothing an iOS 18 or 26 device records: the table of contents, both hitch
    // tables, the frames' lifetimes, the filtered and the full tables.
    #expect(run.errors.contains("--toc --output exports/toc.xml"))
    for table in XCTraceTables.all {
      #expect(run.errors.contains(" \(table) ") || run.errors.contains(" \(table);"), "\(table)")
    }
    for table in ["hitches-summary", "hitches-frame-lifetimes", "SwiftUIFilteredUpdates", "swiftui-full-causes"] {
      #expect(XCTraceTables.all.contains(table))
    }
  }

  @Test func aFolderNamedTraceWithExportsOfItsOwnIsAFolderOfExports() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "Run-\(UUID().uuidString).trace")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      atPath: Fixture.path("xctrace/hitches.xml"), toPath: folder.appendingPathComponent("hitches.xml").path)
    let run = CLIRun(["summarize", folder.path, "--format", "json"], environment: ["PATH": "/nonexistent"])
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.contains(#""file": "\#(folder.path)""#))
  }

  @Test func aDamagedTraceIsStillLocated() throws {
    let file = try TemporaryFile(
      bytes: Array(#"{"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":"#.utf8) + [
        0xFF, 0x0A,
      ])
    defer { file.remove() }
    let run = CLIRun(["summarize", file.path])
    #expect(run.status == .dataError)
    #expect(run.errors.hasPrefix("\(file.path):1:"))
  }
}
