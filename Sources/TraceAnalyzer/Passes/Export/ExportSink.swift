import TraceModel

/// The streaming pass of `export` over one reader part: each update as a 40-byte record in
/// sorted runs, causes spilled by their source id and sources by their id for the flow join,
/// and the few other events (recorded frames, groups, hitches, hangs) kept as they are.
///
/// The window keeps what starts in it (an update's, group's, hitch's, hang's or interval's
/// start; a source's time), as the other commands' inspection range does; causes are all
/// kept, and the join draws those whose two ends were written.
struct ExportSink: TraceSink {
  /// What names an update's track and event, in this part's symbols.
  struct LocalKey: Hashable, Sendable {
    var kind: UpdateKind
    var module: Symbol?
    var view: Symbol?
    var label: Symbol?
    var thread: Symbol?
    var isMainThread: Bool
  }

  /// What names a source's slice, in this part's symbols.
  struct SourceKey: Hashable, Sendable {
    var kind: SourceKind
    var label: Symbol
  }

  let runs = SortedRuns<ExportRecord>()
  /// Causes by `from`, or nil when flows are not wanted.
  let causes: PartitionedSpill<ExportCause>?
  /// Sources by id (those with a time outside the window left out), or nil without causes.
  let sources: PartitionedSpill<ExportSource>?
  private(set) var sourceKeys: [SourceKey] = []
  private var sourceIndex: [SourceKey: Int32] = [:]
  /// What the export keeps, by start (or a source's time).
  let window: TraceWindow
  /// The ids causes come from and go to (only with causes).
  private(set) var causeEnds = IDFilter()
  private(set) var keys: [LocalKey] = []
  private var index: [LocalKey: Int32] = [:]
  /// Key index + 1 by name symbol (0: none yet), for the last key seen with that name.
  private var byName: [Int32] = []
  private(set) var frames: [TraceModelFrame] = []
  private(set) var groups: [(group: UpdateGroup, label: String?)] = []
  private(set) var hitches: [(hitch: Hitch, narrative: String?, cause: String?)] = []
  private(set) var hangs: [(hang: Hang, kind: String?)] = []
  /// Named intervals (signposts): name, subsystem and category resolved.
  private(set) var intervals: [(interval: Interval, name: String, subsystem: String?, category: String?)] = []
  /// The earliest `start`/`time` of any event, if any (the grid's anchor without a header start).
  private(set) var earliest: Int64?
  private(set) var updates = 0

  init(causePartitions: Int?, window: TraceWindow = TraceWindow()) {
    causes = causePartitions.map { PartitionedSpill<ExportCause>(partitions: $0) }
    sources = causePartitions.map { PartitionedSpill<ExportSource>(partitions: $0, bufferBytes: 1 << 18) }
    self.window = window
  }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    updates += 1
    earliest = min(earliest ?? update.start, update.start)
    guard window.contains(update.start) else { return }
    let key = LocalKey(
      kind: update.kind, module: update.module, view: update.view, label: update.label,
      thread: update.isMainThread ? nil : update.thread, isMainThread: update.isMainThread)
    // The last key of this name, when it is the same key (the common case), else the table.
    let slot = (update.view ?? update.label).map { $0.index &+ 1 } ?? 0
    let local: Int32
    if slot < byName.count, byName[slot] > 0, keys[Int(byName[slot] - 1)] == key {
      local = byName[slot] - 1
    } else {
      if let found = index[key] {
        local = found
      } else {
        local = Int32(keys.count)
        keys.append(key)
        index[key] = local
      }
      if slot >= byName.count { byName.append(contentsOf: repeatElement(0, count: slot + 1 - byName.count)) }
      byName[slot] = local + 1
    }
    var flags: UInt32 = update.skipped ? ExportRecord.skippedFlag : 0
    if update.isMainThread { flags |= ExportRecord.mainThreadFlag }
    runs.append(
      ExportRecord(
        start: update.start, duration: update.duration, id: update.id,
        group: update.group ?? ExportRecord.noGroup, key: local, flags: flags))
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .update(let update):
      consumeUpdate(update, line: line, symbols: symbols)
      return
    case .cause(let cause):
      let label: Int64 =
        switch symbols[cause.label] {
        case "update": 0
        case "creation": 1
        default: 2
        }
      if let causes {
        causes.append(ExportCause(from: cause.from, to: cause.to, label: label), id: cause.from)
        causeEnds.insert(cause.from, as: .source)
        causeEnds.insert(cause.to, as: .target)
      }
    case .source(let source):
      if let sources, source.time.map(window.contains) != false {
        sources.append(
          ExportSource(
            id: source.id, time: source.time ?? 0, key: sourceKey(source),
            flags: (source.time == nil ? 0 : ExportSource.hasTime) | (source.user ? ExportSource.user : 0)),
          id: source.id)
      }
    case .frame(let frame): frames.append(frame)
    case .group(let group):
      if window.contains(group.start) { groups.append((group, group.label.map { symbols[$0] })) }
    case .hitch(let hitch):
      if window.contains(hitch.start) {
        hitches.append((hitch, hitch.narrative.map { symbols[$0] }, hitch.cause.map { symbols[$0] }))
      }
    case .hang(let hang):
      if window.contains(hang.start) { hangs.append((hang, hang.kind.map { symbols[$0] })) }
    case .interval(let interval):
      if window.contains(interval.start) {
        intervals.append(
          (
            interval, symbols[interval.name], interval.subsystem.map { symbols[$0] },
            interval.category.map { symbols[$0] }
          ))
      }
    case .header, .symbol, .sample: break
    }
    if case .header = event { return }
    if let time = event.time { earliest = min(earliest ?? time, time) }
  }

  /// The place of `source`'s name in ``sourceKeys``.
  private mutating func sourceKey(_ source: Source) -> Int32 {
    let key = SourceKey(kind: source.kind, label: source.label)
    if let found = sourceIndex[key] { return found }
    let place = Int32(sourceKeys.count)
    sourceKeys.append(key)
    sourceIndex[key] = place
    return place
  }
}
