import TraceModel

/// The streaming pass of `report`: everything `diagnose` reads, plus the update groups,
/// hitches and hangs the timeline draws.
///
/// Groups go to a spill (a trace may have one per frame); hitches and hangs are few and kept.
struct ReportSink: DiagnoseWrapping {
  private(set) var diagnose: DiagnoseSink
  private(set) var groups = UpdateSpill()
  private(set) var hitches: [Hitch] = []
  private(set) var hangs: [Hang] = []

  init(diagnose: DiagnoseSink) {
    self.diagnose = diagnose
    groups.addGroup()
  }

  var summary: SummaryAccumulator { diagnose.summary }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    diagnose.consumeUpdate(update, line: line, symbols: symbols)
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    diagnose.consume(event, line: line, symbols: symbols)
    switch event {
    case .group(let group):
      groups.append(
        SpillRecord(
          start: group.start, group: 0, isMainThread: true,
          duration: min(max(group.duration, 0), (1 << 42) - 1)))
    case .hitch(let hitch) where !hitch.system: hitches.append(hitch)
    case .hang(let hang): hangs.append(hang)
    default: break
    }
  }

  func finish() { diagnose.finish() }
}
