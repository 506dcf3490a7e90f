/// The windows of a few recorded hitches and hangs, found fast for each of many updates and
/// samples: sorted by start, with the latest end of each prefix, so a record far from every
/// window costs one binary search.
struct HitchWindows: Sendable {
  /// Window starts, ascending.
  private let starts: [Int64]
  /// By position in ``starts``: the window's end, and the latest end up to it.
  private let ends: [Int64]
  private let reach: [Int64]
  /// By position in ``starts``: the window's index as given.
  private let order: [Int]

  var count: Int { starts.count }

  /// The window of the event at `index`.
  func bounds(of index: Int) -> Range<Int64> { windows[index] }

  private let windows: [Range<Int64>]

  init(_ windows: [Range<Int64>]) {
    self.windows = windows
    order = windows.indices.sorted { (windows[$0].lowerBound, $0) < (windows[$1].lowerBound, $1) }
    starts = order.map { windows[$0].lowerBound }
    ends = order.map { windows[$0].upperBound }
    var latest = Int64.min
    reach = ends.map { end in
      latest = max(latest, end)
      return latest
    }
  }

  /// Calls `body` with the index of every window that `start..<end` shares time with (an empty
  /// interval shares none).
  @inline(__always)
  func forEachOverlap(_ start: Int64, _ end: Int64, _ body: (Int) -> Void) {
    guard start < end else { return }
    var position = firstStart(notBelow: end)
    while position > 0 {
      position &-= 1
      guard reach[position] > start else { return }
      if ends[position] > start && ends[position] > starts[position] { body(order[position]) }
    }
  }

  /// Calls `body` with the index of every window that holds `time`.
  @inline(__always)
  func forEachHolding(_ time: Int64, _ body: (Int) -> Void) {
    var position = firstStart(notBelow: time &+ 1)
    while position > 0 {
      position &-= 1
      guard reach[position] > time else { return }
      if ends[position] > time { body(order[position]) }
    }
  }

  /// The position of the first window whose start is `time` or later.
  @inline(__always)
  private func firstStart(notBelow time: Int64) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low &+ high) >> 1
      if starts[middle] < time { low = middle &+ 1 } else { high = middle }
    }
    return low
  }
}
