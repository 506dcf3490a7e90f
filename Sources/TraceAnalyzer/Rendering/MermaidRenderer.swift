/// Renders a ``CauseGraph`` as a Mermaid flowchart (`flowchart LR`), to paste into a GitHub
/// comment inside a ```` ```mermaid ```` block.
///
/// Labels are quoted, and every character Mermaid or HTML could read as syntax is written as
/// a Mermaid entity code: `"` as `#quot;`, `#` `&` `<` `>` `` ` `` as `#35;` `#38;` `#60;`
/// `#62;` `#96;`; line breaks become `<br/>`. Node styles follow ``DOTRenderer``'s colours
/// through `classDef`s; edge widths through `linkStyle`.
package enum MermaidRenderer {
  package static func render(_ graph: CauseGraph) -> String {
    var output = "%% \(comment(graph.headline))\n"
    for note in graph.notes { output += "%% note: \(comment(note))\n" }
    for finding in graph.findings {
      output += "%% \(finding.severity) \(finding.rule): \(comment(finding.title))\n"
    }
    output += "flowchart LR\n"
    for (index, node) in graph.nodes.enumerated() {
      output += "  n\(index + 1)[\"\(escape(node.label))<br/>\(escape(node.caption))\"]\n"
    }
    for edge in graph.edges {
      let arrow = edge.label == "update" ? "-->" : "-.->"
      output +=
        "  n\(edge.from + 1) \(arrow)|\"\(escape("\(edge.title) ×\(edge.count)"))\"| n\(edge.to + 1)\n"
    }
    let marks = CauseGraph.FindingMarks(graph)
    var classes: [(name: String, style: String, nodes: [Int])] = [
      ("user", "fill:#cfe2ff,stroke:#2f6fd0,color:#0b2545", []),
      ("system", "fill:#e6e6e6,stroke:#8a8a8a,color:#1e1e1e", []),
      ("dimmed", "fill:#f6f6f6,stroke:#c2c2c2,color:#9a9a9a,stroke-dasharray:4 3", []),
      ("unknown", "fill:#fde3e1,stroke:#c0392b,color:#7b241c,stroke-dasharray:4 3", []),
      ("focus", "stroke-width:3px,font-weight:bold", graph.focus),
      ("error", "stroke:#c0392b,stroke-width:3px", []),
      ("warning", "stroke:#e67e22,stroke-width:3px", []),
    ]
    for (index, node) in graph.nodes.enumerated() {
      let name: Int
      if case .unknown = node.kind {
        name = 3
      } else if node.dimmed {
        name = 2
      } else {
        name = node.user ? 0 : 1
      }
      classes[name].nodes.append(index)
      if let mark = marks.nodes[index] {
        classes[mark.color == "#c0392b" ? 5 : 6].nodes.append(index)
      }
    }
    for entry in classes where !entry.nodes.isEmpty {
      output += "  classDef \(entry.name) \(entry.style)\n"
      output += "  class \(entry.nodes.map { "n\($0 + 1)" }.joined(separator: ",")) \(entry.name)\n"
    }
    for (index, edge) in graph.edges.enumerated() {
      let mark = marks.edges[index]
      guard edge.count > 1 || mark != nil else { continue }
      var style = "stroke-width:\(DOTRenderer.penWidth(edge.count))px"
      if let mark {
        // A fan-out's edge at least 4 px wide (the width of 16 causes).
        style = "stroke-width:\(DOTRenderer.penWidth(mark.bold ? max(edge.count, 16) : edge.count))px"
        style += ",stroke:\(mark.color)"
      }
      output += "  linkStyle \(index) \(style)\n"
    }
    return output
  }

  /// `text` inside a quoted Mermaid label.
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "#quot;"
      case "#": result += "#35;"
      case "&": result += "#38;"
      case "<": result += "#60;"
      case ">": result += "#62;"
      case "`": result += "#96;"
      case "\n": result += "<br/>"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` on one comment line.
  private static func comment(_ text: String) -> String {
    String(text.unicodeScalars.map { $0.value < 0x20 ? " " : Character($0) })
  }
}
