import Foundation
import TestSupport
import Testing

/// The golden-file helper: recording writes the golden and fails, comparing passes only on a match.
struct SnapshotRecordingTests {
  @Test func recordingWritesTheGoldenAndFails() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tracecli-snapshot-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let golden = directory.appendingPathComponent("a.txt")
    withKnownIssue("recording must fail") {
      Fixture.assertSnapshot("new text\n", golden: golden, shownAs: "a.txt", recording: true)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("recorded a.txt (new)") }
    }
    #expect(try String(contentsOf: golden, encoding: .utf8) == "new text\n")
    withKnownIssue("re-recording an unchanged golden must fail too") {
      Fixture.assertSnapshot("new text\n", golden: golden, shownAs: "a.txt", recording: true)
    }
    // Once recorded and reviewed, the comparison passes on a match and fails on a difference.
    Fixture.assertSnapshot("new text\n", golden: golden, shownAs: "a.txt", recording: false)
    withKnownIssue("a difference must fail") {
      Fixture.assertSnapshot("other text\n", golden: golden, shownAs: "a.txt", recording: false)
    }
  }
}
