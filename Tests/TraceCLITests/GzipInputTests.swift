import CZlib
import Foundation
import TestSupport
import Testing

@testable import tracecli

/// Gzipped traces (how teams keep 1.5 GB exports) are read directly: JSON Lines, xctrace XML
/// given alone or beside plain XML, and inside folders.
struct GzipInputTests {
  /// `bytes` as a gzip member, through the system's zlib.
  static func gzipped(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    // 15 + 16: the largest window, a gzip header.
    guard deflateInit2_(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return [] }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
    var input = bytes
    let produced = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = UInt32(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = UInt32(target.count)
        _ = deflate(&stream, Z_FINISH)
        return target.count - Int(stream.avail_out)
      }
    }
    return Array(output.prefix(produced))
  }

  private func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func write(_ bytes: [UInt8], _ path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// The summary's JSON without the trace's name.
  private func summary(_ arguments: [String]) -> String {
    let run = CLIRun(["summarize"] + arguments + ["--format", "json"])
    #expect(run.status == .success, "\(run.errors)")
    return run.output.split(separator: "\n").filter { !$0.contains(#""file":"#) }.joined(separator: "\n")
  }

  @Test func aGzippedTraceReadsAsThePlainOne() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let plain = Fixture.path("traces/landmarks-before.jsonl")
    let bytes = [UInt8](try Fixture.data("traces/landmarks-before.jsonl"))
    try write(Self.gzipped(bytes), directory + "/t.jsonl.gz")
    // Two members, as `cat a.gz b.gz` makes: one stream of both.
    let half = bytes.count / 2
    let cut = bytes[..<half].lastIndex(of: 0x0A)! + 1
    try write(Self.gzipped(Array(bytes[..<cut])) + Self.gzipped(Array(bytes[cut...])), directory + "/two.gz")
    #expect(summary([directory + "/t.jsonl.gz"]) == summary([plain]))
    #expect(summary([directory + "/two.gz"]) == summary([plain]))
    // The decompressed copy is removed (in a temporary folder of the binary's own: the other
    // tests' copies come and go in the shared one).
    let temporary = directory + "/tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    let run = try BuiltBinary.run(["diagnose", directory + "/t.jsonl.gz"], environment: ["TMPDIR": temporary])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
  }

  @Test func gzippedExportsReadAloneBesidePlainXMLAndInFolders() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let updates = Fixture.path("xctrace/swiftui-updates.xml")
    let hitches = Fixture.path("xctrace/hitches.xml")
    try write(Self.gzipped([UInt8](try Data(contentsOf: URL(fileURLWithPath: updates)))), directory + "/updates.xml.gz")
    let expected = summary([updates, hitches])
    #expect(summary([directory + "/updates.xml.gz", hitches]) == expected)
    try FileManager.default.copyItem(atPath: hitches, toPath: directory + "/hitches.xml")
    #expect(summary([directory]) == expected)
  }

  @Test func zerosAfterTheLastMemberArePaddingAndAFolderOfGzippedExportsIsNoBundle() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bytes = [UInt8](try Fixture.data("traces/minimal.jsonl"))
    try write(Self.gzipped(bytes) + Array(repeating: 0, count: 4096), directory + "/padded.gz")
    #expect(summary([directory + "/padded.gz"]) == summary([Fixture.path("traces/minimal.jsonl")]))
    let bundleLike = directory + "/Run.trace"
    try FileManager.default.createDirectory(atPath: bundleLike, withIntermediateDirectories: true)
    let hitches = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.path("xctrace/hitches.xml"))))
    try write(Self.gzipped(hitches), bundleLike + "/hitches.xml.gz")
    let run = CLIRun(["summarize", bundleLike], environment: ["PATH": "/nonexistent"])
    #expect(run.status == .success, "\(run.errors)")
  }

  @Test func aTruncatedGzipFileExits65() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bytes = Self.gzipped([UInt8](try Fixture.data("traces/landmarks-before.jsonl")))
    try write(Array(bytes.prefix(bytes.count / 2)), directory + "/cut.jsonl.gz")
    let run = CLIRun(["summarize", directory + "/cut.jsonl.gz"])
    #expect(run.status == .dataError)
    #expect(run.errors.contains("cut.jsonl.gz: error: a gzip file that does not decompress"), "\(run.errors)")
  }
}
