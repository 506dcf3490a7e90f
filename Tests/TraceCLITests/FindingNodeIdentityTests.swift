import Foundation
import TestSupport
import Testing

@testable import tracecli

/// A finding names graph nodes by identity, not by label: of two views named `Row` in two
/// modules, only the slow one is marked in the cause graph (before, a label named both).
struct FindingNodeIdentityTests {
  /// `A.Row` runs long (red, 4 times); `B.Row` is quick; a tap causes both.
  private static let trace: String = {
    var lines = [
      #"{"type":"trace","version":1,"refreshRate":100,"start":0}"#,
      #"{"type":"source","id":1,"kind":"gesture","label":"Tap","time":0}"#,
    ]
    for index in 0..<4 {
      let start = Int64(index) * 20_000_000
      let slow = 10 + index * 2
      lines.append(
        #"{"type":"update","id":\#(slow),"kind":"body","view":"Row","module":"A","start":\#(start),"duration":3000000}"#)
      lines.append(
        #"{"type":"update","id":\#(slow + 1),"kind":"body","view":"Row","module":"B","start":\#(start + 4_000_000),"duration":100000}"#)
      lines.append(#"{"type":"cause","from":1,"to":\#(slow),"label":"update"}"#)
      lines.append(#"{"type":"cause","from":1,"to":\#(slow + 1),"label":"update"}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test func onlyTheSlowModulesNodeIsMarked() throws {
    let file = try TemporaryFile(Self.trace)
    defer { file.remove() }
    let run = CLIRun(["cause-graph", file.path, "--format", "json"])
    #expect(run.status == .success, "\(run.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let nodes = try #require(json?["nodes"] as? [[String: Any]])
    let rows = nodes.filter { $0["label"] as? String == "Row.body" }
    #expect(rows.count == 2)
    for row in rows {
      let findings = row["findings"] as? [String] ?? []
      #expect(findings == (row["module"] as? String == "A" ? ["long-body"] : []), "\(row)")
    }
    let dot = CLIRun(["cause-graph", file.path])
    #expect(dot.output.components(separatedBy: "#c0392b").count - 1 <= 2, "one node and its label at most")
    // The findings' JSON still names the node by its label.
    let diagnose = CLIRun(["diagnose", file.path, "--format", "json"])
    #expect(diagnose.output.contains(#""Row.body""#))
  }

  /// environment-churn names the view it made check for nothing, not another view of its label:
  /// with `A.Row` updating and `B.Row` skipped, the finding's view is `B.Row` (it was the first
  /// node labelled `Row.body`, here `A.Row`).
  @Test func environmentChurnNamesTheSkippedViewsModule() throws {
    var lines = [
      #"{"type":"trace","version":1,"refreshRate":100,"start":0}"#,
      #"{"type":"source","id":1,"kind":"environment","label":"EnvironmentValues.scrollOffset","time":0}"#,
    ]
    var id: Int64 = 10
    for frame in 0..<12 {
      let start = Int64(frame) * 10_000_000
      lines.append(
        #"{"type":"update","id":\#(id),"kind":"body","view":"Row","module":"A","start":\#(start),"duration":100000}"#)
      lines.append(
        #"{"type":"update","id":\#(id + 1),"kind":"body","view":"Row","module":"B","start":\#(start + 200_000),"duration":50000,"skipped":true}"#)
      lines.append(#"{"type":"cause","from":1,"to":\#(id + 1),"label":"update"}"#)
      id += 2
    }
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let run = CLIRun(["diagnose", file.path, "--format", "json"])
    #expect(run.status == .success, "\(run.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    let findings = try #require(json?["findings"] as? [[String: Any]])
    let churn = try #require(findings.first { $0["rule"] as? String == "environment-churn" })
    #expect(churn["view"] as? String == "B.Row")
  }
}
