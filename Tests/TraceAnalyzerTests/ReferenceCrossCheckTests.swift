import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// Random traces (CRLF, escapes, shuffled and unknown keys, unfinished sentinels, threads,
/// explicit frames and grids) summarized by tracecli and by the independent Python reference
/// in Scripts/reference; the spec's keys must agree exactly.
@Suite(.tags(.slow), .notInQuickLoop)
struct ReferenceCrossCheckTests {
  private func run(_ arguments: [String]) throws -> Data {
    let (output, status) = try Python.run(arguments)
    #expect(status == 0, "\(arguments)")
    return output
  }

  private func projected(_ data: Data) throws -> NSDictionary {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let updateKeys = ["count", "orange", "red", "skipped", "unfinished", "totalNs"]
    let viewKeys = updateKeys + ["module", "kind", "name", "maxNs", "p50Ns", "p95Ns"]
    let frameKeys = [
      "budgetNs", "budgetAssumed", "budgetSource", "withUpdates", "grid", "missed", "missedByLongUpdate",
      "missedByAccumulation", "worstOverrunNs",
    ]
    func pick(_ value: Any?, _ keys: [String]) -> [String: Any] {
      let dictionary = value as? [String: Any] ?? [:]
      return Dictionary(uniqueKeysWithValues: keys.map { ($0, dictionary[$0] ?? NSNull()) })
    }
    let updates = object["updates"] as? [String: Any] ?? [:]
    return [
      "updates": ["body", "representable", "other"].map { pick(updates[$0], updateKeys) },
      "views": (object["views"] as? [Any] ?? []).map { pick($0, viewKeys) },
      "frames": pick(object["frames"], frameKeys),
    ] as NSDictionary
  }

  /// The stored reference summary of the trace whose last line is cut (read past it, with a
  /// warning): `Fixtures/reference/malformed/truncated-tail.summary.json`.
  @Test func theTruncatedTailIsSummarizedAsTheReferenceDid() throws {
    let reference = try projected(Fixture.data("reference/malformed/truncated-tail.summary.json"))
    let summary = try TraceAnalysis.summarize(path: Fixture.path("traces/malformed/truncated-tail.jsonl"))
    let ours = try projected(Data(SummaryJSONRenderer.render(summary).utf8))
    #expect(ours == reference)
    #expect((reference["views"] as? [Any])?.isEmpty == false)
  }

  @Test(arguments: [
    (1, 400, TimeRange()), (2, 2_000, TimeRange()), (3, 2_000, TimeRange()), (4, 1_000, TimeRange()),
    (5, 1_000, TimeRange(from: 2_000_000, to: 90_000_000)), (6, 3_000, TimeRange(from: 10_000_000)),
    (7, 3_000, TimeRange()), (8, 500, TimeRange(to: 40_000_000)),
  ])
  func summariesAgreeWithTheReference(seed: Int, size: Int, range: TimeRange) throws {
    guard Tool.python3.require() != nil else { return }
    let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path
    let trace = try TemporaryFile(
      bytes: [UInt8](run(["\(scripts)/random_trace.py", String(seed), String(size)])))
    defer { trace.remove() }
    var referenceArguments = ["\(scripts)/analysis.py", "summarize", trace.path]
    if let from = range.from { referenceArguments += ["--from", String(from)] }
    if let to = range.to { referenceArguments += ["--to", String(to)] }
    let reference = try projected(run(referenceArguments))
    let summary = try TraceAnalysis.summarize(path: trace.path, options: AnalysisOptions(range: range))
    let ours = try projected(Data(SummaryJSONRenderer.render(summary).utf8))
    #expect(ours == reference, "seed \(seed)")
  }
}
