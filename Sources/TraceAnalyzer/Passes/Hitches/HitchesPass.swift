import Dispatch
import TraceModel

/// `tracecli hitches` as a pass: each part keeps the app's recorded hitches and hangs of the
/// range (few) and spills its main-thread finished updates and samples in file order (the
/// samples' stacks interned); the finish, knowing the frame budget and so the windows, scans
/// the spills once for what lies in a window (``HitchWindows``) and explains each event from
/// that alone (``HitchEvidence``).
struct HitchesPass: Pass {
  struct Part: PassPart {
    let window: TraceWindow
    /// Windows are set in the finish, once the budget is known.
    private(set) var events: [RecordedHitch] = []
    let evidence = PartitionedSpill<ProfileRecord>(partitions: 1, bufferBytes: 1 << 18, stagingBytes: 1 << 18)
    private(set) var stacks = StackTable()
    private(set) var symbols: [CodeSymbol] = []
    /// The views of the main-thread updates the range leaves out: an event's window is
    /// explained by every update in it (the range selects events, not evidence).
    private(set) var outsideKeys = KeyIndex<SummaryAccumulator.LocalKey>()

    init(window: TraceWindow) { self.window = window }

    @inline(__always)
    mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {
      guard update.isMainThread, !update.isUnfinished else { return }
      var recorded = group.map(UInt32.init)
      if recorded == nil {
        let key = SummaryAccumulator.LocalKey(module: update.module, kind: update.kind, name: update.name)
        recorded = outsideKeys.index(of: key).map { HitchEvidence.outsideRange + UInt32($0.index) }
      }
      guard let recorded else { return }
      evidence.append(
        ProfileRecord(time: update.start, length: update.duration, id: update.id, thread: 0, group: recorded),
        partition: 0)
    }

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
      switch event {
      case .sample(let sample):
        guard sample.isMainThread else { return }
        let stack = stacks.intern(sample.stack, line: line)
        evidence.append(
          ProfileRecord(
            time: sample.time, length: sample.weight, id: Int64(stack), thread: 0,
            group: ProfileRecord.sampleGroup),
          partition: 0)
      case .symbol(let symbol):
        self.symbols.append(symbol)
      case .hitch(let hitch):
        guard !hitch.system, window.contains(hitch.start) else { return }
        events.append(
          RecordedHitch(
            kind: .hitch, start: hitch.start, duration: hitch.duration,
            narrative: hitch.narrative.map { symbols[$0] },
            cause: hitch.cause.map { symbols[$0] }, window: hitch.start..<hitch.start))
      case .hang(let hang):
        guard window.contains(hang.start) else { return }
        events.append(
          RecordedHitch(
            kind: .hang, start: hang.start, duration: hang.duration, narrative: hang.kind.map { symbols[$0] },
            cause: nil, window: hang.start..<hang.start))
      default:
        break
      }
    }
  }

  func makePart(_ context: PartContext) -> Part { Part(window: context.window) }

  func finish(_ read: FinishedRead<Part>) -> RecordedHitches {
    let budget = read.budget
    var events = read.parts.flatMap(\.pass.events)
    for index in events.indices {
      let event = events[index]
      let lower =
        event.kind == .hitch
        ? event.start.saturatingSubtract(Int64(clamping: 2 * Int128(budget))) : event.start
      events[index].window = lower..<max(lower, event.start.saturatingAdd(event.duration))
    }
    events.sort(by: RecordedHitch.listedBefore)
    let sampled = Self.sampled(read.summary)
    guard !events.isEmpty else { return RecordedHitches(events: [], sampled: sampled) }
    let windows = HitchWindows(events.map(\.window))
    // The views of the range, then those only outside it, and each part's outside views to them.
    var keys = read.builder.keys
    var known = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let outsideMaps = read.parts.map { part in
      part.pass.outsideKeys.keys.map { local -> Int in
        let key = local.viewKey(part.symbols)
        if let found = known[key] { return found }
        keys.append(key)
        known[key] = keys.count - 1
        return keys.count - 1
      }
    }
    let runs = Self.windowRecords(
      read.parts, windows: windows, groupMaps: read.builder.groupMaps, outsideMaps: outsideMaps)
    var records = RunMerger(runs)
    var evidence = HitchEvidence(
      keys: keys, functions: FunctionCatalog(parts: read.parts.map { ($0.pass.symbols, $0.symbols) }),
      stacks: read.parts.map(\.pass.stacks))
    evidence.explain(&events, windows: windows, records: &records, sampled: sampled)
    return RecordedHitches(events: events, sampled: sampled)
  }

  /// Whether the recording had Time Profiler samples: its header's `recorded` list says so,
  /// or, without one, it holds a sample.
  static func sampled(_ summary: TraceSummary) -> Bool {
    if let recorded = summary.header?.recorded { return recorded.contains("samples") }
    return summary.events.samples > 0
  }

  /// Per part, scanned on its own thread: its updates' pieces and its samples in each window,
  /// in sorted runs (which spill to disk, so memory stays flat).
  private static func windowRecords(
    _ parts: [ReadPart<Part>], windows: HitchWindows, groupMaps: [[Int]], outsideMaps: [[Int]]
  ) -> [SortedRuns<WindowRecord>] {
    let runs = parts.map { _ in SortedRuns<WindowRecord>(runLength: 1 << 15, memoryLimit: 1 << 17) }
    DispatchQueue.concurrentPerform(iterations: parts.count) { part in
      let sink = runs[part]
      let groups = groupMaps[part]
      let outside = outsideMaps[part]
      var hint = 0
      parts[part].pass.evidence.forEachBlock(inPartition: 0) { records in
        for record in records {
          if record.isSample {
            windows.forEachHolding(record.time, hint: &hint) { window in
              sink.append(
                WindowRecord(
                  window: UInt32(window), group: WindowRecord.sample, time: record.time, end: record.length,
                  duration: 0, id: record.id, part: UInt32(part)))
            }
            continue
          }
          let end = record.time.saturatingAdd(record.length)
          windows.forEachOverlap(record.time, end, hint: &hint) { window in
            let bounds = windows.bounds(at: window)
            let group =
              record.group >= HitchEvidence.outsideRange
              ? outside[Int(record.group - HitchEvidence.outsideRange)] : groups[Int(record.group)]
            sink.append(
              WindowRecord(
                window: UInt32(window), group: UInt32(group), time: max(record.time, bounds.lowerBound),
                end: min(end, bounds.upperBound), duration: record.length, id: record.id))
          }
        }
      }
      sink.flush()
    }
    return runs
  }
}
