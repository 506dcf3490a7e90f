import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// `hitches` and the hitch and hang gates' figures against the independent Python reference.
///
/// The reference is Scripts/reference/hitches.py (analysis.md "Recorded hitches and hangs"); the
/// traces are the stories and random traces of Scripts/reference/hitch_trace.py, which plants
/// hitches and hangs of every verdict (with and without samples, with and without a `recorded`
/// list, system hitches, windows straddled by updates, samples on window edges, ties). Compared:
/// each event's spec keys and `why`, in order, and the figures `check` gates on with whether the
/// recording captured them.
///
/// Scripts/reference/crosscheck-hitches.sh checks the same through the built binary, with the
/// gates' exit codes.
@Suite(.tags(.slow), .notInQuickLoop)
struct HitchesReferenceTests {
  private static let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path
  private static let eventKeys = [
    "kind", "start", "duration", "verdict", "updateNs", "otherNs", "explainedBy", "findings", "why",
  ]

  /// The events' compared keys, as canonical JSON lines.
  private static func events(_ object: Any?) -> [String] {
    ((object as? [String: Any])?["events"] as? [[String: Any]] ?? []).map { event in
      let picked = Dictionary(uniqueKeysWithValues: eventKeys.map { ($0, event[$0] ?? NSNull()) })
      let data = try? JSONSerialization.data(withJSONObject: picked, options: [.sortedKeys])
      return data.map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
  }

  /// Compares `path`; returns the verdicts of its events.
  @discardableResult
  private func compare(_ path: String, label: String) throws -> Set<String> {
    let (output, status) = try Python.run(["\(Self.scripts)/hitches.py", path])
    try #require(status == 0, "\(label): hitches.py failed")
    let reference = try JSONSerialization.jsonObject(with: output) as? [String: Any]
    let (summary, hitches) = try TraceAnalysis.hitches(paths: [path])
    let ours = try JSONSerialization.jsonObject(with: Data(HitchesRenderer.renderJSON(hitches).utf8))
    let theirs = Self.events(reference)
    let mine = Self.events(ours)
    #expect(mine.count == theirs.count, "\(label): \(mine.count) events, the reference's \(theirs.count)")
    for (index, (a, b)) in zip(mine, theirs).enumerated() where a != b {
      Issue.record("\(label): event \(index): ours \(a), the reference's \(b)")
      break
    }
    let figures = reference?["figures"] as? [String: Any]
    let hitchFigures = figures?["hitches"] as? [String: Any]
    let hangFigures = figures?["hangs"] as? [String: Any]
    let recorded = figures?["recorded"] as? [String: Any]
    let measured: [Int64] = [
      Int64(summary.hitches.hitches), summary.hitches.hitchNs, summary.hitches.longestHitchNs,
      Int64(summary.hitches.hangs), summary.hitches.longestHangNs,
    ]
    let expected = [
      hitchFigures?["count"], hitchFigures?["totalNs"], hitchFigures?["longestNs"], hangFigures?["count"],
      hangFigures?["longestNs"],
    ].map { ($0 as? NSNumber)?.int64Value ?? -1 }
    #expect(measured == expected, "\(label): hitches.count, totalNs, longestNs, hangs.count, longestNs")
    #expect(summary.recordedHitches == (recorded?["hitches"] as? Bool), "\(label): hitches recorded")
    #expect(summary.recordedHangs == (recorded?["hangs"] as? Bool), "\(label): hangs recorded")
    return Set(hitches.events.map(\.verdict.rawValue))
  }

  @Test(arguments: Fixture.storyNames)
  func storiesAgreeWithTheReference(_ name: String) throws {
    guard Tool.python3.require() != nil else { return }
    try compare(Fixture.path("traces/\(name).jsonl"), label: name)
  }

  @Test func theStoriesWithHitchesGiveTheirVerdicts() throws {
    guard Tool.python3.require() != nil else { return }
    #expect(try compare(Fixture.path("traces/slow-init.jsonl"), label: "slow-init") == ["updates"])
    #expect(
      try compare(Fixture.path("traces/landmarks-before.jsonl"), label: "landmarks-before") == ["updates"])
  }

  /// Random traces, with their samples and without any: every verdict turns up among them.
  @Test func randomTracesAgreeWithTheReference() throws {
    guard Tool.python3.require() != nil else { return }
    var verdicts = Set<String>()
    for seed in 1...24 {
      for variant in [[], ["--no-samples"]] {
        let (bytes, status) = try Python.run(["\(Self.scripts)/hitch_trace.py", String(seed)] + variant)
        try #require(status == 0)
        let trace = try TemporaryFile(bytes: [UInt8](bytes))
        defer { trace.remove() }
        verdicts.formUnion(try compare(trace.path, label: "seed \(seed) \(variant.joined())"))
      }
    }
    #expect(verdicts == ["updates", "main-thread", "elsewhere", "unknown"])
  }
}
