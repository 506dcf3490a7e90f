import TraceModel

/// The streaming pass of `export --format speedscope` over one reader part: each sample the
/// window keeps as a 24-byte record in sorted runs (by thread, then time), its stack interned
/// once, and the symbols; every other event is passed over.
struct SpeedscopeSink: TraceSink {
  /// What the export keeps, by a sample's time.
  let window: TraceWindow
  let runs = SortedRuns<SpeedscopeSample>()
  private(set) var stacks = StackTable()
  /// By stack index: the samples of that stack.
  private(set) var stackSamples: [Int] = []
  private(set) var symbols: [CodeSymbol] = []
  /// By thread index − 1: the thread's name (index 0 is the main thread).
  private(set) var threadNames: [Symbol] = []
  private var threadIndex: [Symbol: UInt32] = [:]
  /// By thread index: the first sample's time and the latest end of a sample (time plus weight);
  /// `.max` and `.min` without samples.
  private(set) var starts: [Int64] = [.max]
  private(set) var ends: [Int64] = [.min]

  init(window: TraceWindow = TraceWindow()) { self.window = window }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .sample(let sample):
      guard window.contains(sample.time) else { return }
      let thread = thread(sample.thread, isMain: sample.isMainThread)
      let stack = stacks.intern(sample.stack, line: line)
      if stack == stackSamples.count { stackSamples.append(0) }
      stackSamples[stack] += 1
      starts[Int(thread)] = min(starts[Int(thread)], sample.time)
      ends[Int(thread)] = max(ends[Int(thread)], sample.time.saturatingAdd(max(sample.weight, 0)))
      runs.append(
        SpeedscopeSample(thread: thread, stack: UInt32(stack), time: sample.time, weight: sample.weight))
    case .symbol(let symbol):
      self.symbols.append(symbol)
    default:
      break
    }
  }

  /// The part's index of the thread `name` (0 for the main thread).
  private mutating func thread(_ name: Symbol?, isMain: Bool) -> UInt32 {
    guard !isMain, let name else { return 0 }
    if let found = threadIndex[name] { return found }
    threadNames.append(name)
    let index = UInt32(threadNames.count)
    threadIndex[name] = index
    starts.append(.max)
    ends.append(.min)
    return index
  }
}
