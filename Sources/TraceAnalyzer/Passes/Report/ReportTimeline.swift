import TraceModel

/// The trace drawn at a fixed number of pixel columns: per lane and column, how many updates
/// started there, how much of its time they kept busy and their worst severity, so a page of
/// any trace stays the same size.
package struct ReportTimeline: Hashable, Sendable {
  /// One column of an update lane.
  package struct Column: Hashable, Sendable {
    /// Updates that start in the column.
    package var count: Int32 = 0
    /// Update time that overlaps the column, ns (several threads may add up past its width).
    package var busyNs: Int64 = 0
    /// 0 none (gray), 1 orange, 2 red.
    package var worst: UInt8 = 0
    /// The longest update that overlaps the column: its duration, ns, and its view's place in
    /// ``ReportTimeline/labels`` (-1: none), for the tooltip.
    package var longestNs: Int64 = 0
    package var longest: Int32 = -1

    package init() {}
  }

  /// One column of the frames lane.
  package struct FrameColumn: Hashable, Sendable {
    /// Frames that start in the column and have updates.
    package var frames: Int32 = 0
    /// Those that missed their deadline.
    package var missed: Int32 = 0
    package var worstOverrunNs: Int64 = 0

    package init() {}
  }

  /// Columns of the page's timeline.
  package static let defaultColumns = 1200
  /// Fine columns a column splits into, for a zoomed-in page: the second resolution.
  package static let fineFactor = 32

  /// The first and last ns drawn.
  package let start: Int64
  package let end: Int64
  /// ns per fine column (at least 1) and per column (``fineFactor`` fine ones).
  package let fineColumnWidth: Int64
  package let columnWidth: Int64
  /// Update lanes in ``UpdateKind`` order: View Body, Representable, Other.
  package var lanes: [[Column]]
  /// The same lanes at ``fineFactor`` times as many columns.
  package var fineLanes: [[Column]]
  /// While updates are added, by lane and column: what the updates that cover all of a
  /// column's fine columns add to each of them (``finishLanes()`` spreads it), so a long
  /// update costs a step a column, not one a fine column.
  private var covers: [[Column]]
  /// The updates a zoomed-in page draws one by one, with their names.
  package var detail = TimelineDetail()
  package var frames: [FrameColumn]
  /// Columns overlapped by an update group, a hitch or a hang.
  package var groups: [Bool]
  package var hitches: [Bool]
  /// What the hitches and the hangs say (narrative, late stage, kind, duration), by the column
  /// they start in, a few a column: their lanes' hover text.
  package var hitchNotes: [Int: [String]] = [:]
  package var hangNotes: [Int: [String]] = [:]
  package var hangs: [Bool]
  /// The views the columns' longest updates are of, by label.
  package var labels: [String] = []
  /// The worst missed frames the page draws a strip of (their numbers), by the column they start in.
  package var strips: [Int: Int64] = [:]

  /// An empty timeline of `columns` columns over `start ... end`.
  package init(start: Int64, end: Int64, columns: Int = ReportTimeline.defaultColumns) {
    self.start = start
    self.end = max(end, start.saturatingAdd(1))
    fineColumnWidth = Self.width(start: start, end: self.end, columns: columns * Self.fineFactor)
    columnWidth = Int64(clamping: Int128(fineColumnWidth) * Int128(Self.fineFactor))
    lanes = Array(repeating: Array(repeating: Column(), count: columns), count: UpdateKind.allCases.count)
    covers = lanes
    fineLanes = Array(
      repeating: Array(repeating: Column(), count: columns * Self.fineFactor),
      count: UpdateKind.allCases.count)
    frames = Array(repeating: FrameColumn(), count: columns)
    groups = Array(repeating: false, count: columns)
    hitches = groups
    hangs = groups
  }

  package var columnCount: Int { frames.count }

  /// The width of `columns` equal columns that cover `start ... end`, rounded up.
  private static func width(start: Int64, end: Int64, columns: Int) -> Int64 {
    let span = Int128(end) - Int128(start)
    return Int64(clamping: max(1, (span + Int128(columns) - 1) / Int128(columns)))
  }

  /// The column of time `time`, clamped to the timeline.
  @inline(__always)
  package func column(of time: Int64) -> Int {
    Self.index(of: time, origin: start, width: columnWidth, count: columnCount)
  }

  /// The column of `count` columns `width` ns wide from `origin` that `time` falls in: the
  /// first for times before `origin`, the last for times past the end (or too far from
  /// `origin` for 64 bits).
  @inline(__always)
  static func index(of time: Int64, origin: Int64, width: Int64, count: Int) -> Int {
    let (offset, overflow) = time.subtractingReportingOverflow(origin)
    if overflow { return time < origin ? 0 : count - 1 }
    if offset <= 0 { return 0 }
    return Int(min(Int64(count - 1), offset / width))
  }

  // MARK: - Adding

  /// Adds a finished update of `kind` starting at `start`, lasting `duration` ns, of the view
  /// whose label is `labels[label]`, to the fine lanes (``finishLanes()`` draws the others
  /// from them).
  mutating func addUpdate(kind: UpdateKind, start: Int64, duration: Int64, severity: Severity?, label: Int32)
  {
    var (starts, ends) = (fineColumnCursor(), fineColumnCursor())
    addUpdate(
      kind: kind, start: start, duration: duration, severity: severity, label: label, starts: &starts,
      ends: &ends)
  }

  /// Adds a finished update as ``addUpdate(kind:start:duration:severity:label:)`` does, its
  /// first and last fine columns found by `starts` and `ends` (``fineColumnCursor()``), kept
  /// from update to update.
  @inline(__always)
  mutating func addUpdate(
    kind: UpdateKind, start: Int64, duration: Int64, severity: Severity?, label: Int32,
    starts: inout ColumnCursor, ends: inout ColumnCursor
  ) {
    let worst: UInt8 =
      switch severity {
      case .red: 2
      case .orange: 1
      case nil: 0
      }
    let origin = self.start
    let width = fineColumnWidth
    let factor = Self.fineFactor
    let end = start.saturatingAdd(duration)
    let first = starts.column(of: start)
    let last = ends.column(of: end)
    fineLanes[kind.rawValue].withUnsafeMutableBufferPointer { lane in
      precondition(first >= 0 && last < lane.count, "cursors of another timeline")
      lane[first].count += 1
      // The columns whose fine columns lie strictly inside the update's first and last.
      let (inner, outer) = (first / factor + 1, last / factor)
      guard inner < outer else {
        return Self.add(
          to: lane, columns: first...last, origin: origin, width: width, start: start, end: end,
          duration: duration, worst: worst, label: label)
      }
      Self.add(
        to: lane, columns: first...(inner * factor - 1), origin: origin, width: width, start: start, end: end,
        duration: duration, worst: worst, label: label)
      Self.add(
        to: lane, columns: (outer * factor)...last, origin: origin, width: width, start: start, end: end,
        duration: duration, worst: worst, label: label)
      covers[kind.rawValue].withUnsafeMutableBufferPointer { covers in
        for column in inner..<outer {
          covers[column].busyNs = covers[column].busyNs.saturatingAdd(width)
          if worst > covers[column].worst { covers[column].worst = worst }
          if duration > covers[column].longestNs {
            covers[column].longestNs = duration
            covers[column].longest = label
          }
        }
      }
    }
  }

  /// Draws the lanes from the fine lanes once every update is added: a column holds its
  /// ``fineFactor`` fine columns.
  mutating func finishLanes() {
    defer { covers = [] }
    for kind in lanes.indices {
      for (column, cover) in covers[kind].enumerated() where cover.busyNs > 0 {
        for index in (column * Self.fineFactor)..<((column + 1) * Self.fineFactor) {
          fineLanes[kind][index].busyNs = fineLanes[kind][index].busyNs.saturatingAdd(cover.busyNs)
          fineLanes[kind][index].worst = max(fineLanes[kind][index].worst, cover.worst)
          if cover.longestNs > fineLanes[kind][index].longestNs {
            fineLanes[kind][index].longestNs = cover.longestNs
            fineLanes[kind][index].longest = cover.longest
          }
        }
      }
      for (index, fine) in fineLanes[kind].enumerated() {
        let column = index / Self.fineFactor
        lanes[kind][column].count += fine.count
        lanes[kind][column].busyNs = lanes[kind][column].busyNs.saturatingAdd(fine.busyNs)
        lanes[kind][column].worst = max(lanes[kind][column].worst, fine.worst)
        if fine.longestNs > lanes[kind][column].longestNs {
          lanes[kind][column].longestNs = fine.longestNs
          lanes[kind][column].longest = fine.longest
        }
      }
    }
  }

  /// Adds an update from `start` to `end` lasting `duration` to the fine columns `columns`
  /// of `lane`, `width` ns wide from `origin`.
  @inline(__always)
  private static func add(
    to lane: UnsafeMutableBufferPointer<Column>, columns: ClosedRange<Int>, origin: Int64, width: Int64,
    start: Int64, end: Int64, duration: Int64, worst: UInt8, label: Int32
  ) {
    for index in columns {
      let columnStart = Int64(clamping: Int128(origin) + Int128(index) * Int128(width))
      let overlap = min(end, columnStart.saturatingAdd(width)) - max(start, columnStart)
      lane[index].busyNs = lane[index].busyNs.saturatingAdd(max(overlap, 0))
      if worst > lane[index].worst { lane[index].worst = worst }
      if duration > lane[index].longestNs {
        lane[index].longestNs = duration
        lane[index].longest = label
      }
    }
  }

  /// Adds a frame that had updates.
  mutating func addFrame(start: Int64) {
    frames[column(of: start)].frames += 1
  }

  /// Adds a frame that missed its deadline (one ``addFrame(start:)`` added too).
  mutating func addMissedFrame(start: Int64, overrunNs: Int64) {
    let index = column(of: start)
    frames[index].missed += 1
    frames[index].worstOverrunNs = max(frames[index].worstOverrunNs, overrunNs)
  }

  /// Marks the recorded hitches and hangs, each with a note: what it was, its verdict and what
  /// explains it (longest first, at most three a column).
  mutating func addRecorded(_ recorded: RecordedHitches) {
    for event in recorded.events {
      var note = HitchesRenderer.title(event) + " — \(event.verdict.rawValue)"
      if event.verdict == .updates || event.verdict == .mainThread, !event.explainedBy.isEmpty {
        note += ": " + event.explainedBy.joined(separator: ", ")
      }
      if !event.findings.isEmpty { note += " (\(event.findings.map(\.rawValue).joined(separator: ", ")))" }
      switch event.kind {
      case .hitch:
        Self.mark(&hitches, in: self, start: event.start, duration: event.duration)
        add(note, at: event.start, to: &hitchNotes)
      case .hang:
        Self.mark(&hangs, in: self, start: event.start, duration: event.duration)
        add(note, at: event.start, to: &hangNotes)
      }
    }
  }

  /// Adds `note` to `notes` at the column of `start` (at most three a column).
  func add(_ note: String, at start: Int64, to notes: inout [Int: [String]]) {
    let index = column(of: start)
    if notes[index, default: []].count < 3 { notes[index, default: []].append(note) }
  }

  /// Marks the columns `start ..< start + duration` overlaps in `marks`.
  static func mark(_ marks: inout [Bool], in timeline: ReportTimeline, start: Int64, duration: Int64) {
    let first = timeline.column(of: start)
    // An hour or more is a sentinel (or absurd): counted, never timed, marked at its start.
    let last = timeline.column(
      of: start.saturatingAdd(duration >= Update.unfinishedDuration ? 0 : max(duration, 0)))
    for index in first...last { marks[index] = true }
  }
}
