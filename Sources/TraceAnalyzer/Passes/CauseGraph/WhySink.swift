import TraceModel

/// The streaming pass of `why` over one reader part: spills every update and source (id,
/// node, time) partitioned by id, and every cause partitioned by its target id, so the
/// backward search (``CauseChainSearch``) can read just the partitions of the ids it asks
/// about.
struct WhySink: TraceSink {
  /// A cause: 48 bytes; strings are part symbols (-1: absent), `line` part-relative.
  struct CauseRecord: SpillPackable, Sendable {
    static let hasTime: UInt32 = 1

    var from: Int64
    var to: Int64
    var time: Int64
    var line: Int64
    var label: Int32
    var changed: Int32
    var valueType: Int32
    var flags: UInt32
  }

  private(set) var nodes = LocalNodeTable()
  let events: PartitionedSpill<EventRecord>
  /// Causes partitioned by `to`.
  let causes: PartitionedSpill<CauseRecord>
  /// The earliest `start`/`time` of any event but the header.
  private(set) var earliest: Int64 = .max
  /// The first backtrace of each source node (by its part-local node) that has one.
  private(set) var backtraces: [UInt32: [String]] = [:]

  /// - Parameter bufferBytes: memory for the event spill's blocks (the cause spill gets half).
  init(partitions: Int, bufferBytes: Int = 1 << 20) {
    events = PartitionedSpill(partitions: partitions, bufferBytes: bufferBytes)
    causes = PartitionedSpill(partitions: partitions, bufferBytes: bufferBytes / 2)
  }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    earliest = min(earliest, update.start)
    let node = nodes.addUpdate(update, inRange: true)
    events.append(EventRecord(update, node: node, inRange: true), id: update.id)
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .header:
      return
    case .update(let update):
      consumeUpdate(update, line: line, symbols: symbols)
      return
    case .source(let source):
      let node = nodes.addSource(source, inRange: true)
      events.append(EventRecord(source, node: node, inRange: true), id: source.id)
      if !source.backtrace.isEmpty && backtraces[UInt32(node)] == nil {
        backtraces[UInt32(node)] = source.backtrace
      }
    case .cause(let cause):
      causes.append(
        CauseRecord(
          from: cause.from, to: cause.to, time: cause.time ?? 0, line: Int64(line),
          label: cause.label.rawValue,
          changed: cause.changed?.rawValue ?? -1, valueType: cause.valueType?.rawValue ?? -1,
          flags: cause.time == nil ? 0 : CauseRecord.hasTime),
        id: cause.to)
    default:
      break
    }
    if let time = event.time { earliest = min(earliest, time) }
  }
}
