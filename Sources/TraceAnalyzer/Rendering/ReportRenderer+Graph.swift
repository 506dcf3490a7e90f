extension ReportRenderer {
  /// Characters of a node's title shown at most (longer ones end in `…`).
  static let titleLimit = 42
  /// Characters of a node's caption shown at most.
  static let captionLimit = 60
  /// A node title's font size, px.
  static let graphTitleSize = 13.0
  /// The font size of node captions and edge labels, the graph's smallest text, px.
  static let graphTextSize = 11.0
  /// The least a graph is scaled to fit the page: its smallest text stays 10 px or more; a
  /// wider graph scrolls in its own box.
  static let graphMinimumScale = 10.0 / graphTextSize

  // MARK: - Section

  static func graphSection(_ report: Report) -> String {
    var text = "<section id=\"graph\">\n<h2>Cause &amp; effect"
    if let view = report.graphView { text += ": <code>\(html(view))</code>" }
    text += "</h2>\n"
    guard let first = report.graphs.first, !first.graph.nodes.isEmpty else {
      return text + "<p class=\"none\">The trace has no causes to draw.</p>\n</section>\n"
    }
    text += "<p class=\"hint\">Top (cause) to bottom (effect), laid out by tracecli. "
    text += subjectText(first, report) + " "
    text += "Line width grows with the count (doubling); dashed: creation. "
    text += "Other views: <code>tracecli report … --view Name</code>.</p>\n"
    text += graphLegend
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

  /// The finding card's link to the graph that shows the finding at `index`: "the cause graph
  /// of View" for a finding about one view, "of its nodes" for one about several; nil when no
  /// graph shows it.
  static func graphLink(toFinding index: Int, _ report: Report) -> String? {
    guard let graph = report.graphIndex(showing: index) else { return nil }
    let finding = report.diagnosis.findings[index]
    var what = "the cause graph of its nodes"
    if let view = finding.view, finding.nodeIDs.count == 1 { what = "the cause graph of \(html(view))" }
    return "<a href=\"#\(graphAnchor(graph))\">\(what)</a>"
  }

  /// The legend of the graphs' colours and marks.
  static let graphLegend: String = {
    let items = [
      ("node-user", "the app's code or the person's actions"), ("node-system", "the system's"),
      ("node-dimmed", "checked, body not run"), ("node-unknown", "no event has the id"),
      ("node-error", "a node of an error"), ("node-warning", "of a warning"),
      ("edge-error", "an update loop's cycle"), ("edge-warning", "a warning's edge"),
      ("edge-bold", "a fan-out"),
    ]
    let spans = items.map { "<span class=\"item\"><span class=\"swatch \($0.0)\"></span>\($0.1)</span>" }
    return "<p class=\"legend\">\(spans.joined(separator: " "))</p>\n"
  }()

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

  // MARK: - Drawing

  /// A node's title as drawn: at most ``titleLimit`` characters.
  static func shownTitle(_ node: CauseGraph.Node) -> String {
    node.label.count > titleLimit ? String(node.label.prefix(titleLimit - 1)) + "…" : node.label
  }

  /// A node's caption as drawn: at most ``captionLimit`` characters.
  static func shownCaption(_ node: CauseGraph.Node) -> String {
    node.caption.count > captionLimit ? String(node.caption.prefix(captionLimit - 1)) + "…" : node.caption
  }

  /// A node's box width: room for its title (bold when focused) and caption, and a margin.
  static func nodeWidth(_ node: CauseGraph.Node) -> Double {
    let title = TextWidth.estimate(shownTitle(node), size: graphTitleSize)
    let caption = TextWidth.estimate(shownCaption(node), size: graphTextSize)
    return max(110, (max(title, caption) + 24).rounded(.up))
  }

  /// An edge's label: `Update ×12`.
  static func edgeText(_ edge: CauseGraph.Edge) -> String { "\(edge.title) ×\(edge.count)" }

  static func graphSVG(_ graph: CauseGraph) -> String {
    let layout = GraphLayout(graph, nodeWidth: nodeWidth) { edge in
      (TextWidth.estimate(edgeText(edge), size: graphTextSize) + 4, graphTextSize + 4)
    }
    let focus = Set(graph.focus)
    let (width, height) = (coordinate(layout.width), coordinate(layout.height))
    var text = "<div class=\"scroll\"><svg class=\"graph\" width=\"\(width)\" height=\"\(height)\" "
    text += "style=\"min-width: \(coordinate(layout.width * graphMinimumScale))px\" "
    text += "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"cause and effect graph\">\n"
    // Edges, the smallest first so the largest are drawn on top.
    let edgeOrder = graph.edges.indices.sorted {
      CauseGraph.Edge.listedBefore(graph.edges[$1], graph.edges[$0])
    }
    let marks = CauseGraph.FindingMarks(graph)
    for index in edgeOrder {
      let edge = graph.edges[index]
      let mark = marks.edges[index]
      var classes = edge.label != "update" ? "edge dashed" : "edge"
      var stroke = Double(DOTRenderer.penWidthHundredths(edge.count)) / 100
      if let mark {
        classes += " \(mark.severity)"
        if mark.bold {
          classes += " bold"
          stroke += 2
        }
      }
      let (path, arrow) = edgePath(layout.routes[index], stroke: stroke)
      text += "<path class=\"\(classes)\" data-from=\"\(edge.from)\" data-to=\"\(edge.to)\" d=\"\(path)\" "
      text += "stroke-width=\"\(coordinate(stroke))\""
      // Dashes grow with the line, so a thick dashed line reads as dashed, not dotted.
      if edge.label != "update" {
        text += " stroke-dasharray=\"\(coordinate(6 + 2 * stroke)) \(coordinate(3 + stroke))\""
      }
      text += "/>\n"
      text += "<path class=\"arrowhead\(mark.map { " \($0.severity)" } ?? "")\" d=\"\(arrow)\"/>\n"
    }
    for (index, node) in graph.nodes.enumerated() {
      let box = layout.boxes[index]
      let mark = marks.nodes[index]
      var classes = "node"
      if case .unknown = node.kind {
        classes += " unknown"
      } else {
        classes += node.user ? " user" : " system"
        if node.dimmed { classes += " dimmed" }
      }
      if focus.contains(index) { classes += " focus" }
      if let mark { classes += " marked \(mark.severity)" }
      var tooltip = node.kind.displayName + ": " + node.label
      if let mark { tooltip += " — " + mark.rules.map(\.rawValue).joined(separator: ", ") }
      text +=
        "<g class=\"\(classes)\" data-node=\"\(index)\" data-label=\"\(html(node.label))\"><title>\(html(tooltip))</title>"
      text +=
        "<rect x=\"\(coordinate(box.x))\" y=\"\(coordinate(box.y))\" width=\"\(coordinate(box.width))\" "
      text += "height=\"\(coordinate(box.height))\" rx=\"9\"/>"
      text += "<text class=\"title\" x=\"\(coordinate(box.midX))\" y=\"\(coordinate(box.y + 19))\">"
      text += "\(html(shownTitle(node)))</text>"
      text += "<text class=\"caption\" x=\"\(coordinate(box.midX))\" y=\"\(coordinate(box.y + 35))\">"
      text += "\(html(shownCaption(node)))</text></g>\n"
    }
    for (index, edge) in graph.edges.enumerated() {
      let label = layout.labels[index]
      let mark = marks.edges[index]
      if let anchor = label.anchor {
        let end = label.box.nearest(to: anchor)
        text += "<line class=\"leader\" x1=\"\(coordinate(anchor.x))\" y1=\"\(coordinate(anchor.y))\" "
        text += "x2=\"\(coordinate(end.x))\" y2=\"\(coordinate(end.y))\"/>\n"
      }
      text += "<text class=\"edgelabel\(mark.map { " \($0.severity)" } ?? "")\" data-edge=\"\(index)\" "
      text += "x=\"\(coordinate(label.box.midX))\" y=\"\(coordinate(label.box.midY + 4))\">"
      text += "\(html(edgeText(edge)))</text>\n"
    }
    return text + "</svg></div>\n"
  }

  /// An edge's SVG path through its curves, ending where its arrowhead starts, and the
  /// arrowhead: a triangle as wide as the line is thick, its tip at the route's end.
  static func edgePath(_ route: [GraphLayout.Curve], stroke: Double) -> (path: String, arrow: String) {
    guard var last = route.last, let first = route.first else { return ("", "") }
    let tip = last.end
    var (dx, dy) = (last.end.x - last.control2.x, last.end.y - last.control2.y)
    if dx == 0 && dy == 0 { (dx, dy) = (last.end.x - last.start.x, last.end.y - last.start.y) }
    let norm = max((dx * dx + dy * dy).squareRoot(), 1e-9)
    let (ux, uy) = (dx / norm, dy / norm)
    let length = 7 + 1.6 * stroke
    let half = 3.5 + 0.9 * stroke
    // The line stops inside the arrowhead, so its thickness does not show past the tip.
    let pull = length * 0.8
    last.end = GraphLayout.Point(x: tip.x - ux * pull, y: tip.y - uy * pull)
    last.control2 = GraphLayout.Point(x: last.control2.x - ux * pull, y: last.control2.y - uy * pull)
    let curves = route.dropLast() + [last]
    func point(_ point: GraphLayout.Point) -> String { "\(coordinate(point.x)),\(coordinate(point.y))" }
    var path = "M\(point(first.start))"
    for curve in curves {
      path += " C\(point(curve.control1)) \(point(curve.control2)) \(point(curve.end))"
    }
    let base = GraphLayout.Point(x: tip.x - ux * length, y: tip.y - uy * length)
    let left = GraphLayout.Point(x: base.x - uy * half, y: base.y + ux * half)
    let right = GraphLayout.Point(x: base.x + uy * half, y: base.y - ux * half)
    return (path, "M\(point(tip)) L\(point(left)) L\(point(right)) Z")
  }
}
