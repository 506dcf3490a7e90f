import TraceModel

/// Renders a ``FrameListing`` as text: each missed frame's verdict on a line, then each of its
/// updates on a line of its own, with a bar drawn to scale against the frame's deadline.
///
/// A frame is drawn from where the time to its deadline began (``MissedFrame/workStart``: a
/// recorded frame's start, or a stretch's first update) to its work's end; the deadline is a
/// column of its own (`│`), so an update that lasts from that start to the deadline fills every
/// cell before it. Bars are as wide as ``TextStyle/columns`` leaves beside the other columns.
package enum FrameRenderer {
  /// Cells a bar has at least, however narrow the line.
  static let minimumCells = 10
  /// A cell of an update's bar, and the deadline's column.
  static let filled: Character = "█"
  static let deadline: Character = "│"

  package static func render(_ listing: FrameListing, style: TextStyle = .plain) -> String {
    let summary = listing.summary
    let frames = summary.frames
    var output = SummaryRenderer.header(summary, style: style)
    guard frames.missed > 0 else { return output + "  no frame missed its deadline\n" }
    output +=
      "  \(Count.frames(frames.missed)) missed the deadline (\(frames.missedByLongUpdate) by a long update, "
      + "\(frames.missedByAccumulation) by accumulation)"
    let shown = listing.entries.count
    if case .worst = listing.selection, shown < frames.missed {
      output += "; the " + (shown == 1 ? "worst" : "\(shown) worst")
      output += " (tracecli frame \(summary.file) --limit \(frames.missed) lists all)"
    } else if case .worst = listing.selection, shown > 1 {
      output += "; worst first"
    }
    output += "\n"
    let traceStart = summary.traceStart ?? 0
    for entry in listing.entries {
      output += "\n" + verdict(entry, traceStart: traceStart, budget: frames.budgetNs, style: style)
      output += updates(entry, columns: style.columns, style: style)
    }
    return output
  }

  /// What `tracecli frame --id` says when no missed frame has the number asked for: what that
  /// frame is instead, and which frames to look at.
  package static func absence(_ absence: FrameListing.Absence, summary: TraceSummary) -> String {
    let label = FrameRef.label(absence.number)
    let file = summary.file
    let missed = summary.frames.missed
    if let frame = absence.partOf {
      let part = frame.frame.isGrid ? "stretch" : "work"
      return "frame \(label) of \(file) did not miss its deadline itself: its updates are part of frame "
        + "\(frame.frame.label)'s \(part), which did (tracecli frame \(file) --id \(frame.frame.number))"
    }
    guard missed > 0 else {
      return "no frame of \(file) missed its deadline: there is no missed frame \(label)"
    }
    var message =
      absence.holdsUpdates
      ? "frame \(label) of \(file) did not miss its deadline"
      : "frame \(label) of \(file) holds no finished main-thread update (no missed frame has that number)"
    message += "; missed frames near it: " + absence.nearby.map(FrameRef.label).joined(separator: ", ")
    return message + " (tracecli frame \(file) --limit \(missed) lists all \(missed))"
  }

  // MARK: - One frame

  /// The frame's line: its id, kind and start, the budget and deadline, and the verdict.
  static func verdict(_ entry: FrameListing.Entry, traceStart: Int64, budget: Int64, style: TextStyle)
    -> String
  {
    let frame = entry.frame
    let kind = frame.frame.isGrid ? "grid frame" : "recorded frame"
    var facts = ["budget \(DurationText.format(budget))"]
    // A stretch's deadline is a budget after its first update (the grid says nothing of vsync).
    if frame.frame.isGrid { facts.append("stretch from " + offset(frame.workStart, from: frame.start)) }
    facts.append("deadline " + offset(frame.deadline, from: frame.start))
    let count = entry.updates.count
    let blame =
      frame.blame == .longUpdate
      ? "long update (\(entry.red) of \(Count.updates(count)) red)"
      : "accumulation (\(Count.updates(count)), none red)"
    facts.append("missed by \(DurationText.format(frame.overrunNs)): \(blame)")
    return style.bold(frame.frame.label) + "  \(kind) at "
      + DurationText.seconds(frame.start.saturatingSubtract(traceStart)) + " · "
      + facts.joined(separator: " · ") + "\n"
  }

  /// The frame's updates, a line each: the bar, duration, severity and view; under a line that
  /// marks the scale's start, deadline and end.
  static func updates(_ entry: FrameListing.Entry, columns: Int, style: TextStyle) -> String {
    let frame = entry.frame
    let durations = entry.updates.map { DurationText.format($0.duration) }
    let severities = entry.updates.map { $0.severity?.description ?? "-" }
    let labels = entry.updates.map { SummaryRenderer.label($0.key) }
    // The columns beside the bar: each as wide as its widest cell, two spaces between.
    let beside = [durations + ["duration"], severities + ["severity"], labels + ["view"]]
      .map { $0.map(\.count).max() ?? 0 }.reduce(0) { $0 + 2 + $1 }
    let scale = Scale(frame, cells: max(minimumCells, columns - 2 - 1 - beside))
    var table = TextTable(
      header: [axis(scale, frame: frame), "duration", "severity", "view"], leftAligned: [0, 2])
    for (index, update) in entry.updates.enumerated() {
      let bar = scale.bar(update, style: style)
      table.add([
        TextTable.Cell(bar.text, shown: bar.shown), TextTable.Cell(durations[index]),
        TextTable.Cell(severities[index], shown: style.severity(severities[index], update.severity)),
        TextTable.Cell(labels[index]),
      ])
    }
    return table.render(style: style)
  }

  /// The scale's labels over the bars: the deadline, where it starts and where it ends (times
  /// from the frame's start), each where it fits, in that order.
  static func axis(_ scale: Scale, frame: MissedFrame) -> String {
    var line = [Character](repeating: " ", count: scale.cells + 1)
    var taken = [Bool](repeating: false, count: line.count)
    let marker = scale.deadlineColumn
    line[marker] = deadline
    taken[marker] = true
    /// Writes `text` from `start` when it fits, a space clear of everything written.
    func place(_ text: String, at start: Int) -> Bool {
      let end = start + text.count
      guard start >= 0, end <= line.count else { return false }
      guard !taken[max(0, start - 1)..<min(line.count, end + 1)].contains(true) else { return false }
      for (position, character) in zip(start..., text) {
        line[position] = character
        taken[position] = true
      }
      return true
    }
    let due = "deadline"
    if !place(due, at: marker - 1 - due.count) { _ = place(due, at: marker + 2) }
    _ = place(frame.frame.isGrid ? offset(scale.origin, from: frame.start) : "start", at: 0)
    let end = offset(scale.end, from: frame.start)
    _ = place(end, at: line.count - end.count)
    return String(line)
  }

  /// `+4.85 ms`: `time` after `origin`.
  static func offset(_ time: Int64, from origin: Int64) -> String {
    "+" + DurationText.format(time.saturatingSubtract(origin))
  }

  // MARK: - Scale

  /// Times of one frame to cells of a bar: ``cells`` cells from the work's start to the later
  /// of its end and the deadline, and the deadline's column between them.
  struct Scale {
    let origin: Int64
    let end: Int64
    let cells: Int
    let deadlineColumn: Int

    init(_ frame: MissedFrame, cells: Int) {
      origin = frame.workStart
      end = max(frame.workEnd, frame.deadline, frame.workStart.saturatingAdd(1))
      self.cells = cells
      deadlineColumn = Self.column(frame.deadline, origin: origin, end: end, cells: cells)
    }

    /// The cell boundary nearest `time` (0 at the start, ``cells`` at the end).
    func column(_ time: Int64) -> Int { Self.column(time, origin: origin, end: end, cells: cells) }

    private static func column(_ time: Int64, origin: Int64, end: Int64, cells: Int) -> Int {
      let span = Int128(end) - Int128(origin)
      let offset = min(max(Int128(time) - Int128(origin), 0), span)
      return Int((offset * Int128(cells) + span / 2) / span)
    }

    /// The cells of `update` filled (at least one), the deadline's column between them: as
    /// text, and as shown (coloured by its severity).
    func bar(_ update: FrameListing.Update, style: TextStyle) -> (text: String, shown: String) {
      var first = column(update.start)
      var last = column(update.end)
      if last <= first {
        first = min(first, cells - 1)
        last = first + 1
      }
      var text = ""
      var shown = ""
      var run = ""
      func endRun() {
        text += run
        shown += style.severity(run, update.severity)
        run = ""
      }
      for cell in 0...cells {
        if cell == deadlineColumn {
          endRun()
          text.append(FrameRenderer.deadline)
          shown.append(FrameRenderer.deadline)
        }
        guard cell < cells else { break }
        if first <= cell && cell < last {
          run.append(FrameRenderer.filled)
        } else {
          endRun()
          text += " "
          shown += " "
        }
      }
      endRun()
      return (text, shown)
    }
  }
}
