import TraceModel

/// Durations collected by the parts' ``KindDurationCollector``s.
final class CollectedDurations: @unchecked Sendable {
  private let lock = SpinLock()
  private(set) var durations: [[Int64]] = Array(repeating: [], count: UpdateKind.allCases.count)

  func append(_ parts: [[Int64]]) {
    lock.withLock {
      for (kind, values) in parts.enumerated() { durations[kind] += values }
    }
  }

  /// The percentiles of what was collected (consumes it).
  func percentiles() -> KindPercentiles {
    lock.withLock {
      var result = KindPercentiles()
      var all: [Int64] = []
      all.reserveCapacity(durations.reduce(0) { $0 + $1.count })
      for kind in UpdateKind.allCases {
        all += durations[kind.rawValue]
        result.kinds[kind] = KindPercentiles.Pair(sorting: &durations[kind.rawValue])
      }
      result.total = KindPercentiles.Pair(sorting: &all)
      durations = Array(repeating: [], count: UpdateKind.allCases.count)
      return result
    }
  }
}

/// A summary accumulator that also keeps each kept, finished update's duration by kind.
struct KindDurationCollector: TraceSink, SummaryWrapping {
  var summary: SummaryAccumulator
  let store: CollectedDurations
  private var durations: [[Int64]] = Array(repeating: [], count: UpdateKind.allCases.count)

  init(summary: SummaryAccumulator, store: CollectedDurations) {
    self.summary = summary
    self.store = store
  }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    if case .update(let update) = event {
      consumeUpdate(update, line: line, symbols: symbols)
    } else {
      summary.consume(event, line: line, symbols: symbols)
    }
  }

  mutating func consumeUpdate(_ update: Update, line: Int, symbols: SymbolTable) {
    summary.consumeUpdate(update, line: line, symbols: symbols)
    guard !update.isUnfinished, summary.keeps(update) else { return }
    durations[update.kind.rawValue].append(update.duration)
  }

  func finish() {
    store.append(durations)
  }
}
