/// The windows of a few recorded hitches and hangs, found fast for each of many updates and
/// samples: sorted by start (a window's *position*), with the latest end of each prefix, so a
/// record far from every window costs a comparison or two after the record before it (records
/// come in about time order) and a binary search at worst.
struct HitchWindows: Sendable {
  /// By position: the window's start (ascending), its end, and the latest end up to it.
  private let starts: [Int64]
  private let ends: [Int64]
  private let reach: [Int64]
  /// By position: the window's index as given.
  private let order: [Int]

  var count: Int { starts.count }

  init(_ windows: [Range<Int64>]) {
    order = windows.indices.sorted { (windows[$0].lowerBound, $0) < (windows[$1].lowerBound, $1) }
    starts = order.map { windows[$0].lowerBound }
    ends = order.map { windows[$0].upperBound }
    var latest = Int64.min
    reach = ends.map { end in
      latest = max(latest, end)
      return latest
    }
  }

  /// The window at `position`.
  func bounds(at position: Int) -> Range<Int64> { starts[position]..<max(starts[position], ends[position]) }

  /// The index, as given, of the window at `position`.
  func index(at position: Int) -> Int { order[position] }

  /// Calls `body` with the position of every window that `start..<end` shares time with (an
  /// empty interval shares none); `hint` is where the last search ended.
  @inline(__always)
  func forEachOverlap(_ start: Int64, _ end: Int64, hint: inout Int, _ body: (Int) -> Void) {
    guard start < end, !isBetween(start, end, hint: hint) else { return }
    var position = firstStart(notBelow: end, hint: &hint)
    while position > 0 {
      position &-= 1
      guard reach[position] > start else { return }
      if ends[position] > start && ends[position] > starts[position] { body(position) }
    }
  }

  /// Calls `body` with the position of every window that holds `time`; `hint` as for
  /// ``forEachOverlap(_:_:hint:_:)``.
  @inline(__always)
  func forEachHolding(_ time: Int64, hint: inout Int, _ body: (Int) -> Void) {
    guard !isBetween(time, time &+ 1, hint: hint) else { return }
    var position = firstStart(notBelow: time &+ 1, hint: &hint)
    while position > 0 {
      position &-= 1
      guard reach[position] > time else { return }
      if ends[position] > time { body(position) }
    }
  }

  /// The position of the first window whose start is `time` or later: `hint` or the one after
  /// it when either is, else a binary search; `hint` becomes the answer.
  @inline(__always)
  private func firstStart(notBelow time: Int64, hint: inout Int) -> Int {
    if isFirstStart(hint, notBelow: time) { return hint }
    if isFirstStart(hint &+ 1, notBelow: time) {
      hint &+= 1
      return hint
    }
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low &+ high) >> 1
      if starts[middle] < time { low = middle &+ 1 } else { high = middle }
    }
    hint = low
    return low
  }

  /// Whether `start..<end` lies between the windows before `hint`, which all end by `start`,
  /// and those from `hint` on, which all start at `end` or later: where most records fall.
  @inline(__always)
  private func isBetween(_ start: Int64, _ end: Int64, hint: Int) -> Bool {
    (hint == 0 || reach[hint &- 1] <= start) && (hint == starts.count || starts[hint] >= end)
  }

  @inline(__always)
  private func isFirstStart(_ position: Int, notBelow time: Int64) -> Bool {
    position >= 0 && position <= starts.count && (position == 0 || starts[position &- 1] < time)
      && (position == starts.count || starts[position] >= time)
  }
}
