import Foundation
import TestSupport
import Testing
import TraceAnalyzer
import TraceModel

/// The example of ``TraceAnalysis``'s overview comment, run as written (with the fixture's
/// path made absolute), through the public API only.
struct LibraryExampleTests {
  @Test func overviewExampleRuns() throws {
    let trace = #"{"type":"update","id":1,"kind":"body","view":"Row","start":0,"duration":1200000}"#
    var options = AnalysisOptions()
    options.thresholds = Thresholds(orange: 500_000, red: 1_000_000)
    let summary = try TraceAnalysis.summarize(.bytes(Array(trace.utf8)), options: options)
    var printed: [String] = []
    for view in summary.views {
      printed.append("\(view.key.qualifiedName) \(view.statistics.count) \(view.statistics.red)")
    }
    let diagnosis = try TraceAnalysis.diagnose(.path(Fixture.path("traces/update-loop.jsonl")))
    #expect(printed == ["Row 1 1"])
    #expect(diagnosis.findings.map(\.rule.description) == ["update-loop"])
  }

  /// The test above is the overview's example: each line of its code is there as written (the
  /// fixture's path made absolute), and each printed result is what the test expects.
  @Test func theTestIsTheOverviewsExample() throws {
    let root = Fixture.root.path
    let overview = try String(
      contentsOfFile: "\(root)/Sources/TraceAnalyzer/Passes/Summary/TraceAnalysis.swift", encoding: .utf8)
    let test = try String(
      contentsOfFile: "\(root)/Tests/TraceAnalyzerTests/LibraryExampleTests.swift", encoding: .utf8)
    let comment = overview.split(separator: "\n").map { $0.trimmingPrefix("/// ") }
    let start = try #require(comment.firstIndex(of: "```swift"))
    let end = try #require(comment[(start + 1)...].firstIndex(of: "```"))
    let example = comment[(start + 1)..<end].map { $0.trimmingPrefix(while: { $0 == " " }) }
    #expect(example.count >= 8)
    for line in example where !line.hasPrefix("import ") && line != "}" {
      guard let printed = line.firstRange(of: "print(") else {
        let code = String(line).replacing(#""Fixtures/traces/"#, with: #"Fixture.path("traces/"#)
          .replacing(#".jsonl")"#, with: #".jsonl"))"#)
        let found = test.contains(code)
        #expect(found, "the test lacks the example's line: \(line)")
        continue
      }
      // `print(…)  // result`: the test expects that result.
      let result = try #require(line[printed.upperBound...].split(separator: "// ").last)
      let expected = test.contains(result.hasPrefix("[") ? "== \(result)" : "[\"\(result)\"]")
      #expect(expected, "the test does not expect what the example prints: \(line)")
    }
  }

  @Test func aFileDescriptorReadsLikeItsPath() throws {
    let path = Fixture.path("traces/favorites-before.jsonl")
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let fromDescriptor = try TraceAnalysis.summarize(.fileDescriptor(descriptor))
    let fromPath = try TraceAnalysis.summarize(.path(path))
    #expect(fromDescriptor.views == fromPath.views)
    #expect(fromDescriptor.frames == fromPath.frames)
    #expect(fromDescriptor.file == "<descriptor \(descriptor)>")
  }

  @Test func badBytesAreLocated() {
    let trace = Array("{\"type\":\"update\",\"id\":1}\n{oops\n".utf8)
    #expect {
      try TraceAnalysis.summarize(.bytes(trace))
    } throws: { error in
      guard case .badData(let failure) = error as? TraceReadError else { return false }
      return failure.file == "<bytes>" && failure.line == 1 && failure.column != nil
    }
  }
}
