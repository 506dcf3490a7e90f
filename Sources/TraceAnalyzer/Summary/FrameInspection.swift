import TraceModel

/// The frame timeline and each frame's work, for looking up the frame of one update.
package struct FrameInspection: Sendable {
  package let timeline: FrameTimeline
  let work: FrameWorkTable

  /// The frame number of an update starting at `start`, and whether that frame missed its
  /// deadline; nil before the first explicit frame.
  package func frame(of start: Int64) -> (index: Int64, missed: Bool)? {
    guard let index = timeline.index(of: start) else { return nil }
    return (index, (work[index]?.workEnd ?? Int128(Int64.min)) > timeline.deadline(at: index))
  }

  func summary(budget: Int64) -> FrameSummary {
    var isExplicit = false
    if case .explicit = timeline { isExplicit = true }
    var summary = FrameSummary(budgetNs: budget, isExplicit: isExplicit)
    var worst: [MissedFrame] = []
    work.forEach { index, frameWork in
      summary.withUpdates += 1
      let deadline = timeline.deadline(at: index)
      guard frameWork.workEnd > deadline else { return }
      let frame = timeline.frame(at: index)
      let blame: MissBlame = frameWork.hasRed ? .longUpdate : .accumulation
      let overrun = Int64(clamping: frameWork.workEnd - deadline)
      summary.missed += 1
      if blame == .longUpdate { summary.missedByLongUpdate += 1 } else { summary.missedByAccumulation += 1 }
      summary.worstOverrunNs = max(summary.worstOverrunNs, overrun)
      // Only the worst are kept, so memory stays flat however many frames miss.
      let isWorse = { (a: MissedFrame, b: MissedFrame) in (a.overrunNs, b.index) > (b.overrunNs, a.index) }
      let candidate = MissedFrame(
        index: index, start: frame.start, deadline: frame.deadline,
        workEnd: Int64(clamping: frameWork.workEnd), overrunNs: overrun, updates: frameWork.updates,
        blame: blame)
      if worst.count == FrameSummary.worstLimit {
        guard let last = worst.last, isWorse(candidate, last) else { return }
        worst.removeLast()
      }
      worst.insert(candidate, at: worst.firstIndex { isWorse(candidate, $0) } ?? worst.endIndex)
    }
    summary.worst = worst
    return summary
  }
}
