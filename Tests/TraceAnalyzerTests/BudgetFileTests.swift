import Dispatch
import Foundation
import Testing
import TraceAnalyzer
import TraceModel

/// A budget file is read whole through the one file reader: a pipe too, never a folder or a
/// file too large to be a budget.
struct BudgetFileTests {
  private func temporaryPath(_ name: String) -> String {
    let folder = FileManager.default.temporaryDirectory
    return folder.appendingPathComponent("tracecli-budget-\(UUID().uuidString)-\(name)").path
  }

  @Test func aPipeIsReadToItsEnd() throws {
    let path = temporaryPath("fifo")
    try #require(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    // More than one read's worth, so the loop is taken.
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
    DispatchQueue.global().async {
      let descriptor = open(path, O_WRONLY)
      guard descriptor >= 0 else { return }
      bytes.withUnsafeBytes { _ = SystemFile.writeAll(descriptor, $0.baseAddress!, count: $0.count) }
      close(descriptor)
    }
    #expect(try BudgetFile.read(path: path) == bytes)
  }

  @Test func aFolderOrAnOversizedFileIsNoBudget() throws {
    let folder = temporaryPath("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { rmdir(folder) }
    #expect(throws: TraceReadError.noInput(path: folder, reason: "is a directory, not a budget file")) {
      try BudgetFile.read(path: folder)
    }
    let large = temporaryPath("large.json")
    try Data(count: BudgetFile.sizeLimit + 1).write(to: URL(fileURLWithPath: large))
    defer { unlink(large) }
    #expect(throws: TraceReadError.noInput(path: large, reason: "is larger than 16 MB; not a budget file")) {
      try BudgetFile.read(path: large)
    }
    let missing = temporaryPath("missing.json")
    #expect(throws: TraceReadError.noInput(path: missing, reason: "no such file")) {
      try BudgetFile.read(path: missing)
    }
  }
}
