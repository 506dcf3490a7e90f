import TraceModel

/// The updates a zoomed-in timeline draws one by one with their names: every orange and red
/// update, and every update that starts in the busiest columns.
///
/// The page stays bounded: at most ``Limits/notable`` orange and red updates (the longest, the
/// rest counted in ``omittedNotable``) and about ``Limits/busy`` updates of busy columns.
package struct TimelineDetail: Hashable, Sendable {
  /// One update as the page draws it.
  package struct Update: Hashable, Sendable, Comparable {
    package var start: Int64
    package var duration: Int64
    package var kind: UpdateKind
    /// Its view's place in ``ReportTimeline/labels``.
    package var label: Int32

    package static func < (a: Update, b: Update) -> Bool {
      (a.start, a.kind.rawValue, a.label, a.duration) < (b.start, b.kind.rawValue, b.label, b.duration)
    }
  }

  /// How many updates a page embeds at most.
  package struct Limits: Hashable, Sendable {
    /// Orange and red updates (the longest are kept).
    package var notable: Int
    /// Updates of the busiest columns, besides the orange and red ones.
    package var busy: Int

    /// Frames with updates: a trace with more draws its frames as columns only.
    package var frames: Int

    package init(notable: Int = 250_000, busy: Int = 50_000, frames: Int = 200_000) {
      self.notable = notable
      self.busy = busy
      self.frames = frames
    }
  }

  /// The embedded updates, by start.
  package var updates: [Update] = []
  /// Runs of columns (of ``ReportTimeline/columnCount``) every update starting in which is in
  /// ``updates``.
  package var complete: [Range<Int>] = []
  /// Orange and red updates past ``Limits/notable``, not embedded.
  package var omittedNotable = 0
  /// The starts of the frames with updates, ascending (none past ``Limits/frames``).
  package var frames: [Int64] = []
  /// The frames that missed their deadline, in time order (none past ``Limits/frames``).
  package var missed: [MissedFrame] = []
  /// Whether ``frames`` and ``missed`` hold every frame (false past ``Limits/frames``).
  package var framesEmbedded = false

  package init() {}

  /// Collects the orange and red updates, keeping the longest `limit` of them in memory
  /// bounded by twice that.
  struct NotableCollector {
    let limit: Int
    private(set) var updates: [Update] = []
    /// Every update added, kept or not.
    private(set) var total = 0
    /// The shortest update the last trim kept: shorter ones can never be kept.
    private var floor: Int64 = .min

    init(limit: Int) { self.limit = max(limit, 0) }

    mutating func add(_ update: Update) {
      total += 1
      guard update.duration >= floor, limit > 0 else { return }
      updates.append(update)
      if updates.count >= 2 * limit { trim() }
    }

    /// Keeps the `limit` longest (ties: the earliest), in the order they were added.
    mutating func trim() {
      guard updates.count > limit else { return }
      updates = Self.longest(limit, of: updates)
      floor = updates.lazy.map(\.duration).min() ?? .min
    }

    /// The `count` longest of `updates` (ties: the earliest), in their order there.
    ///
    /// Found by selection, not by sorting: a page's updates are sorted by start at the end, and
    /// those in the order of a spill in start order sort in linear time.
    static func longest(_ count: Int, of updates: [Update]) -> [Update] {
      guard updates.count > count else { return updates }
      guard count > 0 else { return [] }
      var keys = updates.map(Longer.init)
      let last = keys.withUnsafeMutableBufferPointer { QuickSelect.value(at: count - 1, in: &$0) }
      // Those before the last one kept, then as many equal to it (alike in every field) as fill
      // the count.
      var equal = count - keys.count(where: { $0 < last })
      return updates.filter { update in
        let key = Longer(update)
        if key < last { return true }
        guard key == last, equal > 0 else { return false }
        equal -= 1
        return true
      }
    }

    /// An update ordered longest first (ties: the earliest by ``Update/<``).
    private struct Longer: Comparable {
      let update: Update

      init(_ update: Update) { self.update = update }

      static func < (a: Longer, b: Longer) -> Bool {
        (a.update.duration, b.update) > (b.update.duration, a.update)
      }
    }
  }

  /// Collects the starts of the frames with updates while the page may hold them all (in a
  /// trace written out of order a frame may come twice, so twice the limit are kept).
  struct FrameCollector {
    let limit: Int
    private var starts: [Int64] = []
    private var tooMany = false

    init(limit: Int) { self.limit = max(limit, 0) }

    mutating func add(start: Int64) {
      if starts.count < 2 * limit {
        starts.append(start)
      } else {
        tooMany = true
      }
    }

    /// Puts the frames and `missed` in `detail` when it can hold every one of them.
    func embed(missed: [MissedFrame], in detail: inout TimelineDetail) {
      let frames = Array(Set(starts)).sorted()
      guard !tooMany, frames.count <= limit, missed.count <= limit else { return }
      detail.frames = frames
      detail.missed = missed
      detail.framesEmbedded = true
    }
  }

  /// The columns whose updates a page embeds in full: the busiest (most updates starting in
  /// them, the earliest first on ties) while their updates add up to at most `limit`; all of
  /// them when that is every update.
  static func busiestColumns(_ timeline: ReportTimeline, limit: Int) -> [Bool] {
    let counts = timeline.frames.indices.map { column in
      timeline.lanes.reduce(0) { $0 + Int($1[column].count) }
    }
    let order = counts.indices.filter { counts[$0] > 0 }.sorted { (counts[$0], $1) > (counts[$1], $0) }
    var chosen = [Bool](repeating: false, count: counts.count)
    var total = 0
    for column in order {
      guard total + counts[column] <= limit else { break }
      total += counts[column]
      chosen[column] = true
    }
    // Every update is there: so is every column, those that no update starts in too.
    guard total < counts.reduce(0, +) else { return chosen.map { _ in true } }
    return chosen
  }

  /// The detail of the longest `limit` orange and red updates `notable` kept outside the
  /// columns `chosen` marks, and every update `busy` of those columns, `notableInBusy` of them
  /// orange or red (`column` places an update's start).
  ///
  /// `notable` keeps `limit` plus as many as the chosen columns may hold (``Limits/busy``):
  /// those in the chosen columns are dropped here, and the limit still filled.
  init(
    notable: NotableCollector, limit: Int, busy: [Update], notableInBusy: Int, chosen: [Bool],
    column: (Int64) -> Int
  ) {
    // The chosen columns' orange and red updates are in `busy`, even those the limit left out.
    // The collector's longest, then the longest of those outside the chosen columns.
    let candidates = NotableCollector.longest(notable.limit, of: notable.updates)
    let kept = NotableCollector.longest(limit, of: candidates.filter { !chosen[column($0.start)] })
    updates = (kept + busy).sorted()
    omittedNotable = max(notable.total - kept.count - notableInBusy, 0)
    complete = chosen.trueRuns
  }
}
