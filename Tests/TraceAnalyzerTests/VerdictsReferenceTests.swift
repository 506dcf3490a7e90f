import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// Verdicts over runs against the independent Python reference (Scripts/reference/verdicts.py
/// on sets of runs from runs_trace.py): per view and figure, and for frames, hitches and hangs,
/// the verdict and medians exactly, p and q within 1e-9, and every `--fail-on` rule's outcome.
///
/// Scripts/reference/crosscheck-verdicts.sh checks random sets through the built binary, with
/// the exit codes.
@Suite(.tags(.slow), .notInQuickLoop)
struct VerdictsReferenceTests {
  private static let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path
  private static let rules = ["total>10%,red>0,missed>0", "View0003:p95>5%,hitches>0,longestHang>+1ms"]

  /// One set of runs: the runs a side, the views, and the head's extra flags.
  struct RunSet: Sendable, CustomTestStringConvertible {
    var name: String
    var base: Int
    var head: Int
    var views: Int
    var baseFlags: [String] = []
    var headFlags: [String]
    var testDescription: String { name }
  }

  @Test(arguments: [
    RunSet(
      name: "planted, 10 a side", base: 10, head: 10, views: 300,
      headFlags: ["--slow", "3", "--factor", "1.6"]),
    RunSet(name: "noise only, 6 a side", base: 6, head: 6, views: 200, headFlags: []),
    RunSet(
      name: "ties and a missing view, 4 a side", base: 4, head: 5, views: 60, baseFlags: ["--ties"],
      headFlags: ["--ties", "--missing", "3"]),
    RunSet(name: "hitches, 8 a side", base: 8, head: 8, views: 40, headFlags: ["--hitch-factor", "2.5"]),
  ])
  func setsOfRunsAgreeWithTheReference(_ set: RunSet) throws {
    guard Tool.python3.require() != nil else { return }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verdicts-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    func generate(_ side: String, _ count: Int, seed: Int, flags: [String]) throws -> [String] {
      try (1...count).map { run in
        let (output, status) = try Python.run(
          [
            "\(Self.scripts)/runs_trace.py", "--seed", String(seed + run), "--views", String(set.views),
            "--hitches",
            "--hangs",
          ] + flags)
        try #require(status == 0)
        let path = "\(directory)/\(side)\(run).jsonl"
        try output.write(to: URL(fileURLWithPath: path))
        return path
      }
    }
    let base = try generate("b", set.base, seed: 100, flags: set.baseFlags)
    let head = try generate("h", set.head, seed: 200, flags: set.headFlags)
    let (output, status) = try Python.run(
      ["\(Self.scripts)/verdicts.py"] + base + ["--vs"] + head + Self.rules.flatMap { ["--fail-on", $0] })
    try #require(status == 0)
    let reference = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])

    let diff = try TraceAnalysis.diff(base: base, head: head)
    let rules = try DiffRule.parseList(Self.rules)
    let verdicts = rules.map { $0.evaluate(diff) }
    let ours = try #require(
      try JSONSerialization.jsonObject(with: Data(DiffJSONRenderer.render(diff, verdicts: verdicts).utf8))
        as? [String: Any])

    var compared = 0
    func compare(_ label: String, _ expected: Any?, _ actual: Any?) {
      let expected = expected as? [String: [String: Any]]
      let actual = actual as? [String: [String: Any]]
      #expect((expected == nil) == (actual == nil), "\(label): verdicts on one side only")
      for (figure, want) in expected ?? [:] {
        guard let got = actual?[figure] else {
          Issue.record("\(label).\(figure): missing")
          continue
        }
        compared += 1
        #expect(got["verdict"] as? String == want["verdict"] as? String, "\(label).\(figure)")
        for key in ["baseMedian", "headMedian"] {
          #expect(
            (got[key] as? NSNumber)?.int64Value == (want[key] as? NSNumber)?.int64Value,
            "\(label).\(figure).\(key)")
        }
        for key in ["p", "q"] {
          let difference = abs(
            ((got[key] as? NSNumber)?.doubleValue ?? -1) - ((want[key] as? NSNumber)?.doubleValue ?? 1))
          #expect(difference < 1e-9, "\(label).\(figure).\(key)")
        }
      }
    }
    var views: [String: [String: Any]] = [:]
    for view in ours["views"] as? [[String: Any]] ?? [] {
      views["\(view["module"] ?? "")|\(view["kind"] ?? "")|\(view["name"] ?? "")"] = view
    }
    for view in reference["views"] as? [[String: Any]] ?? [] {
      let key = "\(view["module"] ?? "")|\(view["kind"] ?? "")|\(view["name"] ?? "")"
      compare(key, view["verdicts"], views[key]?["verdicts"])
    }
    for section in ["frames", "hitches", "hangs"] {
      compare(
        section, (reference[section] as? [String: Any])?["verdicts"],
        (ours[section] as? [String: Any])?["verdicts"])
    }
    #expect(compared >= set.views * 4)
    let outcomes = Dictionary(
      uniqueKeysWithValues: (ours["rules"] as? [[String: Any]] ?? []).map {
        ($0["rule"] as? String ?? "", $0["verdict"] as? String)
      })
    for rule in reference["rules"] as? [[String: Any]] ?? [] {
      #expect(
        outcomes[rule["rule"] as? String ?? ""] == rule["verdict"] as? String, "rule \(rule["rule"] ?? "")")
    }
    if set.name.hasPrefix("planted") {
      #expect(diff.verdictChanges.contains { $0.subject == "App.View0003 (body)" })
    }
    if set.name.hasPrefix("noise") {
      #expect(diff.verdictChanges.allSatisfy { !$0.subject.hasPrefix("App.") })
    }
  }
}
