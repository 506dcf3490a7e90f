import TraceModel

/// What `tracecli report` draws besides the diagnosis, as a pass: the timeline aggregated to
/// pixel columns and strips of the worst missed frames.
///
/// Each part keeps the update groups (in a spill: a trace may have one per frame); the finish
/// draws the timeline from the summary's spill of finished updates once the trace's span and
/// frames are known. The recorded hitches and hangs are drawn with their verdicts once the
/// ``HitchesPass`` beside it has explained them (``ReportTimeline/addRecorded(_:)``).
struct ReportPass: Pass {
  let columns: Int
  var detail = TimelineDetail.Limits()

  struct Part: PassPart {
    private(set) var groups = UpdateSpill()

    init() { groups.addGroup() }

    mutating func consume(_ event: TraceEvent, symbols: SymbolTable) {
      switch event {
      case .group(let group):
        groups.append(
          SpillRecord(
            start: group.start, group: 0, isMainThread: true,
            duration: min(max(group.duration, 0), (1 << 42) - 1)))
      default: break
      }
    }
  }

  func makePart(_ context: PartContext) -> Part { Part() }

  func finish(_ read: FinishedRead<Part>) -> (timeline: ReportTimeline, strips: [FrameStrip]) {
    let thresholds = read.run.options.thresholds
    let builder = read.builder
    let start = builder.earliest == .max ? 0 : builder.earliest
    var timeline = ReportTimeline(start: start, end: max(builder.latest, start), columns: columns)
    var strips = read.frames.summary.worst.prefix(FrameStrip.stripLimit).map { FrameStrip(frame: $0) }
    let labels = builder.keys.map { RuleContext.label(of: $0) }
    // The timeline names the views of its columns' longest updates: each label once.
    var timelineLabel = [Int32](repeating: -1, count: labels.count)
    // The frames with main-thread updates, each once (the spill is in start order but for
    // traces written out of order, where a frame may count twice).
    var frame: FrameRef?
    var frameTimes: Range<Int64> = 0..<0
    // Per strip, the shortest bar its last trim kept: a shorter update can never be kept.
    var floors = [Int64](repeating: .min, count: strips.count)
    // The frames with updates, for the page to draw one by one (while it can hold them).
    var frameStarts = TimelineDetail.FrameCollector(limit: detail.frames)
    // The busiest columns may take up to `busy` of the orange and red updates: kept beyond the
    // limit to fill it.
    var notable = TimelineDetail.NotableCollector(limit: detail.notable + detail.busy)
    var (starts, ends) = (timeline.fineColumnCursor(), timeline.fineColumnCursor())
    builder.forEachSpilled { group, record in
      let kind = builder.keys[group].kind
      let severity = thresholds.classify(record.duration)
      if timelineLabel[group] < 0 {
        timelineLabel[group] = Int32(timeline.labels.count)
        timeline.labels.append(labels[group])
      }
      timeline.addUpdate(
        kind: kind, start: record.start, duration: record.duration, severity: severity,
        label: timelineLabel[group], starts: &starts, ends: &ends)
      if severity != nil {
        notable.add(
          TimelineDetail.Update(
            start: record.start, duration: record.duration, kind: kind, label: timelineLabel[group]))
      }
      guard record.isMainThread else { return }
      if !frameTimes.contains(record.start) {
        let found = read.frames.timeline.lookup(record.start)
        frameTimes = found.times
        if found.frame != frame {
          timeline.addFrame(start: found.frame.start)
          frameStarts.add(start: found.frame.start)
        }
        frame = found.frame
      }
      for index in strips.indices
      where strips[index].overlaps(start: record.start, duration: record.duration) {
        if record.duration < floors[index] {
          strips[index].omitted += 1
          continue
        }
        strips[index].bars.append(
          FrameStrip.Bar(
            label: labels[group], kind: kind, start: record.start, duration: record.duration,
            severity: severity))
        if strips[index].bars.count >= 8 * FrameStrip.barLimit {
          strips[index].trim()
          floors[index] = strips[index].bars.lazy.map(\.duration).min() ?? .min
        }
      }
    }
    timeline.finishLanes()
    // A second read of the spill for the busiest columns' updates, every one of them.
    let chosen = TimelineDetail.busiestColumns(timeline, limit: detail.busy)
    var busy: [TimelineDetail.Update] = []
    var notableInBusy = 0
    if chosen.contains(true) {
      var columns = timeline.columnCursor()
      // Chosen columns before each column: a chunk of the spill is read only when one of the
      // columns its starts span is chosen.
      let chosenBefore = chosen.reduce(into: [0]) { $0.append($0.last! + ($1 ? 1 : 0)) }
      // The timeline's figures, not the timeline: a closure that captured it would box it.
      let (origin, width, count) = (timeline.start, timeline.columnWidth, timeline.columnCount)
      let spansChosen = { (starts: ClosedRange<Int64>) in
        let first = ReportTimeline.index(of: starts.lowerBound, origin: origin, width: width, count: count)
        let last = ReportTimeline.index(of: starts.upperBound, origin: origin, width: width, count: count)
        return chosenBefore[last + 1] > chosenBefore[first]
      }
      builder.forEachSpilled(startsIn: spansChosen) { group, record in
        guard chosen[columns.column(of: record.start)] else { return }
        if thresholds.classify(record.duration) != nil { notableInBusy += 1 }
        busy.append(
          TimelineDetail.Update(
            start: record.start, duration: record.duration, kind: builder.keys[group].kind,
            label: timelineLabel[group]))
      }
    }
    timeline.detail = TimelineDetail(
      notable: notable, limit: detail.notable, busy: busy, notableInBusy: notableInBusy, chosen: chosen,
      column: timeline.column(of:))
    for index in strips.indices {
      strips[index].trim()
      timeline.strips[timeline.column(of: strips[index].frame.start)] = strips[index].frame.frame.number
    }
    for missed in read.frames.missed {
      timeline.addMissedFrame(start: missed.start, overrunNs: missed.overrunNs)
    }
    frameStarts.embed(missed: read.frames.missed, in: &timeline.detail)
    for part in read.parts {
      part.pass.groups.forEachChunk { records in
        for record in records {
          ReportTimeline.mark(&timeline.groups, in: timeline, start: record.start, duration: record.duration)
        }
      }
    }
    return (timeline, strips)
  }
}
