import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// Diff deltas against the independent reference (Scripts/reference/analysis.py diff): the
/// stored outputs for the fixture pairs, and live runs on random traces when python3 is here.
@Suite(.tags(.slow), .notInQuickLoop)
struct DiffReferenceTests {
  /// The parts both implementations print: views by key, frames missed, edges by key.
  struct Projection: Equatable, CustomStringConvertible {
    var views: [String: [String: Int64]] = [:]
    var missed: [String: Int64] = [:]
    var edges: [String: [String: Int64]] = [:]

    init(_ data: Data) throws {
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      for view in object["views"] as? [[String: Any]] ?? [] {
        let key = "\(view["module"] ?? "")|\(view["kind"] ?? "")|\(view["name"] ?? "")"
        var figures: [String: Int64] = [:]
        for side in ["base", "head"] {
          let values = view[side] as? [String: Any] ?? [:]
          for figure in ["count", "orange", "red", "p95Ns", "totalNs"] {
            figures["\(side).\(figure)"] = (values[figure] as? NSNumber)?.int64Value ?? -1
          }
        }
        views[key] = figures
      }
      let frames = object["frames"] as? [String: Any] ?? [:]
      for side in ["base", "head"] {
        missed[side] = ((frames[side] as? [String: Any])?["missed"] as? NSNumber)?.int64Value ?? -1
      }
      for edge in object["edges"] as? [[String: Any]] ?? [] {
        let key = "\(edge["from"] ?? "") → \(edge["to"] ?? "") (\(edge["label"] ?? ""))"
        edges[key] = [
          "base": (edge["base"] as? NSNumber)?.int64Value ?? -1,
          "head": (edge["head"] as? NSNumber)?.int64Value ?? -1,
        ]
      }
    }

    var description: String { "\(views.count) views, missed \(missed), \(edges.count) edges" }
  }

  @Test(arguments: [
    ("landmarks", ["traces/landmarks-before.jsonl"], ["traces/landmarks-after.jsonl"]),
    ("favorites", ["traces/favorites-before.jsonl"], ["traces/favorites-after.jsonl"]),
    ("search", ["traces/ci/search-main.jsonl"], ["traces/ci/search-pr.jsonl"]),
    (
      "scroll", (1...3).map { "traces/ci/scroll-main-\($0).jsonl" },
      (1...3).map { "traces/ci/scroll-pr-\($0).jsonl" }
    ),
  ])
  func fixturePairsAgreeWithTheStoredReference(name: String, base: [String], head: [String]) throws {
    let diff = try TraceAnalysis.diff(base: base.map(Fixture.path), head: head.map(Fixture.path))
    let ours = try Projection(Data(DiffJSONRenderer.render(diff).utf8))
    let reference = try Projection(Fixture.data("reference/diff/\(name).diff.json"))
    #expect(ours.views == reference.views)
    #expect(ours.missed == reference.missed)
    #expect(ours.edges == reference.edges)
    #expect(!ours.edges.isEmpty)
  }

  @Test(arguments: [([1], [2]), ([3, 4], [5, 6]), ([7, 8, 9], [10, 11]), ([12], [13, 14, 15, 16])])
  func randomTracesAgreeWithTheLiveReference(base: [Int], head: [Int]) throws {
    guard Tool.python3.require() != nil else { return }
    let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path
    var files: [Int: TemporaryFile] = [:]
    defer { files.values.forEach { $0.remove() } }
    for seed in base + head {
      files[seed] = try TemporaryFile(
        bytes: [UInt8](run(["\(scripts)/random_trace.py", String(seed), "600"])))
    }
    let basePaths = base.compactMap { files[$0]?.path }
    let headPaths = head.compactMap { files[$0]?.path }
    let reference = try Projection(
      run(["\(scripts)/analysis.py", "diff"] + basePaths + ["--vs"] + headPaths))
    let diff = try TraceAnalysis.diff(base: basePaths, head: headPaths)
    let ours = try Projection(Data(DiffJSONRenderer.render(diff).utf8))
    #expect(ours.views == reference.views)
    #expect(ours.missed == reference.missed)
    #expect(ours.edges == reference.edges)
  }

  private func run(_ arguments: [String]) throws -> Data {
    let (output, status) = try Python.run(arguments)
    #expect(status == 0, "\(arguments)")
    return output
  }
}
