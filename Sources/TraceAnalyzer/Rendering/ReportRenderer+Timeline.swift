import TraceModel

extension ReportRenderer {
  /// The width of the lane names left of the plot, px.
  static let gutter = 132.0

  /// A lane of the timeline: its name, height and what draws it.
  private struct Lane {
    var name: String
    var height: Double
    var kind: UpdateKind?
  }

  // MARK: - Timeline

  static func timeline(_ report: Report) -> String {
    let timeline = report.timeline
    let columns = Double(timeline.columnCount)
    let lanes: [Lane] = [
      Lane(name: "Update Groups", height: 12),
      Lane(name: "View Body", height: 38, kind: .body),
      Lane(name: "Representable", height: 38, kind: .representable),
      Lane(name: "Other Updates", height: 38, kind: .other),
      Lane(name: "Frames", height: 26),
      Lane(name: "Hitches", height: 12),
      Lane(name: "Hangs", height: 12),
    ]
    let axis = 22.0
    let gap = 8.0
    let height = axis + lanes.reduce(0) { $0 + $1.height + gap }
    let width = gutter + columns + 8
    var text = "<section id=\"timeline\">\n<h2>Timeline</h2>\n"
    text += "<p class=\"hint\">Each pixel column is \(html(DurationText.format(timeline.columnWidth))): "
    text += "bar height is how busy updates kept it, colour the worst update in it. "
    text += "Hover names the longest update of each lane there, and the hitch, hang or group; click one "
    text += "of the worst missed frames to open its strip. Scroll with the wheel to zoom, drag to pan, "
    text += "double-click to reset. Zoomed in, the orange and red updates are drawn one by one with "
    text += "their names, and every update of the busiest stretches; the others as columns of "
    text += "\(html(DurationText.format(timeline.fineColumnWidth))).\(omitted(timeline.detail))</p>\n"
    text += "<div class=\"scroll\"><svg id=\"tl\" class=\"timeline\" width=\"\(coordinate(width))\" "
    text += "height=\"\(coordinate(height))\" viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" "
    text +=
      "data-start=\"\(timeline.start)\" data-width=\"\(timeline.columnWidth)\" data-columns=\"\(timeline.columnCount)\" "
    text +=
      "data-origin=\"\(report.summary.traceStart ?? timeline.start)\" role=\"img\" aria-label=\"timeline\">\n"
    text +=
      "<g class=\"axis\" id=\"tl-axis\">\(axisTicks(report, plotWidth: columns, from: 0, to: columns))</g>\n"
    var y = axis
    var plot = ""
    var laneTops: [Double] = []
    var frameLane = (top: 0.0, height: 0.0)
    for lane in lanes {
      text +=
        "<text class=\"lane\" x=\"8\" y=\"\(coordinate(y + lane.height / 2 + 4))\">\(html(lane.name))</text>\n"
      text +=
        "<rect class=\"lanebg\" x=\"\(coordinate(gutter))\" y=\"\(coordinate(y))\" width=\"\(coordinate(columns))\" height=\"\(coordinate(lane.height))\"/>\n"
      switch lane.name {
      case "Update Groups": plot += runs(timeline.groups, y: y, height: lane.height, className: "group")
      case "Frames":
        frameLane = (y, lane.height)
        plot += "<g class=\"framecols\">\n" + frames(timeline, y: y, height: lane.height) + "</g>\n"
      case "Hitches":
        plot += runs(
          timeline.hitches, y: y, height: lane.height, className: "hitch", notes: timeline.hitchNotes)
      case "Hangs":
        plot += runs(timeline.hangs, y: y, height: lane.height, className: "hang", notes: timeline.hangNotes)
      default:
        if let kind = lane.kind {
          laneTops.append(y)
          plot += "<g class=\"cols\">\n"
          plot += updates(timeline, lane: timeline.lanes[kind.rawValue], y: y, height: lane.height)
          plot += "</g>\n"
        }
      }
      y += lane.height + gap
    }
    text += "<svg id=\"tl-plot\" x=\"\(coordinate(gutter))\" y=\"0\" width=\"\(coordinate(columns))\" "
    text += "height=\"\(coordinate(height))\" viewBox=\"0 0 \(coordinate(columns)) \(coordinate(height))\" "
    text +=
      "preserveAspectRatio=\"none\">\n\(plot)<line id=\"tl-cursor\" class=\"cursor\" x1=\"-10\" x2=\"-10\" y1=\"0\" y2=\"\(coordinate(height))\"/>\n</svg>\n"
    // What a zoomed-in page draws: in the outer plot's pixels, clipped to the plot.
    text +=
      "<clipPath id=\"tl-clip\"><rect x=\"\(coordinate(gutter))\" y=\"0\" width=\"\(coordinate(columns))\" "
    text +=
      "height=\"\(coordinate(height))\"/></clipPath><g id=\"tl-detail\" clip-path=\"url(#tl-clip)\"></g>\n"
    text += "</svg></div>\n<div id=\"tl-tip\" class=\"tip\" hidden></div>\n"
    text +=
      "<p class=\"legend\"><span class=\"swatch sev0\"></span>update <span class=\"swatch sev1\"></span>orange "
    text += "<span class=\"swatch sev2\"></span>red <span class=\"swatch missed\"></span>missed deadline "
    text += "<span class=\"swatch group\"></span>update group <span class=\"swatch hitch\"></span>hitch "
    text += "<span class=\"swatch hang\"></span>hang</p>\n"
    text +=
      "<script type=\"application/json\" id=\"tl-data\">\(data(timeline, thresholds: report.summary.thresholds, laneTops: laneTops, laneHeight: lanes[1].height, frameLane: frameLane))</script>\n"
    return text + "</section>\n"
  }

  /// Time ticks over plot x `from ..< to` (columns), labelled relative to the trace start.
  private static func axisTicks(_ report: Report, plotWidth: Double, from: Double, to: Double) -> String {
    let timeline = report.timeline
    let origin = report.summary.traceStart ?? timeline.start
    let nsPerColumn = Double(timeline.columnWidth)
    let span = (to - from) * nsPerColumn
    let step = niceStep(span / 8)
    // Times from the origin, in Double: the timeline may span the whole Int64 clock.
    let offset = Double(timeline.start) - Double(origin)
    let first = (offset + from * nsPerColumn) / step
    var text = ""
    var tick = first.rounded(.up)
    // At most a few dozen ticks: far from the clock's origin `tick + 1` may round to `tick`.
    for _ in 0..<32 where tick * step <= offset + to * nsPerColumn {
      let x = gutter + ((tick * step - offset) / nsPerColumn - from) / (to - from) * plotWidth
      let label = Int64(exactly: (tick * step).rounded()) ?? (tick < 0 ? .min : .max)
      text += "<line x1=\"\(coordinate(x))\" x2=\"\(coordinate(x))\" y1=\"14\" y2=\"20\"/>"
      // The origin is 0 (a time of day, not a duration of "0 ns").
      let shown = label == 0 ? "0" : DurationText.format(label)
      text += "<text x=\"\(coordinate(x))\" y=\"11\">\(html(shown))</text>"
      tick += 1
    }
    return text
  }

  /// 1, 2 or 5 times a power of ten, at least `rough`.
  static func niceStep(_ rough: Double) -> Double {
    var power = 1.0
    while power * 10 <= rough { power *= 10 }
    for factor in [1.0, 2, 5, 10] where factor * power >= rough { return factor * power }
    return 10 * power
  }

  /// One update lane: a bar per run of columns with the same height and severity.
  private static func updates(
    _ timeline: ReportTimeline, lane: [ReportTimeline.Column], y: Double, height: Double
  ) -> String {
    let width = Double(timeline.columnWidth)
    var text = ""
    var runStart = 0
    var current: (Int, UInt8)?
    func flush(_ end: Int) {
      guard let (level, worst) = current else { return }
      let barHeight = height * Double(level) / 8
      text += "<rect class=\"sev\(worst)\" x=\"\(runStart)\" y=\"\(coordinate(y + height - barHeight))\" "
      text += "width=\"\(end - runStart)\" height=\"\(coordinate(barHeight))\"/>\n"
    }
    for (index, column) in lane.enumerated() {
      var next: (Int, UInt8)?
      if column.count > 0 || column.busyNs > 0 {
        next = (eighths(busyNs: column.busyNs, width: width), column.worst)
      }
      if next?.0 != current?.0 || next?.1 != current?.1 {
        flush(index)
        runStart = index
        current = next
      }
    }
    flush(lane.count)
    return text
  }

  /// The frames lane: a tick per column with frames, missed deadlines in red, full height.
  private static func frames(_ timeline: ReportTimeline, y: Double, height: Double) -> String {
    var text = ""
    for (index, column) in timeline.frames.enumerated() where column.frames > 0 {
      if column.missed > 0 {
        text +=
          "<rect class=\"missed\" x=\"\(index)\" y=\"\(coordinate(y))\" width=\"2\" height=\"\(coordinate(height))\"/>\n"
      } else {
        text +=
          "<rect class=\"frame\" x=\"\(index)\" y=\"\(coordinate(y + height * 0.55))\" width=\"1\" height=\"\(coordinate(height * 0.45))\"/>\n"
      }
    }
    return text
  }

  /// Runs of marked columns as bars, each with the `notes` of its columns as its title.
  private static func runs(
    _ marks: [Bool], y: Double, height: Double, className: String, notes: [Int: [String]] = [:]
  ) -> String {
    var text = ""
    for run in marks.trueRuns {
      let said = run.flatMap { notes[$0] ?? [] }
      let body =
        said.isEmpty ? "/>" : "><title>\(html(said.prefix(6).joined(separator: "\n")))</title></rect>"
      text +=
        "<rect class=\"\(className)\" x=\"\(run.lowerBound)\" y=\"\(coordinate(y))\" width=\"\(run.count)\" height=\"\(coordinate(height))\"\(body)\n"
    }
    return text
  }

  /// A sentence on the orange and red updates the page leaves out ("" for none).
  private static func omitted(_ detail: TimelineDetail) -> String {
    guard detail.omittedNotable > 0 else { return "" }
    return " To keep the page bounded, the \(detail.omittedNotable) shortest orange and red updates are "
      + "drawn as columns only."
  }

  /// Per column counts and severities for the hover text, the fine columns and the updates
  /// drawn one by one: compact JSON.
  private static func data(
    _ timeline: ReportTimeline, thresholds: Thresholds, laneTops: [Double], laneHeight: Double,
    frameLane: (top: Double, height: Double)
  ) -> String {
    var text = "{\"lanes\":["
    for (index, lane) in timeline.lanes.enumerated() {
      if index > 0 { text += "," }
      text += "{\"c\":[" + lane.map { String($0.count) }.joined(separator: ",") + "],\"w\":\""
      text += String(lane.map { Character(String($0.worst)) }) + "\""
      // The longest update over each column: its view and duration (-1, 0: none).
      text += ",\"l\":[" + lane.map { String($0.longest) }.joined(separator: ",") + "]"
      text += ",\"d\":[" + lane.map { String($0.longestNs) }.joined(separator: ",") + "]}"
    }
    text += "],\"labels\":[" + timeline.labels.map(JSONWriter.quoted).joined(separator: ",")
    text += "],\"orange\":\(thresholds.orange),\"red\":\(thresholds.red)"
    text += ",\"frames\":[" + timeline.frames.map { String($0.frames) }.joined(separator: ",")
    text += "],\"missed\":[" + timeline.frames.map { String($0.missed) }.joined(separator: ",")
    text += "],\"overrun\":[" + timeline.frames.map { String($0.worstOverrunNs) }.joined(separator: ",")
    text += "]"
    // Columns under an update group, a hitch, a hang: 1; and what the hitches and hangs were.
    for (key, marks) in [
      ("groups", timeline.groups), ("hitches", timeline.hitches), ("hangs", timeline.hangs),
    ] {
      text += ",\"\(key)\":\"" + String(marks.map { $0 ? "1" : "0" }) + "\""
    }
    for (key, notes) in [("hitchNotes", timeline.hitchNotes), ("hangNotes", timeline.hangNotes)] {
      text += ",\"\(key)\":{"
      text += notes.keys.sorted().map { column in
        "\"\(column)\":[" + notes[column, default: []].map(JSONWriter.quoted).joined(separator: ",") + "]"
      }.joined(separator: ",")
      text += "}"
    }
    text += ",\"strips\":{"
    text += timeline.strips.keys.sorted().map { "\"\($0)\":\(timeline.strips[$0] ?? 0)" }.joined(
      separator: ",")
    text += "},\"frameY\":\(coordinate(frameLane.top)),\"frameH\":\(coordinate(frameLane.height))"
    text += ",\"laneY\":[" + laneTops.map(coordinate).joined(separator: ",")
    text += "],\"laneH\":\(coordinate(laneHeight)),\"fine\":" + fine(timeline)
    return text + ",\"detail\":" + detail(timeline.detail, start: timeline.start) + "}"
  }

  /// The fine columns, each lane's non-empty ones only: `i` the change of index from the
  /// previous one, `h` the bar's eighths and `w` the worst severity (a digit each), `l` and `d`
  /// the longest update's label and duration.
  private static func fine(_ timeline: ReportTimeline) -> String {
    let width = Double(timeline.fineColumnWidth)
    var text = ExportWriter(sink: nil)
    text.append("{\"factor\":")
    text.append(ReportTimeline.fineFactor)
    text.append(",\"width\":")
    text.append(timeline.fineColumnWidth)
    text.append(",\"lanes\":[")
    for (index, lane) in timeline.fineLanes.enumerated() {
      if index > 0 { text.append(",") }
      let columns = lane.indices.filter { lane[$0].count > 0 || lane[$0].busyNs > 0 }
      text.append("{\"i\":[")
      for (order, column) in columns.enumerated() {
        if order > 0 { text.append(",") }
        text.append(order == 0 ? column : column - columns[order - 1])
      }
      text.append("],\"h\":\"")
      for column in columns { text.append(eighths(busyNs: lane[column].busyNs, width: width)) }
      text.append("\",\"w\":\"")
      for column in columns { text.append(Int(lane[column].worst)) }
      text.append("\",\"l\":")
      append(columns.lazy.map { Int64(lane[$0].longest) }, to: &text)
      text.append(",\"d\":")
      append(columns.lazy.map { lane[$0].longestNs }, to: &text)
      text.append("}")
    }
    text.append("]}")
    return String(decoding: text.bytes, as: UTF8.self)
  }

  /// The updates drawn one by one: `s` each start's change from the previous one's (the first
  /// from the timeline's start), `d` durations, `k` lanes (a digit each), `v` labels;
  /// `complete` the runs of columns all of whose updates are there.
  private static func detail(_ detail: TimelineDetail, start: Int64) -> String {
    let updates = detail.updates
    var text = ExportWriter(sink: nil)
    // By start, so every change is 0 or more: exact as a UInt64 across the whole clock.
    text.append("{\"s\":[")
    var previous = start
    for (index, update) in updates.enumerated() {
      if index > 0 { text.append(",") }
      text.append(unsigned: UInt64(bitPattern: update.start &- previous))
      previous = update.start
    }
    text.append("]")
    text.append(",\"d\":")
    append(updates.lazy.map(\.duration), to: &text)
    text.append(",\"k\":\"")
    for update in updates { text.append(update.kind.rawValue) }
    text.append("\",\"v\":")
    append(updates.lazy.map { Int64($0.label) }, to: &text)
    text.append(",\"complete\":[")
    for (index, run) in detail.complete.enumerated() {
      text.append(index == 0 ? "[" : ",[")
      text.append(run.lowerBound)
      text.append(",")
      text.append(run.upperBound)
      text.append("]")
    }
    text.append("],\"omitted\":")
    text.append(detail.omittedNotable)
    // Frames: starts as changes (the first from the timeline's start); the missed ones' work
    // start from the timeline's start, and deadline and work end from their work start.
    text.append(detail.framesEmbedded ? ",\"framed\":true,\"frames\":" : ",\"framed\":false,\"frames\":")
    append(
      detail.frames.indices.lazy.map {
        detail.frames[$0].saturatingSubtract($0 == 0 ? start : detail.frames[$0 - 1])
      }, to: &text)
    text.append(",\"missed\":{\"s\":")
    append(detail.missed.lazy.map { $0.workStart.saturatingSubtract(start) }, to: &text)
    text.append(",\"deadline\":")
    append(detail.missed.lazy.map { $0.deadline.saturatingSubtract($0.workStart) }, to: &text)
    text.append(",\"end\":")
    append(detail.missed.lazy.map { $0.workEnd.saturatingSubtract($0.workStart) }, to: &text)
    text.append(",\"n\":")
    append(detail.missed.lazy.map(\.frame.number), to: &text)
    text.append("}")
    text.append("}")
    return String(decoding: text.bytes, as: UTF8.self)
  }

  /// `values` as a JSON array.
  private static func append(_ values: some Sequence<Int64>, to text: inout ExportWriter) {
    text.append("[")
    var first = true
    for value in values {
      if !first { text.append(",") }
      first = false
      text.append(value)
    }
    text.append("]")
  }

  /// A busy column's bar in eighths of its lane: at least two, the rest by the share of the
  /// column (`width` ns) updates kept busy.
  static func eighths(busyNs: Int64, width: Double) -> Int {
    2 + Int((min(1, Double(busyNs) / width) * 6).rounded(.up))
  }

  // MARK: - Frame strips

  static func strips(_ report: Report) -> String {
    var text = "<section id=\"frames\">\n<h2>Worst missed frames</h2>\n"
    guard !report.strips.isEmpty else {
      return text + "<p class=\"none\">No frame missed its deadline.</p>\n</section>\n"
    }
    let origin = report.summary.traceStart ?? report.timeline.start
    for strip in report.strips {
      let frame = strip.frame
      text +=
        "<h3 id=\"frame-\(frame.frame.number)\">Frame #\(frame.frame.number) at \(html(DurationText.seconds(frame.workStart.saturatingSubtract(origin))))"
      text += ": missed by \(html(DurationText.format(frame.overrunNs))) · \(Count.updates(frame.updates))"
      text += " · \(frame.blame == .longUpdate ? "a long update" : "accumulation of small updates")</h3>\n"
      text += stripSVG(strip)
      if strip.omitted > 0 {
        text += "<p class=\"hint\">\(strip.omitted) shorter updates in this window are not drawn.</p>\n"
      }
    }
    return text + "</section>\n"
  }

  private static func stripSVG(_ strip: FrameStrip) -> String {
    let plotWidth = 1100.0
    let rowHeight = 20.0
    let maxRows = 16
    let span = Double(max(strip.windowEnd.saturatingSubtract(strip.windowStart), 1))
    func x(_ time: Int64) -> Double {
      gutter + Double(time.saturatingSubtract(strip.windowStart)) / span * plotWidth
    }
    // Rows: each bar in the first row free at its start.
    var rowEnds: [Int64] = []
    var placed: [(bar: FrameStrip.Bar, row: Int)] = []
    for bar in strip.bars {
      let end = bar.start.saturatingAdd(bar.duration)
      if let row = rowEnds.firstIndex(where: { $0 <= bar.start }) {
        rowEnds[row] = end
        placed.append((bar, row))
      } else if rowEnds.count < maxRows {
        rowEnds.append(end)
        placed.append((bar, rowEnds.count - 1))
      } else {
        placed.append((bar, maxRows - 1))
      }
    }
    let top = 26.0
    let height = top + Double(max(rowEnds.count, 1)) * rowHeight + 8
    let width = gutter + plotWidth + 12
    let frame = strip.frame
    var text =
      "<div class=\"scroll\"><svg class=\"strip\" width=\"\(coordinate(width))\" height=\"\(coordinate(height))\" "
    text +=
      "viewBox=\"0 0 \(coordinate(width)) \(coordinate(height))\" role=\"img\" aria-label=\"frame \(frame.frame.number)\">\n"
    text += "<text class=\"lane\" x=\"8\" y=\"\(coordinate(top + 14))\">main thread</text>\n"
    text += "<rect class=\"overrun\" x=\"\(coordinate(x(frame.deadline)))\" y=\"\(coordinate(top - 4))\" "
    text +=
      "width=\"\(coordinate(max(x(frame.workEnd) - x(frame.deadline), 1)))\" height=\"\(coordinate(height - top))\"/>\n"
    for (time, label, className) in [
      (frame.workStart, frame.frame.isGrid ? "first update" : "frame start", "mark"),
      (frame.deadline, "deadline", "deadline"),
      (frame.workEnd, "+\(DurationText.format(frame.overrunNs))", "mark"),
    ] {
      let position = x(time)
      text += "<line class=\"\(className)\" x1=\"\(coordinate(position))\" x2=\"\(coordinate(position))\" "
      text += "y1=\"14\" y2=\"\(coordinate(height))\"/>"
      text += "<text class=\"marklabel\" x=\"\(coordinate(position + 3))\" y=\"11\">\(html(label))</text>\n"
    }
    for (bar, row) in placed {
      let left = max(x(bar.start), gutter)
      let right = min(x(bar.start.saturatingAdd(bar.duration)), gutter + plotWidth)
      let barWidth = max(right - left, 1)
      let y = top + Double(row) * rowHeight
      let severity = bar.severity.map { $0 == .red ? 2 : 1 } ?? 0
      let tip = "\(bar.label) · \(DurationText.format(bar.duration))\(bar.severity.map { " · \($0)" } ?? "")"
      text += "<g><title>\(html(tip))</title><rect class=\"sev\(severity)\" x=\"\(coordinate(left))\" "
      text +=
        "y=\"\(coordinate(y))\" width=\"\(coordinate(barWidth))\" height=\"\(coordinate(rowHeight - 3))\" rx=\"2\"/>"
      let fits = Int((barWidth - 6) / 6.4)
      if fits >= 4 {
        let label = bar.label.count <= fits ? bar.label : String(bar.label.prefix(fits - 1)) + "…"
        text +=
          "<text class=\"bar sev\(severity)\" x=\"\(coordinate(left + 3))\" y=\"\(coordinate(y + 12.5))\">\(html(label))</text>"
      }
      text += "</g>\n"
    }
    return text + "</svg></div>\n"
  }
}
