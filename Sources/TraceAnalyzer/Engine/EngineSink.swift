import TraceModel

/// The sink of one reader thread in ``TraceRun/read(_:)``: the summary's accumulator, the cause
/// graph's sink when asked, and the passes' part.
struct EngineSink<Part: PassPart>: TraceSink {
  private(set) var summary: SummaryAccumulator
  private(set) var graph: CauseGraphSink?
  /// Whether there is a graph (tested per update without touching the optional sink).
  private let hasGraph: Bool
  private(set) var pass: Part
  /// The graph's node of each summary group (-1: not seen yet): one key lookup an update.
  private var nodeOfGroup: [Int32] = []

  init(summary: SummaryAccumulator, graph: CauseGraphSink?, pass: Part) {
    self.summary = summary
    self.graph = graph
    hasGraph = graph != nil
    self.pass = pass
  }

  @inline(__always)
  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    let group = summary.countUpdate(update)
    if hasGraph { addToGraph(update, group: group) }
    pass.consumeUpdate(update, group: group, symbols: symbols)
  }

  @inline(__always)
  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .update(let update):
      consumeUpdate(update, line: line, symbols: symbols)
      return
    case .cause(let cause):
      summary.countCause(cause)
      if hasGraph { graph!.consume(event, line: line, symbols: symbols) }
      if Part.takesCauses { pass.consume(event, line: line, symbols: symbols) }
      return
    default:
      summary.consume(event, line: line, symbols: symbols)
    }
    if hasGraph { graph!.consume(event, line: line, symbols: symbols) }
    pass.consume(event, line: line, symbols: symbols)
  }

  /// Counts `update` into its graph node, found by its summary group where it has one.
  private mutating func addToGraph(_ update: Update, group: Int?) {
    guard let group else {
      _ = graph!.consumeUpdate(update, knownNode: nil)
      return
    }
    if group >= nodeOfGroup.count {
      nodeOfGroup.append(contentsOf: repeatElement(-1, count: group + 1 - nodeOfGroup.count))
    }
    let known = nodeOfGroup[group]
    let node = graph!.consumeUpdate(update, knownNode: known >= 0 ? Int(known) : nil)
    if known < 0 { nodeOfGroup[group] = Int32(node) }
  }
}
