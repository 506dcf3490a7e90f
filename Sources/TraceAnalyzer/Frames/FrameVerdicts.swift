/// Every frame verdict of one trace: the timeline, the frames that missed their deadline and
/// the updates each holds, and the counts of the summary.
///
/// Made from the ``FrameAssigner/Part``s of one read in file order: where a part's first unit
/// continues the unit open at the end of the part before (a continued head, or the work of the
/// same recorded frame), the two are judged as one.
package struct FrameVerdicts: Sendable {
  package let timeline: FrameTimeline
  /// The missed frames in time order, found by their updates' starts.
  let missedIndex: MissedFrameIndex
  /// The missed frames in time order.
  package var missed: [MissedFrame] { missedIndex.frames }
  package let withUpdates: Int
  package let grid: Int

  /// Joins `parts` (in file order; their updates in start order across parts).
  init(timeline: FrameTimeline, parts: [FrameAssigner.Part]) {
    self.timeline = timeline
    var missed: [MissedFrame] = []
    var withUpdates = 0
    var grid = 0
    var lastFrame: FrameRef?
    var open: FrameUnit?
    func judge(_ unit: FrameUnit?) {
      if let verdict = unit?.verdict(timeline) { missed.append(verdict) }
    }
    for part in parts {
      guard let head = part.first ?? part.last else { continue }
      withUpdates += part.withUpdates
      grid += part.grid
      if let frame = part.firstFrame, frame == lastFrame {
        withUpdates -= 1
        if frame.isGrid { grid -= 1 }
      }
      lastFrame = part.lastFrame
      var unit = head
      if var before = open, head.kind == .continued || head.kind == before.kind && head.kind != .stretch {
        before.absorb(head)
        unit = before
      } else {
        judge(open)
        // A head that continues nothing read (cannot happen in one read) is a stretch.
        if unit.kind == .continued { unit.kind = .stretch }
      }
      if part.first != nil {
        judge(unit)
        missed += part.missed
        open = part.last
      } else {
        open = unit
      }
    }
    judge(open)
    missedIndex = MissedFrameIndex(missed)
    self.withUpdates = withUpdates
    self.grid = grid
  }

  /// Whether the parts' updates came in start order, as joining them needs.
  static func inOrder(_ parts: [FrameAssigner.Part]) -> Bool {
    var last = Int64.min
    for part in parts where part.first ?? part.last != nil {
      guard part.isSorted && part.firstStart >= last else { return false }
      last = part.lastStart
    }
    return true
  }

  /// The frame that contains `time`.
  package func frame(containing time: Int64) -> FrameRef { timeline.frame(containing: time) }

  /// The missed frame whose work or stretch holds the finished main-thread update starting at
  /// `start`, if any.
  package func missedFrame(ofMainUpdateAt start: Int64) -> MissedFrame? {
    var hint = missedIndex.frames.count
    return missedIndex.index(holding: start, hint: &hint).map { missedIndex.frames[$0] }
  }

  /// `frame`'s verdict, when it missed its deadline.
  package func missed(_ frame: FrameRef) -> MissedFrame? {
    // Missed frames are in time order, one a frame.
    var low = 0
    var high = missed.count
    while low < high {
      let middle = (low + high) / 2
      if missed[middle].frame.number < frame.number { low = middle + 1 } else { high = middle }
    }
    return low < missed.count && missed[low].frame == frame ? missed[low] : nil
  }

  /// The summary's frame figures, with the ``FrameSummary/worstLimit`` worst missed frames.
  package var summary: FrameSummary {
    var summary = FrameSummary(budget: timeline.budget, hasRecordedFrames: timeline.hasRecordedFrames)
    summary.withUpdates = withUpdates
    summary.grid = grid
    summary.missed = missed.count
    for frame in missed {
      if frame.blame == .longUpdate { summary.missedByLongUpdate += 1 } else { summary.missedByAccumulation += 1 }
      summary.worstOverrunNs = max(summary.worstOverrunNs, frame.overrunNs)
    }
    summary.worst = Array(missed.sorted { $0.isWorse(than: $1) }.prefix(FrameSummary.worstLimit))
    return summary
  }
}
