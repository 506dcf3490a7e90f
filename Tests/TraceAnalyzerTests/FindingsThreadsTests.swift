import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// The cause rules scan the resolved causes in runs, one per thread, and merge the runs' facts:
/// every thread count must give the findings one scan gives.
@Suite(.tags(.slow), .notInQuickLoop)
struct FindingsThreadsTests {
  private func findings(_ path: String, threads: Int) throws -> String {
    FindingsJSONRenderer.render(
      try TraceAnalysis.diagnose(paths: [path], options: AnalysisOptions(threads: threads)))
  }

  @Test(arguments: Fixture.storyNames)
  func everyThreadCountGivesTheFindingsOfOne(_ name: String) throws {
    let path = Fixture.path("traces/\(name).jsonl")
    let one = try findings(path, threads: 1)
    for threads in [2, 3, 7] {
      #expect(try findings(path, threads: threads) == one, "\(name), \(threads) threads")
    }
  }

  @Test func plantedTracesGiveTheSameFindingsOnEveryThreadCount() throws {
    guard Tool.python3.require() != nil else { return }
    let script = Fixture.root.appendingPathComponent("Scripts/reference/planted_trace.py").path
    var rules = Set<String>()
    for seed in 1...12 {
      let (bytes, status) = try Python.run([script, String(seed)])
      #expect(status == 0)
      let trace = try TemporaryFile(bytes: [UInt8](bytes))
      defer { trace.remove() }
      let one = try findings(trace.path, threads: 1)
      #expect(try findings(trace.path, threads: 2) == one, "seed \(seed)")
      #expect(try findings(trace.path, threads: 5) == one, "seed \(seed)")
      let object = try JSONSerialization.jsonObject(with: Data(one.utf8)) as? [String: Any]
      for finding in object?["findings"] as? [[String: Any]] ?? [] {
        rules.insert("\(finding["rule"] ?? "")")
      }
    }
    // The merges are tried on every cause rule's facts.
    #expect(
      rules.isSuperset(of: ["fan-out", "environment-churn", "update-loop", "over-broad-input"]), "\(rules)")
  }

  @Test func aSpillReadsInRangesAsAWhole() {
    let spill = PartitionedSpill<BurstCounter.Start>(partitions: 1, bufferBytes: 64 * 16)
    #expect(spill.blockRecords == 64)
    for index in Int64(0)..<1_000 {
      spill.append(BurstCounter.Start(edge: index % 7, start: index), partition: 0)
    }
    #expect(spill.count(inPartition: 0) == 1_000)
    func read(_ records: Range<Int>) -> [Int64] {
      var seen: [Int64] = []
      spill.forEachBlock(inPartition: 0, records: records) { block in seen += block.map(\.start) }
      return seen
    }
    for runs in 1...6 {
      let joined = (0..<runs).flatMap { run in read(1_000 * run / runs..<1_000 * (run + 1) / runs) }
      #expect(joined == Array(0..<1_000), "\(runs) runs")
    }
    // Mid-block starts and ends, the block being filled, and nothing.
    #expect(read(70..<130) == Array(70..<130))
    #expect(read(990..<1_000) == Array(990..<1_000))
    #expect(read(63..<65) == [63, 64])
    #expect(read(500..<500).isEmpty)
  }
}
