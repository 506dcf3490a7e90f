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
