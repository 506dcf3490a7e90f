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
  struct LocalKey: Sendable, IndexKey {
    var kind: UpdateKind
    var module: Symbol?
    var view: Symbol?
    var label: Symbol?
    var thread: Symbol?
    var isMainThread: Bool

    /// The name (the view, else the label) and the module's low bits, as the summary's keys.
    var nameSlot: Int {
      let name = (view ?? label).map { $0.index &+ 1 } ?? 0
      let module = self.module.map { $0.index &+ 1 } ?? 0
      return name &<< 3 | module & 7
    }

    var hashWord: UInt64 {
      func word(_ symbol: Symbol?) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: (symbol?.rawValue ?? -1) &+ 1)) }
      return word(view) << 40 ^ word(label) << 24 ^ word(thread) << 12 ^ word(module) << 3
        ^ UInt64(kind.rawValue) << 1 ^ (isMainThread ? 1 : 0)
    }

    /// Field by field and inlined: the key index compares keys on every update.
    @inline(__always)
    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.view == rhs.view && lhs.label == rhs.label && lhs.module == rhs.module && lhs.kind == rhs.kind
        && lhs.thread == rhs.thread && lhs.isMainThread == rhs.isMainThread
    }
  }

  /// What names a source's slice, in this part's symbols.
  struct SourceKey: Hashable, Sendable {
    var kind: SourceKind
    var label: Symbol
  }

  let runs = SortedRuns<ExportRecord>()
  /// Causes by `from`, or nil when flows are not wanted.
  var causes: PartitionedSpill<ExportCause>? { keepsCauses ? causeSpill : nil }
  /// The causes by `from`, written only when ``keepsCauses``: not optional, so that appending
  /// to it retains nothing per cause.
  private let causeSpill: PartitionedSpill<ExportCause>
  /// Whether flows are wanted (the causes kept).
  private let keepsCauses: Bool
  /// Sources by id (those with a time outside the window left out), or nil without causes.
  let sources: PartitionedSpill<ExportSource>?
  private(set) var sourceKeys: [SourceKey] = []
  private var sourceIndex: [SourceKey: Int32] = [:]
  /// What the export keeps, by start (or a source's time).
  let window: TraceWindow
  /// The ids causes come from and go to (only with causes).
  private(set) var causeEnds = IDFilter()
  private var index = KeyIndex<LocalKey>()
  /// The keys of the updates kept, by local index.
  var keys: [LocalKey] { index.keys }
  /// The last cause label seen and its code (0 `update`, 1 `creation`, 2 any other).
  private var lastLabel: (symbol: Symbol, code: Int64)?
  private(set) var frames: [TraceModelFrame] = []
  private(set) var groups: [(group: UpdateGroup, label: String?)] = []
  private(set) var hitches: [(hitch: Hitch, narrative: String?, cause: String?)] = []
  private(set) var hangs: [(hang: Hang, kind: String?)] = []
  /// Named intervals (signposts): name, subsystem and category resolved.
  private(set) var intervals: [(interval: Interval, name: String, subsystem: String?, category: String?)] = []
  /// The earliest `start`/`time` of any event, if any (the grid's anchor without a header start).
  private(set) var earliest: Int64?
  /// The latest end of the finished main-thread updates kept, if any (where the busy run the
  /// next part's first update may continue ends).
  private(set) var mainEnd: Int64?
  private(set) var updates = 0

  init(causePartitions: Int?, window: TraceWindow = TraceWindow()) {
    keepsCauses = causePartitions != nil
    // Without flows, a spill of the smallest buffers, never written.
    causeSpill =
      causePartitions.map { PartitionedSpill(partitions: $0) }
      ?? PartitionedSpill(partitions: 1, bufferBytes: 0, stagingBytes: 0)
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
    let local = Int32(index.index(of: key)!.index)
    var flags: UInt32 = update.skipped ? ExportRecord.skippedFlag : 0
    if update.isMainThread {
      flags |= ExportRecord.mainThreadFlag
      if update.duration < Update.unfinishedDuration {
        mainEnd = max(mainEnd ?? .min, update.start.saturatingAdd(update.duration))
      }
    }
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
      if keepsCauses {
        let label = code(ofLabel: cause.label, symbols: symbols)
        causeSpill.append(ExportCause(from: cause.from, to: cause.to, label: label), id: cause.from)
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

  /// The code of a cause's label: 0 `update`, 1 `creation`, 2 any other.
  @inline(__always)
  private mutating func code(ofLabel label: Symbol, symbols: SymbolTable) -> Int64 {
    if let last = lastLabel, last.symbol == label { return last.code }
    let code: Int64 =
      switch symbols[label] {
      case "update": 0
      case "creation": 1
      default: 2
      }
    lastLabel = (label, code)
    return code
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
