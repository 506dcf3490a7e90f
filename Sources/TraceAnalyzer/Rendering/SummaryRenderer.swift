import TraceModel

/// Renders a ``TraceSummary`` as text a person reads at a glance, like the instrument's summary.
package enum SummaryRenderer {
  /// - Parameter limit: how many views to list (worst first); nil lists all.
  package static func render(_ summary: TraceSummary, limit: Int? = 20, style: TextStyle = .plain) -> String {
    var output = header(summary, style: style)
    output += "\n" + kinds(summary, style: style)
    output += "\n" + frames(summary, style: style)
    output += "\n" + views(summary, limit: limit, style: style)
    output += footer(summary)
    return output
  }

  // MARK: - Sections

  static func header(_ summary: TraceSummary, style: TextStyle) -> String {
    let app = summary.header?.app ?? "(app not named)"
    let device = summary.header?.device.map { " on \($0)" } ?? ""
    var output = style.bold("\(app)\(device)") + "  \(summary.file)\n"
    var facts: [String] = []
    if let start = summary.traceStart, let end = summary.traceEnd, end >= start {
      facts.append("span \(DurationText.format(end.saturatingSubtract(start)))")
    }
    facts.append(
      "\(summary.frames.budget.rateText), frame budget \(DurationText.format(summary.frames.budgetNs))")
    facts.append(
      "orange > \(DurationText.format(summary.thresholds.orange)), red > \(DurationText.format(summary.thresholds.red))"
    )
    output += "  " + facts.joined(separator: " · ") + "\n"
    if !summary.range.isUnbounded {
      let from = summary.range.from.map(DurationText.seconds) ?? "start"
      let to = summary.range.to.map(DurationText.seconds) ?? "end"
      output += "  inspection range \(from) ..< \(to) (updates starting in it)\n"
    }
    if !summary.windows.isEmpty {
      output += "  \(summary.windows.count == 1 ? "window" : "windows") "
      output += summary.windows.map { "'\($0)'" }.joined(separator: ", ")
      output += " (updates, hitches, hangs and samples starting in its intervals)\n"
    }
    return output
  }

  private static func kinds(_ summary: TraceSummary, style: TextStyle) -> String {
    var table = TextTable(
      header: ["kind", "count", "orange", "red", "skipped", "unfinished", "total"], leftAligned: [0])
    let names: [UpdateKind: String] = [.body: "View body", .representable: "Representable", .other: "Other"]
    for kind in UpdateKind.allCases {
      let statistics = summary[kind]
      table.add(
        [TextTable.Cell(names[kind] ?? kind.description)] + counts(statistics, style: style)
          + [TextTable.Cell(DurationText.format(statistics.totalNs))])
    }
    return table.render(style: style)
  }

  private static func counts(_ statistics: ViewStatistics, style: TextStyle) -> [TextTable.Cell] {
    [
      TextTable.Cell(String(statistics.count)),
      colored(statistics.orange, .orange, style: style),
      colored(statistics.red, .red, style: style),
      TextTable.Cell(String(statistics.skipped)),
      TextTable.Cell(String(statistics.unfinished)),
    ]
  }

  private static func colored(_ count: Int, _ severity: Severity, style: TextStyle) -> TextTable.Cell {
    let text = String(count)
    return TextTable.Cell(text, shown: count > 0 ? style.severity(text, severity) : text)
  }

  private static func frames(_ summary: TraceSummary, style: TextStyle) -> String {
    let frames = summary.frames
    let traceStart = summary.traceStart ?? 0
    let budget = DurationText.format(frames.budgetNs)
    let grid = "\(DurationText.article(before: budget)) \(budget) grid"
    let source =
      frames.hasRecordedFrames ? "recorded frames, \(grid) between them" : "no recorded frames: \(grid)"
    var output = style.bold("Frames") + " (\(source))\n"
    output += "  \(frames.withUpdates) with updates"
    if frames.hasRecordedFrames { output += " (\(frames.grid) on the grid)" }
    output += " · "
    if frames.missed == 0 {
      output += "none missed its deadline\n"
      return output
    }
    let missed = "\(frames.missed) missed the deadline"
    output += style.red(missed)
    output +=
      " (\(frames.missedByLongUpdate) by a long update, \(frames.missedByAccumulation) by accumulation)"
    output += " · worst overrun \(DurationText.format(frames.worstOverrunNs))\n"
    var table = TextTable(header: ["frame", "start", "overrun", "updates", "blame"], leftAligned: [0])
    for frame in frames.worst {
      let grid = frames.hasRecordedFrames && frame.frame.isGrid ? " (grid)" : ""
      table.add([
        TextTable.Cell(frame.frame.label + grid),
        TextTable.Cell(DurationText.seconds(frame.start.saturatingSubtract(traceStart))),
        TextTable.Cell("+" + DurationText.format(frame.overrunNs)), TextTable.Cell(String(frame.updates)),
        TextTable.Cell(frame.blame == .longUpdate ? "long update" : "accumulation (no red update)"),
      ])
    }
    output += table.render(indent: "    ", style: style)
    if frames.worst.count < frames.missed {
      // The summary keeps the worst few; `frame` lists the rest.
      output +=
        "    … \(frames.missed - frames.worst.count) more (tracecli frame \(summary.file) --limit \(frames.missed))\n"
    }
    return output
  }

  private static func views(_ summary: TraceSummary, limit: Int?, style: TextStyle) -> String {
    var output = style.bold("Views") + " (worst first)\n"
    guard !summary.views.isEmpty else { return output + "  no updates\n" }
    var table = TextTable(header: ["red", "orange", "count", "skipped", "total", "p50", "p95", "max", "view"])
    let shown = limit.map { Array(summary.views.prefix($0)) } ?? summary.views
    for view in shown {
      let statistics = view.statistics
      table.add([
        colored(statistics.red, .red, style: style), colored(statistics.orange, .orange, style: style),
        TextTable.Cell(String(statistics.count)), TextTable.Cell(String(statistics.skipped)),
        TextTable.Cell(DurationText.format(statistics.totalNs)),
        TextTable.Cell(DurationText.format(statistics.p50Ns)),
        TextTable.Cell(DurationText.format(statistics.p95Ns)),
        TextTable.Cell(DurationText.format(statistics.maxNs)),
        TextTable.Cell(label(view.key)),
      ])
    }
    output += table.render(style: style)
    if shown.count < summary.views.count {
      output += "  … \(summary.views.count - shown.count) more views (--limit 0 lists all)\n"
    }
    return output
  }

  private static func footer(_ summary: TraceSummary) -> String {
    var notes: [String] = []
    let events = summary.events
    var others: [String] = []
    func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
    if events.sources > 0 { others.append(count(events.sources, "source", "sources")) }
    if events.causes > 0 { others.append(count(events.causes, "cause", "causes")) }
    if events.groups > 0 { others.append(count(events.groups, "update group", "update groups")) }
    var felt: [String] = []
    if events.hitches > 0 {
      felt.append(count(events.hitches, "hitch", "hitches") + " (\(DurationText.format(events.hitchNs)))")
    }
    if events.hangs > 0 {
      felt.append(count(events.hangs, "hang", "hangs") + " (\(DurationText.format(events.hangNs)))")
    }
    if !felt.isEmpty { others.append(felt.joined(separator: ", ") + " (see tracecli hitches)") }
    if events.systemHitches > 0 {
      others.append(count(events.systemHitches, "system hitch", "system hitches") + " (not the app's)")
    }
    if events.samples > 0 {
      others.append(
        count(events.samples, "Time Profiler sample", "Time Profiler samples") + " (see tracecli profile)")
    }
    if events.intervals > 0 {
      others.append(count(events.intervals, "interval", "intervals") + " (see summarize --list-windows)")
    }
    if let restriction = summary.restriction {
      let figures = summary.hitches
      var kept = [count(figures.hitches, "hitch", "hitches") + " (\(DurationText.format(figures.hitchNs)))"]
      kept.append(
        count(figures.hangs, "hang", "hangs")
          + (figures.hangs > 0 ? " (longest \(DurationText.format(figures.longestHangNs)))" : ""))
      if events.hitches + events.hangs > 0 {
        notes.append("in \(restriction): " + kept.joined(separator: ", "))
      }
      if !others.isEmpty { notes.append("also, in the whole trace: " + others.joined(separator: ", ")) }
    } else if !others.isEmpty {
      notes.append("also: " + others.joined(separator: ", "))
    }
    if !summary.unknownTypes.isEmpty {
      let types = summary.unknownTypes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
      notes.append("skipped unknown event types: " + types.joined(separator: ", "))
    }
    if summary.unknownKeys > 0 {
      notes.append("skipped \(count(summary.unknownKeys, "unknown key", "unknown keys"))")
    }
    return notes.isEmpty ? "" : "\n" + notes.map { "  \($0)\n" }.joined()
  }

  /// `Module.Name.body`-style label of a view row.
  static func label(_ key: ViewKey) -> String {
    let name = key.module.isEmpty ? key.name : "\(key.module).\(key.name)"
    switch key.kind {
    case .body: return "\(name) (body)"
    case .representable: return "\(name) (representable)"
    case .other: return "\(name) (other)"
    }
  }
}
