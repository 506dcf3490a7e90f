import TraceModel

/// The streaming pass of the cause graph over one reader part: counts each update and source
/// into its node and spills two kinds of small records, partitioned by id, for the join that
/// maps cause ids to nodes (see ``CauseGraphBuilder``).
///
/// A cause whose target the part met shortly before it is resolved as it is read
/// (``EarlyCauses``) and does not reach the join's partitions (but past the limit of pending
/// ids); with `resolving`, it is kept resolved in a spill of the part's.
///
/// Memory: the part's node table (distinct nodes) and edges, the recent events and the spills'
/// in-memory blocks; every per-event record beyond those goes to a temporary file.
struct CauseGraphSink: TraceSink {
  /// A cause: 40 bytes, 16 packed.
  ///
  /// In this part `label` is a place in the part's ``CauseGraphSink/labels`` and `line`
  /// part-relative; the join rewrites `from` to a catalog node, `label` to a label index and
  /// `line` to the file's line.
  struct CauseRecord: SpillPackable, Sendable {
    /// Without a time of its own, the cause is placed in the range by its target's.
    static let needsTarget: UInt32 = 1
    /// The join found no event with the `from` id.
    static let fromDangles: UInt32 = 2
    /// The cause has a `time`.
    static let hasTime: UInt32 = 4
    /// Its `changed` is `@self`: the parent passed a new value of the whole view.
    static let changedSelf: UInt32 = 8
    /// With `--window`: kept when its target is an update in the window, or else when its own
    /// time is (``timeInWindow``).
    static let windowed: UInt32 = 16
    /// Its own time lies in the window.
    static let timeInWindow: UInt32 = 32

    var from: Int64
    var to: Int64
    var line: Int64
    /// The cause's own time (0 without one).
    var time: Int64
    var label: Int32
    var flags: UInt32
  }

  private(set) var nodes = LocalNodeTable()
  /// The part's last updates and sources, as left at its end.
  let recent: RecentEvents
  /// The causes resolved as they were read.
  let early: EarlyCauses
  let ids: PartitionedSpill<EventRecord>
  /// Causes partitioned by `from`.
  let causes: PartitionedSpill<CauseRecord>
  /// The ids causes come from (those they go to are found in the join, partition by
  /// partition).
  private(set) var causeIDs = IDFilter()
  /// The inspection range in the trace's clock.
  let window: TraceWindow
  /// Whether the range keeps less than everything.
  var bounded: Bool { window.isBounded }
  /// Causes whose own time lies outside the range.
  private(set) var outOfRange = 0
  /// Whether a `changed` symbol of this part reads `@self`, by symbol.
  private var isSelf: [Int32: Bool] = [:]
  /// The labels of this part's causes, in order of first sight: a cause record's `label` is
  /// its label's place here.
  private(set) var labels: [Symbol] = []
  private var labelPlaces: [Int32: Int32] = [:]
  /// The last label met and its place (labels repeat).
  private var lastLabel: (symbol: Int32, place: Int32) = (-1, -1)
  /// The place of the label `update` in ``labels`` (-1: not met yet).
  private var updateLabel: Int32 = -1
  /// Whether causes are resolved as they are read (else all are spilled for the join).
  private let resolvesEarly: Bool

  /// The sink of one reader part, its spills cut into `partitions` partitions, keeping what
  /// lies in `window`.
  ///
  /// - Parameters:
  ///   - bufferBytes: memory for the id spill's blocks (the cause spill gets half).
  ///   - resolving: whether the causes resolved as they are read are kept: true for a join
  ///     that keeps resolved causes (``CauseGraphBuilder/join(parts:file:range:resolving:threads:)``).
  ///   - early: what the part keeps to resolve causes as it reads them (nil: the join resolves
  ///     every cause).
  init(
    partitions: Int, window: TraceWindow = TraceWindow(), bufferBytes: Int = 1 << 20, resolving: Bool = false,
    early: EarlyCauses.Limits? = EarlyCauses.Limits()
  ) {
    ids = PartitionedSpill(partitions: partitions, bufferBytes: bufferBytes)
    causes = PartitionedSpill(partitions: partitions, bufferBytes: bufferBytes / 2)
    self.window = window
    let limits = early ?? EarlyCauses.Limits(eventSlots: 1, sourceSlots: 1, pendingIDs: 0)
    recent = RecentEvents(eventSlots: limits.eventSlots, sourceSlots: limits.sourceSlots)
    self.early = EarlyCauses(resolving: resolving, pendingLimit: limits.pendingIDs)
    resolvesEarly = early != nil
  }

  /// Whether `time` lies in the range (a time of `Int64.max` too when it has no end).
  @inline(__always)
  private func inRange(_ time: Int64) -> Bool { window.contains(time) }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    let kept = inRange(update.start)
    let node = nodes.addUpdate(update, inRange: kept)
    add(EventRecord(update, node: node, inRange: kept))
  }

  /// Spills `record` for the join and keeps it for the causes read soon after.
  @inline(__always)
  private func add(_ record: EventRecord, isSource: Bool = false) {
    ids.append(record, id: record.id)
    recent.add(record, isSource: isSource)
  }

  /// Takes `update` as ``consumeUpdate(_:line:symbols:)`` does, with its node found by
  /// `node` (the node of the same (kind, module, name) key, if the caller knows it); returns
  /// the node.
  @inline(__always)
  mutating func consumeUpdate(_ update: Update, knownNode: Int?) -> Int {
    let kept = inRange(update.start)
    let node =
      knownNode.map { nodes.count(update, node: $0, inRange: kept) } ?? nodes.addUpdate(update, inRange: kept)
    add(EventRecord(update, node: node, inRange: kept))
    return node
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .update(let update):
      consumeUpdate(update, line: line, symbols: symbols)
    case .source(let source):
      let kept = source.time.map(inRange) ?? false
      let node = nodes.addSource(source, inRange: kept)
      add(EventRecord(source, node: node, inRange: kept), isSource: true)
    case .cause(let cause):
      var flags: UInt32 = 0
      if window.spans != nil {
        // A window keeps a cause by its target update, else by its own time (never without).
        flags = CauseRecord.windowed
        if let time = cause.time {
          flags |= CauseRecord.hasTime
          if inRange(time) { flags |= CauseRecord.timeInWindow }
        }
      } else if let time = cause.time {
        guard inRange(time) else {
          outOfRange += 1
          return
        }
        flags = CauseRecord.hasTime
      } else if bounded {
        flags = CauseRecord.needsTarget
      }
      if let changed = cause.changed, changesSelf(changed, symbols: symbols) {
        flags |= CauseRecord.changedSelf
      }
      let record = CauseRecord(
        from: cause.from, to: cause.to, line: Int64(line), time: cause.time ?? 0,
        label: place(ofLabel: cause.label, symbols: symbols), flags: flags)
      if resolvesEarly, let target = recent.find(cause.to),
        early.add(record, from: recent.find(cause.from), target: target, updateLabel: updateLabel)
      {
        return
      }
      causeIDs.insert(cause.from, as: .source)
      causes.append(record, id: cause.from)
    default:
      break
    }
  }

  /// The place of `label` in ``labels``.
  @inline(__always)
  private mutating func place(ofLabel label: Symbol, symbols: SymbolTable) -> Int32 {
    if label.rawValue == lastLabel.symbol { return lastLabel.place }
    let place = labelPlaces[label.rawValue] ?? Int32(labels.count)
    if place == labels.count {
      labels.append(label)
      labelPlaces[label.rawValue] = place
      if symbols[label] == "update" { updateLabel = place }
    }
    lastLabel = (label.rawValue, place)
    return place
  }

  /// Whether `changed` reads `@self` (looked up once per symbol).
  private mutating func changesSelf(_ changed: Symbol, symbols: SymbolTable) -> Bool {
    if let known = isSelf[changed.rawValue] { return known }
    let result = symbols[changed] == "@self"
    isSelf[changed.rawValue] = result
    return result
  }
}
