import TraceModel

/// The first phase of a summary: consumes one part of a trace, counting per view and spilling
/// each finished update's start and duration for the second phase (frames, percentiles).
struct SummaryAccumulator: TraceSink {
  /// A view group in this part's symbols.
  struct LocalKey: Hashable, Sendable {
    var module: Symbol?
    var kind: UpdateKind
    var name: Symbol?
  }

  let thresholds: Thresholds
  /// Absolute start bounds of kept updates (`from ..< to`), from the inspection range.
  let keepFrom: Int64
  let keepTo: Int64

  private(set) var keys: [LocalKey] = []
  private(set) var statistics: [ViewStatistics] = []
  /// ``DurationHistogram`` buckets of finished durations, ``DurationHistogram/bucketCount`` a group.
  private(set) var histograms: [UInt32] = []
  private(set) var spill = UpdateSpill()
  private(set) var frames: [TraceModelFrame] = []
  /// The earliest `start`/`time` of any event (the grid's anchor without a header start).
  private(set) var earliest: Int64 = .max
  /// The latest end (or time) of any event.
  private(set) var latest: Int64 = .min
  private(set) var counts = EventCounts()
  private(set) var tooManyGroups = false

  /// Group index + 1 by name symbol (index 0: no name), for the common one-module-per-name case.
  private var byName: [Int32] = []
  private var byKey: [LocalKey: Int32] = [:]

  init(thresholds: Thresholds, keepFrom: Int64 = .min, keepTo: Int64 = .max) {
    self.thresholds = thresholds
    self.keepFrom = keepFrom
    self.keepTo = keepTo
  }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    counts.updates += 1
    add(update)
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .update(let update):
      consumeUpdate(update, line: line, symbols: symbols)
    case .source(let source):
      counts.sources += 1
      if let time = source.time { see(time) }
    case .cause(let cause):
      counts.causes += 1
      if let time = cause.time { see(time) }
    case .group(let group):
      counts.groups += 1
      see(group.start, end: group.start &+ group.duration)
    case .frame(let frame):
      counts.frames += 1
      frames.append(frame)
      see(frame.start, end: frame.deadline)
    case .hitch(let hitch):
      counts.hitches += 1
      counts.hitchNs += hitch.duration
      see(hitch.start, end: hitch.start &+ hitch.duration)
    case .hang(let hang):
      counts.hangs += 1
      counts.hangNs += hang.duration
      see(hang.start, end: hang.start &+ hang.duration)
    case .header:
      break
    }
  }

  @inline(__always)
  private mutating func see(_ time: Int64, end: Int64? = nil) {
    earliest = min(earliest, time)
    latest = max(latest, end ?? time)
  }

  /// Whether `update` lies in the inspection range.
  @inline(__always)
  func keeps(_ update: Update) -> Bool {
    update.start >= keepFrom && update.start < keepTo
  }

  @inline(__always)
  private mutating func add(_ update: Update) {
    let finished = !update.isUnfinished
    see(update.start, end: finished ? update.start &+ update.duration : update.start)
    guard update.start >= keepFrom && update.start < keepTo else { return }
    let group = groupIndex(LocalKey(module: update.module, kind: update.kind, name: update.name))
    guard group < SpillRecord.groupLimit else {
      tooManyGroups = true
      return
    }
    statistics[group].count += 1
    if update.skipped { statistics[group].skipped += 1 }
    guard finished else {
      statistics[group].unfinished += 1
      return
    }
    let duration = update.duration
    statistics[group].totalNs += duration
    if duration > statistics[group].maxNs { statistics[group].maxNs = duration }
    if duration > thresholds.red {
      statistics[group].red += 1
    } else if duration > thresholds.orange {
      statistics[group].orange += 1
    }
    histograms[group * DurationHistogram.bucketCount + DurationHistogram.bucket(of: duration)] += 1
    spill.append(
      SpillRecord(start: update.start, group: group, isMainThread: update.isMainThread, duration: duration))
  }

  @inline(__always)
  private mutating func groupIndex(_ key: LocalKey) -> Int {
    let slot = key.name.map { $0.index + 1 } ?? 0
    if slot < byName.count {
      let candidate = Int(byName[slot]) - 1
      if candidate >= 0 && keys[candidate] == key { return candidate }
    }
    return slowGroupIndex(key, slot: slot)
  }

  private mutating func slowGroupIndex(_ key: LocalKey, slot: Int) -> Int {
    let index: Int
    if let found = byKey[key] {
      index = Int(found)
    } else {
      index = keys.count
      keys.append(key)
      statistics.append(ViewStatistics())
      histograms.append(contentsOf: repeatElement(0, count: DurationHistogram.bucketCount))
      byKey[key] = Int32(index)
    }
    if slot >= byName.count { byName.append(contentsOf: repeatElement(0, count: slot + 1 - byName.count)) }
    byName[slot] = Int32(index + 1)
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
  public var hitches = 0
  public var hangs = 0
  /// Total time of hitches and hangs, ns.
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
    hangs += other.hangs
    hitchNs += other.hitchNs
    hangNs += other.hangNs
  }
}
