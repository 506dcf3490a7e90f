import TraceModel

/// Renders a ``Report`` as one self-contained HTML page.
///
/// Inline CSS, inline SVG and a little plain JavaScript (hover, sorting, zoom); nothing is
/// fetched. Light and dark mode follow
/// `prefers-color-scheme`.
///
/// Sections, top to bottom: the header (app, device, span, refresh rate, thresholds), the
/// findings (each a link to its evidence), the timeline (lanes like the instrument's), strips
/// of the worst missed frames, the cause-and-effect graph, the views table and the evidence
/// (a slow body's card with the icicle of its samples, when the trace has them).
/// The page's size depends on the number of columns, views, findings and graph nodes, never
/// on the number of events. The same report always gives the same bytes.
package enum ReportRenderer {
  /// Views the table lists at most.
  package static let viewLimit = 300
  /// Findings listed at the top before the rest fold away.
  package static let findingsShown = 10

  package static func render(_ report: Report) -> String {
    var page = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    page += "<meta name=\"generator\" content=\"tracecli\">\n"
    page += "<title>\(html(title(report.summary))) · tracecli report</title>\n"
    page += "<style>\n\(style)\(icicleStyle)</style>\n</head>\n<body>\n"
    // The graph's layout, the page's largest section, is made on a thread of its own beside
    // the rest. The rest stay here: a finding's fix and the rules' thresholds are read from
    // the rules in effect for this task (``FindingRules/registering(_:_:)``).
    let graph = EarlyWork<String>()
    graph.start { graphSection(report) }
    page += header(report)
    page += findings(report.diagnosis)
    page += timeline(report)
    page += strips(report)
    page += graph.result!
    page += views(report.summary)
    page += evidence(report)
    page += "<footer>Made by tracecli from \(html(report.summary.file)). "
    page += "Colours as in the Instruments SwiftUI instrument: gray, orange "
    page += "(&gt; \(html(DurationText.format(report.summary.thresholds.orange)))), red "
    page += "(&gt; \(html(DurationText.format(report.summary.thresholds.red)))).</footer>\n"
    // The findings as `diagnose --format json` prints them, for tools that read the page.
    let findings = scriptSafe(FindingsJSONRenderer.render(report.diagnosis))
    page += "<script type=\"application/json\" id=\"findings-data\">\n\(findings)</script>\n"
    page += "<script>\n\(script)</script>\n</body>\n</html>\n"
    return page
  }

  // MARK: - Header

  static func title(_ summary: TraceSummary) -> String {
    let app = summary.header?.app ?? "Trace"
    guard let device = summary.header?.device else { return app }
    return "\(app) on \(device)"
  }

  private static func header(_ report: Report) -> String {
    let summary = report.summary
    let budget = summary.frames.budgetNs
    let span = (summary.traceEnd ?? 0).saturatingSubtract(summary.traceStart ?? summary.traceEnd ?? 0)
    var text =
      "<header>\n<h1>\(html(title(summary)))</h1>\n<p class=\"meta\"><code>\(html(summary.file))</code>"
    text += " · span \(html(DurationText.format(span)))"
    text += " · \(html(summary.frames.budget.rateText)), frame budget \(html(DurationText.format(budget)))"
    text += " · orange &gt; \(html(DurationText.format(summary.thresholds.orange)))"
    text += ", red &gt; \(html(DurationText.format(summary.thresholds.red)))"
    if !summary.range.isUnbounded {
      let from = summary.range.from.map(DurationText.seconds) ?? "start"
      let to = summary.range.to.map(DurationText.seconds) ?? "end"
      text += " · inspection range \(html(from)) ..&lt; \(html(to))"
    }
    if !summary.windows.isEmpty {
      text += " · \(summary.windows.count == 1 ? "window" : "windows") "
      text += summary.windows.map { "‘\(html($0))’" }.joined(separator: ", ")
    }
    text += "</p>\n<div class=\"cards\">\n"
    let total = summary.total
    text += card(
      "updates", Count.text(total.count), "\(Count.text(total.red)) red · \(Count.text(total.orange)) orange")
    text += card(
      "update time", DurationText.format(total.totalNs),
      "\(Count.text(total.skipped)) skipped · \(Count.text(total.unfinished)) unfinished")
    text += card(
      "frames", Count.text(summary.frames.withUpdates),
      summary.frames.hasRecordedFrames
        ? "with updates (\(Count.text(summary.frames.grid)) on the grid)" : "with updates (grid)")
    text += card(
      "missed deadlines", Count.text(summary.frames.missed),
      "\(summary.frames.missedByLongUpdate) long update · \(summary.frames.missedByAccumulation) accumulation",
      alert: summary.frames.missed > 0)
    text += card(
      "hitches · hangs", "\(summary.events.hitches) · \(summary.events.hangs)",
      "\(DurationText.format(summary.events.hitchNs)) · \(DurationText.format(summary.events.hangNs))")
    let errors = report.diagnosis.findings.filter { $0.severity == .error }.count
    text += card(
      "findings", Count.text(report.diagnosis.findings.count),
      "\(Count.text(errors)) \(errors == 1 ? "error" : "errors")", alert: errors > 0)
    return text + "</div>\n</header>\n"
  }

  private static func card(_ label: String, _ value: String, _ detail: String, alert: Bool = false) -> String
  {
    "<div class=\"card\(alert ? " alert" : "")\"><span class=\"label\">\(html(label))</span>"
      + "<span class=\"value\">\(html(value))</span><span class=\"detail\">\(html(detail))</span></div>\n"
  }

  // MARK: - Findings

  private static func findings(_ diagnosis: Diagnosis) -> String {
    var text = "<section id=\"findings\">\n<h2>Findings</h2>\n"
    guard !diagnosis.findings.isEmpty else {
      return text
        + "<p class=\"none\">No findings: none of the rules of <code>tracecli diagnose</code> fired.</p>\n</section>\n"
    }
    text += "<ol class=\"findings\">\n"
    for (index, finding) in diagnosis.findings.enumerated() {
      if index == findingsShown {
        let more = diagnosis.findings.count - findingsShown
        text +=
          "</ol>\n<details><summary>\(Count.text(more)) more \(more == 1 ? "finding" : "findings")</summary>\n"
        text += "<ol class=\"findings\" start=\"\(index + 1)\">\n"
      }
      text += "<li class=\"\(finding.severity)\"><span class=\"badge\">\(finding.severity)</span>"
      text += "<span class=\"rule\">\(html(finding.rule.rawValue))</span>"
      text += "<a href=\"#finding-\(index + 1)\">\(html(finding.title))</a>"
      text += "<span class=\"cost\">\(html(DurationText.format(finding.costNs)))</span></li>\n"
    }
    text += "</ol>\n"
    if diagnosis.findings.count > findingsShown { text += "</details>\n" }
    return text + "</section>\n"
  }

  // MARK: - Views

  private static func views(_ summary: TraceSummary) -> String {
    var text = "<section id=\"views\">\n<h2>Views</h2>\n"
    text += "<p class=\"hint\">Worst first (red, orange, total time); click a heading to sort.</p>\n"
    text += "<div class=\"scroll\"><table class=\"sortable\">\n<thead><tr>"
    let headings = [
      "view", "kind", "red", "orange", "count", "skipped", "unfinished", "total", "p50", "p95", "max",
    ]
    for (index, heading) in headings.enumerated() {
      text += "<th\(index < 2 ? "" : " class=\"num\"")>\(heading)</th>"
    }
    text += "</tr></thead>\n<tbody>\n"
    for view in summary.views.prefix(viewLimit) {
      let figures = view.statistics
      let severity = figures.red > 0 ? " class=\"red\"" : figures.orange > 0 ? " class=\"orange\"" : ""
      text += "<tr\(severity)><td>\(html(view.key.qualifiedName))</td><td>\(view.key.kind)</td>"
      for count in [figures.red, figures.orange, figures.count, figures.skipped, figures.unfinished] {
        text += "<td class=\"num\" data-v=\"\(count)\">\(Count.text(count))</td>"
      }
      for ns in [figures.totalNs, figures.p50Ns, figures.p95Ns, figures.maxNs] {
        text += "<td class=\"num\" data-v=\"\(ns)\">\(html(DurationText.format(ns)))</td>"
      }
      text += "</tr>\n"
    }
    text += "</tbody>\n</table></div>\n"
    if summary.views.count > viewLimit {
      text +=
        "<p class=\"hint\">… \(summary.views.count - viewLimit) more views (tracecli summarize --limit 0 lists all).</p>\n"
    }
    return text + "</section>\n"
  }

  // MARK: - Evidence

  private static func evidence(_ report: Report) -> String {
    let findings = report.diagnosis.findings
    guard !findings.isEmpty else { return "" }
    var text = "<section id=\"evidence\">\n<h2>Evidence</h2>\n"
    // The findings whose card drew each node's icicle.
    var drawn: [CauseGraph.NodeID: Int] = [:]
    for (index, finding) in findings.enumerated() {
      text += "<article id=\"finding-\(index + 1)\" class=\"\(finding.severity)\">\n"
      text +=
        "<h3><span class=\"badge\">\(finding.severity)</span> <span class=\"rule\">\(html(finding.rule.rawValue))</span> \(html(finding.title))</h3>\n"
      text +=
        "<p class=\"figures\">\(html(Count.text(finding.count))) counted · \(html(DurationText.format(finding.costNs)))"
      text +=
        " · nodes: \(finding.nodes.map { "<code>\(html($0))</code>" }.joined(separator: ", "))</p>\n<ul>\n"
      for line in finding.evidence { text += "<li>\(html(line))</li>\n" }
      let felt = report.diagnosis.hitches(explainedBy: finding)
      if !felt.isEmpty {
        let caused = FindingsRenderer.caused(felt, origin: report.summary.traceStart ?? 0)
        text += "<li class=\"felt\">felt: \(html(caused))</li>\n"
      }
      if !finding.path.isEmpty {
        text += "<li>path: \(html(finding.path.joined(separator: " → ")))</li>\n"
      }
      text += "</ul>\n"
      for backtrace in finding.backtraces {
        text += "<details><summary>backtrace of <code>\(html(backtrace.source))</code></summary><pre>"
        text += html(backtrace.frames.joined(separator: "\n")) + "</pre></details>\n"
      }
      if let icicle = finding.measured?.icicle, let node = finding.nodeIDs.first {
        // A node's samples are drawn once: a later finding of the node links to them.
        if let first = drawn[node] {
          text += "<p class=\"hint\">Where its samples went: the icicle of "
          text += "<a href=\"#finding-\(first + 1)\">\(html(icicle.label))</a> above.</p>\n"
        } else {
          drawn[node] = index
          text += Self.icicle(icicle)
        }
      }
      text += "<p class=\"fix\"><b>Fix:</b> \(html(finding.suggestion))</p>\n"
      var links: [String] = []
      if let link = graphLink(toFinding: index, report) {
        links.append(link)
      } else if let view = finding.view {
        links.append("<code>tracecli report \(html(report.summary.file)) --view \(html(view))</code>")
      }
      for example in finding.examples.prefix(3) {
        links.append("<code>tracecli why \(html(report.summary.file)) --update \(example)</code>")
      }
      if !links.isEmpty { text += "<p class=\"look\">Look closer: \(links.joined(separator: " · "))</p>\n" }
      text += "</article>\n"
    }
    return text + "</section>\n"
  }

  // MARK: - Helpers

  static func html(_ text: String) -> String { MarkupText.attribute(text) }

  /// JSON text safe inside a `<script>` element: every `</` written `<\/` (the same JSON).
  static func scriptSafe(_ json: String) -> String {
    var json = json
    // Over the bytes as one buffer: stepping a string's UTF-8 view checks each index.
    let safe = json.withUTF8 { utf8 -> String? in
      // Up to the first `</`, the text stays as it is.
      var first = 1
      while first < utf8.count,
        !(utf8[first] == UInt8(ascii: "/") && utf8[first - 1] == UInt8(ascii: "<"))
      {
        first += 1
      }
      guard first < utf8.count else { return nil }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(utf8.count + 16)
      bytes.append(contentsOf: utf8[..<first])
      var previous = UInt8(ascii: "<")
      for byte in utf8[first...] {
        if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "<") { bytes.append(UInt8(ascii: "\\")) }
        bytes.append(byte)
        previous = byte
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return safe ?? json
  }

  /// `60`, `119.88`.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// A coordinate with at most one decimal.
  static func coordinate(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    let whole = Int64(tenths / 10)
    let fraction = Int64(abs(tenths)) % 10
    if fraction == 0 { return String(Int64(tenths) / 10) }
    return "\(tenths < 0 && whole == 0 ? "-" : "")\(whole).\(fraction)"
  }
}
