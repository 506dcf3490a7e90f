import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// `diagnose` against the independent Python reading of analysis.md "Findings"
/// (Scripts/reference/findings.py): rule, severity, nodes, count and cost must agree on every
/// fixture and on random traces with every rule's problem planted around its threshold
/// (Scripts/reference/planted_trace.py).
@Suite(.tags(.slow), .notInQuickLoop)
struct FindingsReferenceTests {
  private static let scripts = Fixture.root.appendingPathComponent("Scripts/reference").path

  private func projected(_ data: Data) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let findings = object?["findings"] as? [[String: Any]] ?? []
    return findings.map { finding in
      let nodes = (finding["nodes"] as? [String] ?? []).joined(separator: " | ")
      return "\(finding["rule"] ?? "") \(finding["severity"] ?? "") [\(nodes)] \(finding["count"] ?? "") "
        + "\(finding["costNs"] ?? "")"
    }
  }

  private func compare(_ path: String, _ label: String) throws -> [String] {
    let (reference, status) = try Python.run(["\(Self.scripts)/findings.py", path])
    #expect(status == 0, "\(label): the reference failed")
    let diagnosis = try TraceAnalysis.diagnose(paths: [path])
    let ours = try projected(Data(FindingsJSONRenderer.render(diagnosis).utf8))
    let theirs = try projected(reference)
    #expect(ours == theirs, "\(label)")
    return ours
  }

  @Test(arguments: Fixture.storyNames)
  func fixturesAgreeWithTheReference(_ name: String) throws {
    guard Tool.python3.require() != nil else { return }
    _ = try compare(Fixture.path("traces/\(name).jsonl"), name)
  }

  @Test func plantedTracesAgreeWithTheReferenceForEveryRule() throws {
    guard Tool.python3.require() != nil else { return }
    var fired = Set<String>()
    for seed in 1...40 {
      let (bytes, status) = try Python.run(["\(Self.scripts)/planted_trace.py", String(seed)])
      #expect(status == 0)
      let trace = try TemporaryFile(bytes: [UInt8](bytes))
      defer { trace.remove() }
      for finding in try compare(trace.path, "seed \(seed)") {
        fired.insert(String(finding.prefix { $0 != " " }))
      }
    }
    // The check can fail for every rule: each one fired on some seed.
    #expect(fired == Set(FindingRule.allCases.map(\.rawValue)))
  }
}
