extension ReportRenderer {
  /// An icicle's width in its `viewBox`, px (the page scales it to the card).
  static let icicleWidth = 1200.0
  /// The height of one row of an icicle, px.
  static let icicleRow = 18.0
  /// The width of one character of an icicle's labels (10.5 px monospace), px.
  static let icicleCharacter = 6.3
  /// The characters a cut label keeps at least: fewer say nothing a reader could use.
  static let iciclePrefix = 5

  // MARK: - Icicle

  /// A finding's samples as an icicle: a caption with the folded trunk and a legend, then one
  /// inline SVG of at most ``Icicle/boxLimit`` boxes, each with a `<title>` that gives its full
  /// name, time and share.
  static func icicle(_ icicle: Icicle) -> String {
    let total = max(icicle.totalNs, 1)
    let rows = (icicle.boxes.map(\.depth).max() ?? 0) + 1
    let height = Double(rows) * icicleRow
    var text = "<figure class=\"icicle\">\n<figcaption>Where its samples went: "
    text += "\(html(DurationText.format(icicle.totalNs))) in \(Count.text(icicle.samples)) "
    text += icicle.samples == 1 ? "sample" : "samples"
    text += ", callers above what they call, each box as wide as its time (hover for the whole name)."
    if let last = icicle.trunk.last {
      text += " Every sample runs under <code>\(html(last))</code>"
      if icicle.trunk.count > 1 {
        text += " (\(icicle.trunk.count) frames from <code>\(html(icicle.trunk[0]))</code>,"
        text += " folded into the top box)"
      }
      text += "."
    }
    if icicle.rowsCut { text += " Frames deeper than \(Icicle.rowLimit - 1) calls are left out." }
    text += "<br><span class=\"legend\"><span class=\"swatch ic-user\"></span>the app's code"
    text += "<span class=\"swatch ic-system\"></span>system frameworks<span class=\"swatch ic-other\"></span>"
    text +=
      "other: frames under \(html(DurationText.format(icicle.mergeBelowNs))) together</span></figcaption>\n"
    text += "<svg class=\"icicle\" width=\"\(coordinate(icicleWidth))\" height=\"\(coordinate(height))\" "
    text += "viewBox=\"0 0 \(coordinate(icicleWidth)) \(coordinate(height))\" role=\"img\" "
    text += "aria-label=\"icicle of \(html(icicle.label))\">\n"
    for box in icicle.boxes {
      let x = Double(box.offsetNs) / Double(total) * icicleWidth
      let width = Double(box.ns) / Double(total) * icicleWidth
      let y = Double(box.depth) * icicleRow
      text += "<g class=\"ic-\(box.kind.rawValue)\"><title>\(html(tooltip(box, of: icicle)))</title>"
      text += "<rect x=\"\(coordinate(x))\" y=\"\(coordinate(y))\" width=\"\(coordinate(width))\" "
      text += "height=\"\(coordinate(icicleRow - 1))\"/>"
      if let label = label(
        box.kind == .node ? "\(box.name) · \(DurationText.format(box.ns))" : box.name, width: width)
      {
        text += "<text x=\"\(coordinate(x + 3))\" y=\"\(coordinate(y + 12.5))\">\(html(label))</text>"
      }
      text += "</g>\n"
    }
    return text + "</svg>\n</figure>\n"
  }

  /// What hovering a box says: its name (and binary), time and share of the node's samples.
  private static func tooltip(_ box: Icicle.Box, of icicle: Icicle) -> String {
    let figures = "\(DurationText.format(box.ns)) · \(share(box.ns, of: icicle.totalNs)) of the samples"
    switch box.kind {
    case .node:
      let under = icicle.trunk.isEmpty ? "" : "\nunder \(icicle.trunk.joined(separator: " → "))"
      return "\(box.name): \(Count.text(icicle.samples)) \(icicle.samples == 1 ? "sample" : "samples"), "
        + "\(figures)\(under)"
    case .other:
      return "other: \(box.functions) \(box.functions == 1 ? "function" : "functions") under "
        + "\(DurationText.format(icicle.mergeBelowNs)) each\n\(figures)"
    case .user, .system:
      return "\(box.name)\(box.binary.map { " (\($0))" } ?? "")\n\(figures)"
    }
  }

  /// `name` as it fits in a box `width` px wide: whole, cut with an ellipsis after at least
  /// ``iciclePrefix`` characters, else nil (the tooltip names it).
  static func label(_ name: String, width: Double) -> String? {
    let fits = Int(((width - 6) / icicleCharacter).rounded(.down))
    guard name.count > fits else { return name }
    guard fits > iciclePrefix else { return nil }
    return String(name.prefix(fits - 1)) + "…"
  }

  /// `part` of `whole` as a percentage with one decimal: `88.7 %`.
  private static func share(_ part: Int64, of whole: Int64) -> String {
    guard whole > 0 else { return "0 %" }
    let tenths = (Double(part) / Double(whole) * 1000).rounded()
    return "\(Int64(tenths) / 10).\(Int64(tenths) % 10) %"
  }

  /// The icicles' CSS: boxes in the graph's colours (the app's code blue, system gray).
  static let icicleStyle = """
    figure.icicle { margin: 10px 0; } figure.icicle figcaption { font-size: 12px; color: var(--muted); margin-bottom: 4px; }
    svg.icicle { width: 100%; max-width: 1200px; height: auto; display: block; }
    svg.icicle rect { stroke: var(--panel); stroke-width: 1; } svg.icicle g:hover rect { stroke: var(--fg); }
    svg.icicle text { font: 10.5px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; pointer-events: none; }
    svg.icicle .ic-node rect { fill: var(--bg); stroke: var(--line); } .ic-node text { fill: var(--fg); font-weight: 700; }
    .ic-user rect, .swatch.ic-user { fill: var(--user-fill); background: var(--user-fill); }
    .ic-user text { fill: var(--user-text); }
    .ic-system rect, .swatch.ic-system { fill: var(--sys-fill); background: var(--sys-fill); }
    .ic-system text { fill: var(--sys-text); }
    .ic-other rect, .swatch.ic-other { fill: var(--dim-fill); background: var(--dim-fill); }
    .ic-other text { fill: var(--dim-text); font-style: italic; }
    .swatch.ic-user { border: 1px solid var(--user-line); } .swatch.ic-system { border: 1px solid var(--sys-line); }
    .swatch.ic-other { border: 1px solid var(--dim-line); }

    """
}
