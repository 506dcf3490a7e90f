import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// Frames version 2 against the independent Python reading (Scripts/reference/frames.py) on
/// traces shaped like real recordings (Scripts/reference/frames_trace.py: sparse recorded
/// frames, busy runs across covers and grid lines, no rate, rates from other sources, unknown
/// event types): the summary's `frames` and the findings must agree; the same trace shifted by
/// a fraction of a frame against an unchanged header start misses the same frames.
@Suite(.tags(.slow), .notInQuickLoop)
struct FramesReferenceTests {
  private static let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path
  private static let frameKeys = [
    "budgetNs", "budgetAssumed", "budgetSource", "withUpdates", "grid", "missed", "missedByLongUpdate",
    "missedByAccumulation", "worstOverrunNs",
  ]

  private func trace(_ arguments: [String]) throws -> TemporaryFile {
    let (bytes, status) = try Python.run(["\(Self.scripts)/frames_trace.py"] + arguments)
    #expect(status == 0)
    return try TemporaryFile(bytes: [UInt8](bytes))
  }

  private func frames(_ json: Data) throws -> NSDictionary {
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    let frames = object?["frames"] as? [String: Any] ?? [:]
    return Dictionary(uniqueKeysWithValues: Self.frameKeys.map { ($0, frames[$0] ?? NSNull()) }) as NSDictionary
  }

  private func findings(_ json: Data) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    return (object?["findings"] as? [[String: Any]] ?? []).map {
      "\($0["rule"] ?? "") \($0["severity"] ?? "") \($0["nodes"] ?? "") \($0["count"] ?? "") \($0["costNs"] ?? "")"
    }
  }

  @Test(arguments: 1...40)
  func framesAndFindingsAgreeWithTheReference(seed: Int) throws {
    guard Tool.python3.require() != nil else { return }
    let file = try trace([String(seed), String(40 + seed * 11 % 400)])
    defer { file.remove() }
    let (summary, status) = try Python.run(["\(Self.scripts)/analysis.py", "summarize", file.path])
    #expect(status == 0)
    let diagnosis = try TraceAnalysis.diagnose(paths: [file.path])
    #expect(
      try frames(Data(SummaryJSONRenderer.render(diagnosis.summary).utf8)) == frames(summary), "seed \(seed)")
    let (reference, _) = try Python.run(["\(Self.scripts)/findings.py", file.path])
    #expect(try findings(Data(FindingsJSONRenderer.render(diagnosis).utf8)) == findings(reference), "seed \(seed)")
  }

  @Test(arguments: [3, 8, 21])
  func aRefreshRateOptionAgreesWithTheReference(seed: Int) throws {
    guard Tool.python3.require() != nil else { return }
    let file = try trace([String(seed), "300"])
    defer { file.remove() }
    let (summary, _) = try Python.run(["\(Self.scripts)/analysis.py", "summarize", file.path, "--refresh-rate", "90"])
    let ours = try TraceAnalysis.summarize(path: file.path, options: AnalysisOptions(refreshRate: 90))
    #expect(try frames(Data(SummaryJSONRenderer.render(ours).utf8)) == frames(summary))
    #expect(ours.frames.budget.source == "option" && ours.frames.budgetNs == 11_111_111)
  }

  @Test(arguments: 1...12)
  func aShiftedClockMissesTheSameFrames(seed: Int) throws {
    guard Tool.python3.require() != nil else { return }
    var missed: Set<[Int64]> = []
    for shift in [0, 333, 1_234_567, 4_000_000, 8_000_001, 15_000_000] {
      let file = try trace([String(seed), "300", "--no-frames", "--shift", String(shift)])
      defer { file.remove() }
      let frames = try TraceAnalysis.summarize(path: file.path).frames
      missed.insert([
        Int64(frames.missed), Int64(frames.missedByAccumulation), frames.worstOverrunNs,
      ])
    }
    #expect(missed.count == 1, "seed \(seed): \(missed)")
  }
}
