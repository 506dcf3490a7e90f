extension ReportRenderer {
  /// Characters of a node's title shown at most (longer ones end in `…`).
  static let titleLimit = 42

  static func graphSection(_ report: Report) -> String {
    var text = "<section id=\"graph\">\n<h2>Cause &amp; effect"
    if let view = report.graphView { text += ": <code>\(html(view))</code>" }
    text += "</h2>\n"
    guard let first = report.graphs.first, !first.graph.nodes.isEmpty else {
      return text + "<p class=\"none\">The trace has no causes to draw.</p>\n</section>\n"
    }
    text += "<p class=\"hint\">Left (cause) to right (effect), laid out by tracecli. "
    text += subjectText(first, report) + " "
    text += "Blue: the app's code or the person's actions; gray: the system's; faded and dashed: "
    text += "checked, body not run. Other views: <code>tracecli report … --view Name</code>.</p>\n"
    for (index, part) in report.graphs.enumerated() {
      if index > 0 {
        text += "<h3 id=\"\(graphAnchor(index))\">\(subjectHeading(part, report))</h3>\n"
        text += "<p class=\"hint\">\(subjectText(part, report))</p>\n"
      }
      if !part.graph.omitted.isEmpty {
        text +=
          "<p class=\"hint\">\(part.graph.omitted.edges) smaller edges and \(part.graph.omitted.nodes) nodes left out.</p>\n"
      }
      text += graphSVG(part.graph)
    }
    return text + "</section>\n"
  }

  /// The id of the element a link to the graph at `index` in ``Report/graphs`` points to.
  static func graphAnchor(_ index: Int) -> String { index == 0 ? "graph" : "graph-\(index + 1)" }

  /// The finding card's link to the graph that shows the finding at `index`; nil when no graph
  /// does.
  static func graphLink(toFinding index: Int, _ report: Report) -> String? {
    guard let graph = report.graphIndex(showing: index) else { return nil }
    let finding = report.diagnosis.findings[index]
    let what =
      finding.view.map { "the cause graph of \(html($0))" } ?? "the cause graph of its nodes"
    return "<a href=\"#\(graphAnchor(graph))\">\(what)</a>"
  }

  private static func subjectHeading(_ part: Report.Graph, _ report: Report) -> String {
    switch part.subject {
    case .view(let view): return "<code>\(html(view))</code>"
    case .finding(let index):
      let finding = report.diagnosis.findings[index]
      return "Finding \(index + 1) (\(html(finding.rule.rawValue)))"
        + (finding.view.map { ": <code>\(html($0))</code>" } ?? "")
    case .whole: return "The whole graph"
    }
  }

  private static func subjectText(_ part: Report.Graph, _ report: Report) -> String {
    switch part.subject {
    case .view: return "The view (bold) and every node with a path into it."
    case .finding(let index):
      let finding = report.diagnosis.findings[index]
      return "The nodes of <a href=\"#finding-\(index + 1)\">finding \(index + 1)</a> "
        + "(\(html(finding.rule.rawValue)), bold) and every node with a path into them."
    case .whole: return "The whole graph's largest edges."
    }
  }

  /// A node's box width: its title or caption, whichever is longer, at about 7 px a character.
  static func nodeWidth(_ node: CauseGraph.Node) -> Double {
    let characters = max(min(node.label.count, titleLimit), min(node.caption.count, 60) * 6 / 7)
    return max(120, Double(characters) * 7.2 + 24)
  }

  static func graphSVG(_ graph: CauseGraph) -> String {
    let layout = GraphLayout(graph, nodeWidth: nodeWidth)
    let focus = Set(graph.focus)
    let width = layout.width
    let height =
      layout.height + (graph.edges.contains { layout.ranks[$0.to] <= layout.ranks[$0.from] } ? 40 : 0)
    var text =
      "<div class=\"scroll\"><svg class=\"graph\" width=\"\(coordinate(width))\" height=\"\(coordinate(height))\" "
    // Shrinks to the page, but not below 70% of its size (wider graphs scroll instead).
    text += "style=\"min-width: \(coordinate(width * 0.7))px\" "
    text +=
      "viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" role=\"img\" aria-label=\"cause and effect graph\">\n"
    text +=
      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" "
    text +=
      "orient=\"auto-start-reverse\" markerUnits=\"userSpaceOnUse\"><path class=\"arrowhead\" d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n"
    var labels = ""
    for edge in graph.edges {
      let from = layout.boxes[edge.from]
      let to = layout.boxes[edge.to]
      let path: String
      let mid: (x: Double, y: Double)
      if edge.from == edge.to {
        let x = from.x + from.width * 0.7
        path =
          "M\(coordinate(x)),\(coordinate(from.y)) C\(coordinate(x + 10)),\(coordinate(from.y - 34)) "
          + "\(coordinate(x - 40)),\(coordinate(from.y - 34)) \(coordinate(x - 30)),\(coordinate(from.y))"
        mid = (x - 15, from.y - 28)
      } else if layout.ranks[edge.to] > layout.ranks[edge.from] {
        let (x1, y1, x2, y2) = (from.maxX, from.midY, to.x, to.midY)
        let bend = max((x2 - x1) / 2, 30)
        path =
          "M\(coordinate(x1)),\(coordinate(y1)) C\(coordinate(x1 + bend)),\(coordinate(y1)) "
          + "\(coordinate(x2 - bend)),\(coordinate(y2)) \(coordinate(x2)),\(coordinate(y2))"
        mid = ((x1 + x2) / 2, (y1 + y2) / 2)
      } else {
        // Back to an earlier rank: around under both boxes.
        let (x1, y1, x2, y2) = (
          from.x + from.width / 2, from.y + from.height, to.x + to.width / 2, to.y + to.height
        )
        let low = max(y1, y2) + 40
        path =
          "M\(coordinate(x1)),\(coordinate(y1)) C\(coordinate(x1)),\(coordinate(low)) "
          + "\(coordinate(x2)),\(coordinate(low)) \(coordinate(x2)),\(coordinate(y2))"
        mid = ((x1 + x2) / 2, (y1 + y2) / 8 + low * 3 / 4)
      }
      let dashed = edge.label != "update" ? " dashed" : ""
      let stroke = DOTRenderer.penWidth(edge.count)
      text +=
        "<path class=\"edge\(dashed)\" d=\"\(path)\" stroke-width=\"\(stroke)\" marker-end=\"url(#arrow)\"/>\n"
      labels += "<text class=\"edgelabel\" x=\"\(coordinate(mid.x))\" y=\"\(coordinate(mid.y - 4))\">"
      labels += "\(html(edge.title)) ×\(edge.count)</text>\n"
    }
    for (index, node) in graph.nodes.enumerated() {
      let box = layout.boxes[index]
      var classes = "node"
      if case .unknown = node.kind {
        classes += " unknown"
      } else {
        classes += node.user ? " user" : " system"
        if node.dimmed { classes += " dimmed" }
      }
      if focus.contains(index) { classes += " focus" }
      let title = node.label.count > titleLimit ? String(node.label.prefix(titleLimit - 1)) + "…" : node.label
      let caption = node.caption.count > 60 ? String(node.caption.prefix(59)) + "…" : node.caption
      text += "<g class=\"\(classes)\"><title>\(html(node.kind.displayName + ": " + node.label))</title>"
      text +=
        "<rect x=\"\(coordinate(box.x))\" y=\"\(coordinate(box.y))\" width=\"\(coordinate(box.width))\" "
      text += "height=\"\(coordinate(box.height))\" rx=\"9\"/>"
      text +=
        "<text class=\"title\" x=\"\(coordinate(box.x + box.width / 2))\" y=\"\(coordinate(box.y + 19))\">\(html(title))</text>"
      text +=
        "<text class=\"caption\" x=\"\(coordinate(box.x + box.width / 2))\" y=\"\(coordinate(box.y + 35))\">\(html(caption))</text></g>\n"
    }
    return text + labels + "</svg></div>\n"
  }
}
