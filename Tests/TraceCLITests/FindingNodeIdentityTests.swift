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
}
