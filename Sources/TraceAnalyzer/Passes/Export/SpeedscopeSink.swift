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
  /// The samples' threads, each spanning its first sample to the latest end of one (time plus
  /// weight).
  private(set) var threads = SampleThreads()

  init(window: TraceWindow = TraceWindow()) { self.window = window }

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    switch event {
    case .sample(let sample):
      guard window.contains(sample.time) else { return }
      let thread = threads.sample(
        sample.thread, isMain: sample.isMainThread, time: sample.time,
        end: sample.time.saturatingAdd(max(sample.weight, 0)))
      let stack = stacks.intern(sample.stack, line: line)
      if stack == stackSamples.count { stackSamples.append(0) }
      stackSamples[stack] += 1
      runs.append(
        SpeedscopeSample(thread: thread, stack: UInt32(stack), time: sample.time, weight: sample.weight))
    case .symbol(let symbol):
      self.symbols.append(symbol)
    default:
      break
    }
  }
}
