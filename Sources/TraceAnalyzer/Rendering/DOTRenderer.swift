/// Renders a ``CauseGraph`` as Graphviz DOT, laid out left (cause) to right (effect) like the
/// instrument's Cause & Effect graph.
///
/// Each node shows its title, what it is (`Gesture`, `@Observable`, `View body`, …) and how
/// often it happened. The app's own nodes are blue, the system's gray; a dimmed node (every
/// update skipped) is faded and dashed; `unknown #ID` nodes are red and dashed; the nodes of
/// the selected view have a bold border. Edges read `Update ×12` / `Creation ×1`, thicker the
/// larger the count. Node IDs are quoted (`"n1"`); titles go in HTML-like labels with `&`, `<`,
/// `>`, `"` escaped and control characters replaced, other text in quoted strings with `\`
/// and `"` escaped; non-ASCII stays UTF-8. The same graph always gives the same bytes.
package enum DOTRenderer {
  package static func render(_ graph: CauseGraph) -> String {
    var output = "// \(comment(graph.headline))\n"
    for note in graph.notes { output += "// note: \(comment(note))\n" }
    for finding in graph.findings {
      output += "// \(finding.severity) \(finding.rule): \(comment(finding.title))\n"
    }
    output += "digraph \"cause-graph\" {\n"
    output += "  graph [rankdir=LR, fontname=\"Helvetica\", nodesep=0.3, ranksep=0.7];\n"
    output +=
      "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=12, margin=\"0.15,0.07\"];\n"
    output += "  edge [fontname=\"Helvetica\", fontsize=10, color=\"#5f6b7a\", fontcolor=\"#3d4754\"];\n"
    let focus = Set(graph.focus)
    let marks = CauseGraph.FindingMarks(graph)
    for (index, node) in graph.nodes.enumerated() {
      let mark = marks.nodes[index]
      output +=
        "  \(identifier(index)) [\(attributes(of: node, focused: focus.contains(index), mark: mark))];\n"
    }
    for (index, edge) in graph.edges.enumerated() {
      var attributes = "label=\(quoted("\(edge.title) ×\(edge.count)")), penwidth=\(penWidth(edge.count))"
      if edge.label != "update" { attributes += ", style=dashed" }
      if let mark = marks.edges[index] {
        attributes += ", color=\(quoted(mark.color)), fontcolor=\(quoted(mark.color))"
        if mark.bold && edge.label == "update" { attributes += ", style=bold" }
      }
      output += "  \(identifier(edge.from)) -> \(identifier(edge.to)) [\(attributes)];\n"
    }
    return output + "}\n"
  }

  // MARK: - Nodes

  /// A node marked by findings gets their colour as its border and their rules as an
  /// outside label.
  private static func attributes(of node: CauseGraph.Node, focused: Bool, mark: CauseGraph.FindingMark?)
    -> String
  {
    let colors: (fill: String, border: String, text: String)
    var style = "rounded,filled"
    if case .unknown = node.kind {
      colors = ("#fde3e1", "#c0392b", "#7b241c")
      style += ",dashed"
    } else if node.dimmed {
      colors = node.user ? ("#eef4fd", "#a9bfdc", "#8c96a3") : ("#f6f6f6", "#c2c2c2", "#9a9a9a")
      style += ",dashed"
    } else {
      colors = node.user ? ("#cfe2ff", "#2f6fd0", "#0b2545") : ("#e6e6e6", "#8a8a8a", "#1e1e1e")
    }
    let title = focused ? "<B>\(html(node.label))</B>" : html(node.label)
    let label = "<\(title)<BR/><FONT POINT-SIZE=\"10\">\(html(node.caption))</FONT>>"
    var attributes = "label=\(label), style=\(quoted(style)), fillcolor=\(quoted(colors.fill))"
    attributes += ", color=\(quoted(mark?.color ?? colors.border)), fontcolor=\(quoted(colors.text))"
    attributes += ", tooltip=\(quoted(node.kind.description + ": " + node.label))"
    if focused {
      attributes += ", penwidth=3"
    } else if mark != nil {
      attributes += ", penwidth=2"
    }
    if let mark { attributes += ", xlabel=\(quoted(mark.rules.map(\.rawValue).joined(separator: ", ")))" }
    return attributes
  }

  private static func identifier(_ index: Int) -> String { "\"n\(index + 1)\"" }

  /// 1 for one cause, then 0.75 more each time the count doubles, at most 8.
  static func penWidth(_ count: Int) -> String {
    let hundredths = penWidthHundredths(count)
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// ``penWidth(_:)`` in hundredths: a line's width on a log scale of its edge's count.
  static func penWidthHundredths(_ count: Int) -> Int {
    let doublings = max(0, Int.bitWidth - max(count, 1).leadingZeroBitCount - 1)
    return min(800, 100 + 75 * doublings)
  }

  // MARK: - Escaping

  /// `text` as a DOT quoted string: `"` and `\` escaped, line breaks as `\n`, other control
  /// characters as spaces.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `text` for an HTML-like label: `&`, `<`, `>`, `"` as entities, line breaks as `<BR/>`,
  /// other control characters as spaces.
  static func html(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\n": result += "<BR/>"
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
