/// Missed frames by the starts of their updates, for finding the frame of an update when
/// updates come roughly in time order (as the summary's spill gives them).
struct MissedFrameIndex: Sendable {
  let frames: [MissedFrame]
  private let firsts: [Int64]
  private let lasts: [Int64]

  /// `frames` in time order.
  init(_ frames: [MissedFrame]) {
    self.frames = frames
    firsts = frames.map(\.firstStart)
    lasts = frames.map(\.lastStart)
  }

  var isEmpty: Bool { frames.isEmpty }

  /// The index of the frame whose updates hold the finished main-thread update starting at
  /// `start`; `hint` is where the last search ended (kept in a scan).
  @inline(__always)
  func index(holding start: Int64, hint: inout Int) -> Int? {
    let count = firsts.count
    if hint < count && firsts[hint] <= start {
      if start <= lasts[hint] { return hint }
      if hint + 1 == count || start < firsts[hint + 1] { return nil }
    }
    // The last frame whose updates start at or before `start`.
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if firsts[middle] <= start { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    hint = low - 1
    return start <= lasts[hint] ? hint : nil
  }
}
