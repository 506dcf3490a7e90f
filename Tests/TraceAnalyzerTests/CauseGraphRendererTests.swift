import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer

/// DOT, Mermaid and JSON output of a graph: escaping, styling, stable order.
struct CauseGraphRendererTests {
  /// A graph whose labels hold every character that needs care.
  private var awkward: CauseGraph {
    let nodes = [
      CauseGraph.Node(
        kind: .source(.state), name: ##"@State "quoted" \back\slash <tag> & #1"##, user: true, events: 1),
      CauseGraph.Node(
        kind: .update(.body), name: "Line\nBreak`Café😀", module: "Módulo", user: true, events: 3),
      CauseGraph.Node(
        kind: .update(.other), name: "Layout\u{01}Tab\t", module: "", events: 2, skipped: 2, dimmed: true),
      .unknown(42),
    ]
    let edges = [
      CauseGraph.Edge(from: 0, to: 1, label: "update", count: 12),
      CauseGraph.Edge(from: 1, to: 2, label: "creation", count: 1),
      CauseGraph.Edge(from: 3, to: 2, label: #"odd "label""#, count: 2),
    ]
    return CauseGraph(nodes: nodes, edges: edges, focus: [1], file: "a\nb.jsonl")
  }

  @Test func dotQuotesIdentifiersAndEscapesEveryLabel() {
    let dot = DOTRenderer.render(awkward)
    #expect(dot.contains(#""n1" -> "n2" [label="Update ×12", penwidth=3.25];"#))
    #expect(dot.contains(#""n2" -> "n3" [label="Creation ×1", penwidth=1.00, style=dashed];"#))
    #expect(dot.contains(#""n4" -> "n3" [label="Odd \"label\" ×2", penwidth=1.75, style=dashed];"#))
    #expect(dot.contains(##"label=<@State &quot;quoted&quot; \back\slash &lt;tag&gt; &amp; #1<BR/>"##))
    #expect(dot.contains(##"tooltip="state: @State \"quoted\" \\back\\slash <tag> & #1""##))
    #expect(dot.contains("<B>Line<BR/>Break`Café😀.body</B>"))
    #expect(dot.contains("Layout Tab "))
    #expect(dot.contains("rankdir=LR"))
    // The focus node has a bold border, the dimmed one is dashed and faded, unknown is red.
    #expect(dot.contains(##"fontcolor="#0b2545", tooltip="body: Line\nBreak`Café😀.body", penwidth=3"##))
    #expect(dot.contains(##"style="rounded,filled,dashed", fillcolor="#f6f6f6""##))
    #expect(dot.contains(##"fillcolor="#fde3e1""##))
    // A file name with a line break stays inside its comment line.
    #expect(dot.hasPrefix("// tracecli cause-graph: a b.jsonl, whole graph; 4 nodes, 3 edges\n"))
    #expect(!dot.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test(arguments: [
    (1, "1.00"), (2, "1.75"), (3, "1.75"), (4, "2.50"), (80, "5.50"), (1 << 20, "8.00"), (0, "1.00"),
  ])
  func penWidthGrowsWithEachDoubling(count: Int, width: String) {
    #expect(DOTRenderer.penWidth(count) == width)
  }

  @Test func mermaidUsesEntityCodesMermaidAccepts() {
    let mermaid = MermaidRenderer.render(awkward)
    #expect(mermaid.contains("flowchart LR\n"))
    #expect(
      mermaid.contains(
        #"n1["@State #quot;quoted#quot; \back\slash #60;tag#62; #38; #35;1<br/>State change · 1 change"]"#))
    #expect(mermaid.contains(#"n2["Line<br/>Break#96;Café😀.body<br/>View body · Módulo · 3 updates"]"#))
    #expect(mermaid.contains(#"n4["unknown #35;42<br/>unknown · no event has this id"]"#))
    #expect(mermaid.contains(#"n1 -->|"Update ×12"| n2"#))
    #expect(mermaid.contains(#"n2 -.->|"Creation ×1"| n3"#))
    #expect(mermaid.contains(#"n4 -.->|"Odd #quot;label#quot; ×2"| n3"#))
    #expect(mermaid.contains("class n1,n2 user\n"))
    #expect(mermaid.contains("class n3 dimmed\n"))
    #expect(mermaid.contains("class n4 unknown\n"))
    #expect(mermaid.contains("class n2 focus\n"))
    #expect(mermaid.contains("linkStyle 0 stroke-width:3.25px\n"))
    // Every label line keeps its quotes balanced: no raw quote inside a label.
    for line in mermaid.split(separator: "\n") where line.contains("[\"") {
      #expect(line.filter { $0 == "\"" }.count == 2, "\(line)")
    }
  }

  @Test func jsonHasTheSpecsKeysAndValidText() throws {
    let text = CauseGraphJSONRenderer.render(awkward)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    #expect(nodes.count == 4)
    #expect(nodes[0]["id"] as? String == "n1")
    #expect(nodes[0]["kind"] as? String == "state")
    #expect(nodes[0]["label"] as? String == ##"@State "quoted" \back\slash <tag> & #1"##)
    #expect(nodes[0]["module"] is NSNull)
    #expect(nodes[1]["label"] as? String == "Line\nBreak`Café😀.body")
    #expect(nodes[1]["module"] as? String == "Módulo")
    #expect(nodes[1]["focus"] as? Bool == true)
    #expect(nodes[2]["dimmed"] as? Bool == true)
    #expect(nodes[2]["module"] as? String == "")
    #expect(nodes[3]["kind"] as? String == "unknown")
    let edges = try #require(object["edges"] as? [[String: Any]])
    #expect(edges.count == 3)
    #expect(edges[0]["from"] as? String == "n1")
    #expect(edges[0]["to"] as? String == "n2")
    #expect(edges[0]["label"] as? String == "update")
    #expect(edges[0]["count"] as? Int == 12)
    for key in ["user", "dimmed"] { #expect(nodes.allSatisfy { $0[key] is Bool }) }
    #expect((object["dangling"] as? [String: Any])?["causes"] as? Int == 0)
  }

  @Test func renderingIsDeterministic() {
    #expect(DOTRenderer.render(awkward) == DOTRenderer.render(awkward))
    #expect(MermaidRenderer.render(awkward) == MermaidRenderer.render(awkward))
    #expect(CauseGraphJSONRenderer.render(awkward) == CauseGraphJSONRenderer.render(awkward))
  }

  /// The marks of a graph's nodes and edges are those of the findings naming each one, a
  /// finding that names a node or an edge twice counted once.
  @Test func findingMarksAreThoseOfTheFindingsNamingEachNodeAndEdge() throws {
    var graph = try TraceAnalysis.diagnose(
      paths: [Fixture.path("traces/favorites-before.jsonl")], name: "favorites-before.jsonl"
    ).graph
    let ids = graph.nodes.map(\.id)
    let edgeIDs = graph.findingEdges
    try #require(!graph.edges.isEmpty)
    // A finding naming one node and one edge twice, as an error of another rule.
    var twice = try #require(graph.findings.first)
    twice.nodeIDs = [ids[graph.edges[0].to], ids[graph.edges[0].to]]
    twice.edges = [edgeIDs[0], edgeIDs[0]]
    twice.rule = .updateLoop
    twice.severity = .error
    graph.findings.append(twice)
    let marks = CauseGraph.FindingMarks(graph)
    func expected(_ naming: [Finding]) -> (Finding.Severity, Bool, [FindingRule])? {
      guard !naming.isEmpty else { return nil }
      var rules: [FindingRule] = []
      for finding in naming where !rules.contains(finding.rule) { rules.append(finding.rule) }
      return (
        naming.contains { $0.severity == .error } ? .error : .warning, naming.contains { $0.rule == .fanOut },
        rules
      )
    }
    for (index, id) in ids.enumerated() {
      let mark = marks.nodes[index].map { ($0.severity, $0.bold, $0.rules) }
      let want = expected(graph.findings.filter { $0.nodeIDs.contains(id) })
      #expect(mark?.0 == want?.0 && mark?.1 == want?.1 && mark?.2 == want?.2, "node \(id)")
    }
    for (index, edge) in edgeIDs.enumerated() {
      let mark = marks.edges[index].map { ($0.severity, $0.bold, $0.rules) }
      let want = expected(graph.findings.filter { $0.edges.contains(edge) })
      #expect(mark?.0 == want?.0 && mark?.1 == want?.1 && mark?.2 == want?.2, "edge \(index)")
    }
    #expect(marks.nodes[graph.edges[0].to]?.severity == .error)
    #expect(marks.edges[0]?.rules.last == .updateLoop)
  }
}
