import TraceModel

/// Where the frames are (analysis.md "Frames and deadlines (version 2)"): the recorded frames,
/// each covering its own stretch of time, and grid frames of the budget in the time no cover
/// holds.
///
/// Recorded frame *i* covers `[sᵢ, min(sᵢ + mᵢ·B, sᵢ₊₁))` with
/// `mᵢ = max(1, ⌈(deadlineᵢ − sᵢ − G)/B⌉)`. Grid frames are `[a + k·B, a + (k+1)·B)`, cut short
/// where a cover begins, anchored at the latest recorded frame that starts at or before the
/// time (before the first, at the first; without recorded frames, at `anchor`).
package struct FrameTimeline: Sendable {
  package let budget: FrameBudget
  /// The recorded frames sorted by start, equal starts merged into one with the latest
  /// deadline.
  package let recorded: [TraceModelFrame]
  /// Per recorded frame: where its cover ends (exclusive; past Int64 for a frame near its end),
  /// and its ``FrameRef/number``.
  private let coverEnds: [Int128]
  private let numbers: [Int64]
  /// The grid's anchor without recorded frames: the header's start, else the earliest time.
  private let anchor: Int64

  /// The timeline of the trace's `frame` events (in any order) and `budget`; `anchor` places
  /// the grid when there are none.
  package init(recorded frames: [TraceModelFrame], budget: FrameBudget, anchor: Int64) {
    self.budget = budget
    self.anchor = anchor
    var merged: [TraceModelFrame] = []
    for frame in frames.sorted() {
      if let last = merged.last, last.start == frame.start {
        merged[merged.count - 1].deadline = max(last.deadline, frame.deadline)
      } else {
        merged.append(frame)
      }
    }
    recorded = merged
    let b = Int128(budget.ns)
    let gap = Int128(budget.gap)
    var coverEnds: [Int128] = []
    var numbers: [Int64] = []
    coverEnds.reserveCapacity(merged.count)
    numbers.reserveCapacity(merged.count)
    var number: Int128 = 0
    for (index, frame) in merged.enumerated() {
      let start = Int128(frame.start)
      let frames = max(1, Self.ceilingDivision(Int128(frame.deadline) - start - gap, b))
      var end = start + frames * b
      if index + 1 < merged.count { end = min(end, Int128(merged[index + 1].start)) }
      coverEnds.append(end)
      numbers.append(Int64(clamping: number))
      // This frame, then the grid frames between its cover and the next frame.
      number += 1
      if index + 1 < merged.count && end < Int128(merged[index + 1].start) {
        number += Self.ceilingDivision(Int128(merged[index + 1].start) - end, b)
      }
    }
    self.coverEnds = coverEnds
    self.numbers = numbers
  }

  /// Whether the trace recorded frames (else every frame is a grid frame).
  package var hasRecordedFrames: Bool { !recorded.isEmpty }

  /// The frame that contains time `time`.
  package func frame(containing time: Int64) -> FrameRef { lookup(time).frame }

  /// The frame that contains `time`, and the times that frame holds: a range to check before
  /// looking up again, for callers that go through times mostly in order (empty at the clock's
  /// far ends, where it would not fit).
  package func lookup(_ time: Int64) -> (frame: FrameRef, times: Range<Int64>) {
    // The latest recorded frame that starts at or before `time`.
    var low = 0
    var high = recorded.count
    while low < high {
      let middle = (low + high) / 2
      if recorded[middle].start <= time { low = middle + 1 } else { high = middle }
    }
    let latest = low - 1
    if latest >= 0 && Int128(time) < coverEnds[latest] {
      return (
        FrameRef(number: numbers[latest], recordedIndex: latest, start: recorded[latest].start),
        recorded[latest].start..<Int64(clamping: coverEnds[latest])
      )
    }
    let b = Int128(budget.ns)
    let base = latest >= 0 ? recorded[latest].start : recorded.first?.start ?? anchor
    let k = Self.floorDivision(Int128(time) - Int128(base), b)
    let start = Int128(base) + k * b
    var end = start + b
    if latest + 1 < recorded.count { end = min(end, Int128(recorded[latest + 1].start)) }
    // Grid frames are numbered from the recorded frame before them (after its cover's `m`
    // frames), or from the anchor.
    var number = k
    if latest >= 0 {
      let coverFrames = (coverEnds[latest] - Int128(base)) / b
      number = Int128(numbers[latest]) + 1 + k - coverFrames
    }
    let times: Range<Int64> =
      start >= Int128(Int64.min) && end <= Int128(Int64.max) ? Int64(start)..<Int64(end) : 0..<0
    return (
      FrameRef(number: Int64(clamping: number), recordedIndex: nil, start: Int64(clamping: start)), times
    )
  }

  /// The deadline of recorded frame `index`.
  package func deadline(ofRecorded index: Int) -> Int64 { recorded[index].deadline }

  /// `⌊a / b⌋` for `b > 0`.
  static func floorDivision(_ a: Int128, _ b: Int128) -> Int128 {
    let quotient = a / b
    return a % b < 0 ? quotient - 1 : quotient
  }

  /// `⌈a / b⌉` for `b > 0`.
  static func ceilingDivision(_ a: Int128, _ b: Int128) -> Int128 {
    -floorDivision(-a, b)
  }
}
