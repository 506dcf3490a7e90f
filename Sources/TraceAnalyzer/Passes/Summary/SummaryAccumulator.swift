import TraceModel

/// The first phase of a summary: consumes one part of a trace, counting per view and spilling
/// each finished update's start and duration for the second phase (frames, percentiles).
struct SummaryAccumulator: TraceSink {
  /// A view group in this part's symbols.
  struct LocalKey: Hashable, Sendable, IndexKey {
    var module: Symbol?
    var kind: UpdateKind
    var name: Symbol?

    /// The name and the module's low bits: a name is often shared by a few modules' views.
    var nameSlot: Int {
      let name = self.name.map { $0.index &+ 1 } ?? 0
      let module = self.module.map { $0.index &+ 1 } ?? 0
      return name &<< 3 | module & 7
    }

    /// Field by field and inlined: the key index compares keys on every update.
    @inline(__always)
    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.name == rhs.name && lhs.module == rhs.module && lhs.kind == rhs.kind
    }
    /// The view this key names, its strings read from the part's `symbols`.
    func viewKey(_ symbols: SymbolTable) -> ViewKey {
      ViewKey(
        module: module.map { symbols[$0] } ?? "", kind: kind,
        name: name.map { symbols[$0] } ?? ViewKey.unnamed)
    }

    var hashWord: UInt64 {
      let name = UInt64(UInt32(truncatingIfNeeded: (name?.rawValue ?? -1) &+ 1))
      let module = UInt64(UInt32(truncatingIfNeeded: (module?.rawValue ?? -1) &+ 1))
      return name << 32 ^ module << 2 ^ UInt64(kind.rawValue)
    }
  }

  let thresholds: Thresholds
  /// The updates kept: those whose start lies in it.
  let window: TraceWindow

  var keys: [LocalKey] { groups.keys }
  private(set) var statistics: [ViewStatistics] = []
  /// ``DurationHistogram`` buckets of finished durations, ``DurationHistogram/bucketCount`` a group
  /// (kept by the spill, from its records).
  var histograms: [UInt32] { spill.histograms }
  private(set) var spill = UpdateSpill()
  private(set) var frames: [TraceModelFrame] = []
  /// The earliest `start`/`time` of any event (the grid's anchor without a header start).
  private(set) var earliest: Int64 = .max
  /// The latest end (or time) of any event.
  private(set) var latest: Int64 = .min
  /// The latest end of the spilled main-thread updates (saturated), and whether there is one:
  /// where the next part's first busy run may begin.
  private(set) var mainEnd: Int64 = .min
  private(set) var hasMain = false
  private(set) var counts = EventCounts()
  /// The app's hitches and hangs that start in the range.
  private(set) var hitches = HitchFigures()
  /// The samples whose time lies in the range, and the time they stand for.
  private(set) var samplesKept = 0
  private(set) var sampleNsKept: Int64 = 0
  private(set) var tooManyGroups = false

  private var groups = KeyIndex<LocalKey>()

  init(thresholds: Thresholds, window: TraceWindow = TraceWindow()) {
    self.thresholds = thresholds
    self.window = window
  }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    counts.updates += 1
    add(update)
  }

  /// Counts `update` as ``consumeUpdate(_:line:symbols:)`` does; returns its group, if kept.
  @inline(__always)
  mutating func countUpdate(_ update: Update) -> Int? {
    counts.updates += 1
    return add(update)
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .update(let update):
      consumeUpdate(update, line: line, symbols: symbols)
    case .source(let source):
      counts.sources += 1
      if let time = source.time { see(time) }
    case .cause(let cause):
      countCause(cause)
    case .group(let group):
      counts.groups += 1
      // A group an hour long or more is a sentinel (or absurd): it does not stretch the span.
      see(
        group.start,
        end: group.duration < Update.unfinishedDuration ? group.start.saturatingAdd(group.duration) : nil)
    case .frame(let frame):
      counts.frames += 1
      frames.append(frame)
      see(frame.start, end: frame.deadline)
    case .hitch(let hitch):
      // The system's hitches are counted apart, never as the app's; a hitch an hour long or
      // more (a recorder's sentinel) is counted, never timed.
      if hitch.system {
        counts.systemHitches += 1
      } else {
        counts.hitches += 1
        if keeps(start: hitch.start) { hitches.addHitch(duration: hitch.duration) }
        if hitch.duration < Update.unfinishedDuration {
          counts.hitchNs = counts.hitchNs.saturatingAdd(hitch.duration)
        }
      }
      see(
        hitch.start,
        end: hitch.duration < Update.unfinishedDuration ? hitch.start.saturatingAdd(hitch.duration) : nil)
    case .hang(let hang):
      counts.hangs += 1
      if keeps(start: hang.start) { hitches.addHang(duration: hang.duration) }
      if hang.duration < Update.unfinishedDuration {
        counts.hangNs = counts.hangNs.saturatingAdd(hang.duration)
      }
      see(
        hang.start,
        end: hang.duration < Update.unfinishedDuration ? hang.start.saturatingAdd(hang.duration) : nil)
    case .sample(let sample):
      counts.samples += 1
      see(sample.time)
      if keeps(start: sample.time) {
        samplesKept += 1
        sampleNsKept = sampleNsKept.saturatingAdd(sample.weight)
      }
    case .interval(let interval):
      counts.intervals += 1
      // Its start places the trace's start (as any event's time does), not its end.
      earliest = min(earliest, interval.start)
    case .header, .symbol:
      break
    }
  }

  /// Counts `cause` as ``consume(_:line:symbols:)`` does: the hot path of the other events.
  @inline(__always)
  mutating func countCause(_ cause: Cause) {
    counts.causes += 1
    if let time = cause.time { see(time) }
  }

  @inline(__always)
  private mutating func see(_ time: Int64, end: Int64? = nil) {
    earliest = min(earliest, time)
    latest = max(latest, end ?? time)
  }

  /// Whether `update` lies in the inspection range.
  @inline(__always)
  func keeps(_ update: Update) -> Bool {
    keeps(start: update.start)
  }

  @inline(__always)
  private func keeps(start: Int64) -> Bool {
    window.contains(start)
  }

  /// Counts `update` and returns its group (nil when the range leaves it out).
  @inline(__always)
  @discardableResult
  mutating func add(_ update: Update) -> Int? {
    let start = update.start
    let duration = update.duration
    let finished = duration < Update.unfinishedDuration
    let end = finished ? start.saturatingAdd(duration) : start
    see(start, end: end)
    guard keeps(start: start) else { return nil }
    let group = groupIndex(LocalKey(module: update.module, kind: update.kind, name: update.name))
    guard group < SpillRecord.groupLimit else {
      tooManyGroups = true
      return nil
    }
    // The group's figures, updated in place (one uniqueness check; `group` is in bounds).
    let red = thresholds.red
    let orange = thresholds.orange
    statistics.withUnsafeMutableBufferPointer { statistics in
      let figures = statistics.baseAddress.unsafelyUnwrapped + group
      figures.pointee.count += 1
      if update.skipped { figures.pointee.skipped += 1 }
      if finished {
        figures.pointee.totalNs = figures.pointee.totalNs.saturatingAdd(duration)
        if duration > figures.pointee.maxNs { figures.pointee.maxNs = duration }
        if duration > red {
          figures.pointee.red += 1
        } else if duration > orange {
          figures.pointee.orange += 1
        }
      } else {
        figures.pointee.unfinished += 1
      }
    }
    if finished {
      let isMainThread = update.isMainThread
      spill.append(SpillRecord(start: start, group: group, isMainThread: isMainThread, duration: duration))
      if isMainThread {
        mainEnd = max(mainEnd, end)
        hasMain = true
      }
    }
    return group
  }

  @inline(__always)
  private mutating func groupIndex(_ key: LocalKey) -> Int {
    // Past the limit nothing more is kept: the read ends in an error naming it.
    guard let (index, isNew) = groups.index(of: key, limit: SpillRecord.groupLimit) else {
      return SpillRecord.groupLimit
    }
    if isNew {
      statistics.append(ViewStatistics())
      spill.addGroup()
    }
    return index
  }
}

/// How many events of each type a trace held (whatever the inspection range).
public struct EventCounts: Hashable, Sendable {
  public var updates = 0
  public var sources = 0
  public var causes = 0
  public var groups = 0
  public var frames = 0
  /// The app's hitches (the system's are counted apart).
  public var hitches = 0
  public var systemHitches = 0
  public var hangs = 0
  /// Time Profiler samples.
  public var samples = 0
  /// Named intervals (signposts), the windows `--window` picks from.
  public var intervals = 0
  /// Total time of the app's hitches and of hangs, ns (without those an hour long or more).
  public var hitchNs: Int64 = 0
  public var hangNs: Int64 = 0

  public init() {}

  mutating func add(_ other: EventCounts) {
    updates += other.updates
    sources += other.sources
    causes += other.causes
    groups += other.groups
    frames += other.frames
    hitches += other.hitches
    intervals += other.intervals
    systemHitches += other.systemHitches
    hangs += other.hangs
    samples += other.samples
    hitchNs = hitchNs.saturatingAdd(other.hitchNs)
    hangNs = hangNs.saturatingAdd(other.hangNs)
  }
}
