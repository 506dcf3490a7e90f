import TraceModel

extension TraceAnalysis {
  /// Reads the trace made of `paths` once and gathers what `tracecli report` draws: the
  /// diagnosis, the timeline aggregated to `columns` pixel columns, strips of the worst missed
  /// frames and the cause graph around `view` (default: the top finding's view, else the view
  /// with the most red updates).
  ///
  /// The timeline and strips come from the summary's spill of finished updates (start,
  /// duration, view) once the trace's span and frames are known, so memory stays flat in the
  /// trace's length: per column, per view and per missed-frame strip.
  ///
  /// ``Report/graph`` is nil when `view` names no view of the trace.
  package static func report(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(),
    settings: FindingSettings = FindingSettings(), view: String? = nil,
    columns: Int = ReportTimeline.defaultColumns
  ) throws(TraceReadError) -> (report: Report, graphFound: Bool) {
    var timeline = ReportTimeline(start: 0, end: 1, columns: columns)
    var strips: [FrameStrip] = []
    let thresholds = options.thresholds
    let diagnosis = try diagnose(
      paths: paths, name: name, options: options, settings: settings,
      wrap: { ReportSink(diagnose: $0) }
    ) { pass in
      let builder = pass.summary
      let start = builder.earliest == .max ? 0 : builder.earliest
      timeline = ReportTimeline(start: start, end: max(builder.latest, start), columns: columns)
      strips = pass.frames.summary.worst.prefix(FrameStrip.stripLimit).map { FrameStrip(frame: $0) }
      let labels = builder.keys.map { FindingsBuilder.label(of: $0) }
      // The frames with main-thread updates, each once (the spill is in start order but for
      // traces written out of order, where a frame may count twice).
      var frame: FrameRef?
      var frameTimes: Range<Int64> = 0..<0
      builder.forEachSpilled { group, record in
        let kind = builder.keys[group].kind
        let severity = thresholds.classify(record.duration)
        timeline.addUpdate(kind: kind, start: record.start, duration: record.duration, severity: severity)
        guard record.isMainThread else { return }
        if !frameTimes.contains(record.start) {
          let found = pass.frames.timeline.lookup(record.start)
          frameTimes = found.times
          if found.frame != frame { timeline.addFrame(start: found.frame.start) }
          frame = found.frame
        }
        for index in strips.indices
        where strips[index].overlaps(start: record.start, duration: record.duration) {
          strips[index].bars.append(
            FrameStrip.Bar(
              label: labels[group], kind: kind, start: record.start, duration: record.duration,
              severity: severity))
          if strips[index].bars.count >= 8 * FrameStrip.barLimit { strips[index].trim() }
        }
      }
      for index in strips.indices { strips[index].trim() }
      for missed in pass.frames.missed {
        timeline.addMissedFrame(start: missed.start, overrunNs: missed.overrunNs)
      }
      for part in pass.parts {
        part.sink.groups.forEachChunk { records in
          for record in records {
            ReportTimeline.mark(
              &timeline.groups, in: timeline, start: record.start, duration: record.duration)
          }
        }
        let symbols = part.symbols
        func length(_ duration: Int64) -> String {
          duration >= Update.unfinishedDuration ? "untimed" : DurationText.format(duration)
        }
        for hitch in part.sink.hitches {
          ReportTimeline.mark(&timeline.hitches, in: timeline, start: hitch.start, duration: hitch.duration)
          var note = "hitch \(length(hitch.duration))"
          if let narrative = hitch.narrative { note += ": " + symbols[narrative] }
          if let cause = hitch.cause { note += " (late: \(symbols[cause]))" }
          timeline.add(note, at: hitch.start, to: &timeline.hitchNotes)
        }
        for hang in part.sink.hangs {
          ReportTimeline.mark(&timeline.hangs, in: timeline, start: hang.start, duration: hang.duration)
          let note = "\(hang.kind.map { symbols[$0] } ?? "hang") \(length(hang.duration))"
          timeline.add(note, at: hang.start, to: &timeline.hangNotes)
        }
      }
    }
    let graphView = view ?? Report.defaultView(diagnosis)
    let graph = Report.graph(of: diagnosis.graph, around: graphView)
    let report = Report(
      diagnosis: diagnosis, timeline: timeline, strips: strips, graphView: graphView,
      graph: graph ?? CauseGraph(nodes: [], edges: []))
    return (report, graph != nil)
  }
}
