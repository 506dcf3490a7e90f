import Foundation
import Testing

/// Files under the repository's `Fixtures/`, found from this source file's path.
public enum Fixture {
  /// The repository root.
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The path of `relative` under `Fixtures/`.
  public static func path(_ relative: String) -> String {
    root.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
  }

  /// The bytes of `relative` under `Fixtures/`.
  public static func data(_ relative: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path(relative)))
  }

  /// The names (without extension) of the `.jsonl` traces directly in `Fixtures/traces/`.
  public static var storyNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path("traces"))) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
  }

  /// Compares `actual` with the golden file `Fixtures/expected/<name>`.
  ///
  /// With `RECORD_SNAPSHOTS=1` in the environment it writes `actual` to the golden file and
  /// then fails, as swift-argument-parser's snapshot helper does: a recorded golden is a change
  /// to review, never a silent pass. Run again without the variable once the diff is reviewed.
  public static func assertSnapshot(
    _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    assertSnapshot(
      actual, golden: URL(fileURLWithPath: path("expected/\(name)")), shownAs: "Fixtures/expected/\(name)",
      recording: ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1",
      sourceLocation: sourceLocation)
  }

  /// Compares `actual` with the golden file at `url` (named `shown` in messages), or records it
  /// and fails when `recording`.
  public static func assertSnapshot(
    _ actual: String, golden url: URL, shownAs shown: String, recording: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if recording {
      let previous = try? String(contentsOf: url, encoding: .utf8)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
      } catch {
        Issue.record("could not record \(shown): \(error)", sourceLocation: sourceLocation)
        return
      }
      let change = previous == nil ? "new" : previous == actual ? "unchanged" : "changed"
      Issue.record(
        """
        recorded \(shown) (\(change)) because RECORD_SNAPSHOTS=1; \
        review it (git diff Fixtures/expected) and run again without RECORD_SNAPSHOTS
        """,
        sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "no golden file \(shown); run with RECORD_SNAPSHOTS=1, review it and run again",
        sourceLocation: sourceLocation)
      return
    }
    if actual != expected {
      let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let first =
        Array(zip(actualLines, expectedLines)).firstIndex { $0.0 != $0.1 }
        ?? min(actualLines.count, expectedLines.count)
      let got = first < actualLines.count ? String(actualLines[first]) : "<end>"
      let want = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
      Issue.record(
        "\(shown) differs at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)",
        sourceLocation: sourceLocation)
    }
  }
}

/// A file in a fresh temporary directory, removed by ``remove()``.
public struct TemporaryFile {
  public let path: String

  /// Writes `bytes` to a new temporary file.
  public init(bytes: [UInt8], name: String = "trace.jsonl") throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracecli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Writes `text` (UTF-8) to a new temporary file.
  public init(_ text: String, name: String = "trace.jsonl") throws {
    try self.init(bytes: Array(text.utf8), name: name)
  }

  public func remove() {
    try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }
}
