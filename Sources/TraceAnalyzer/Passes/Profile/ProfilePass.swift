import TraceModel

/// `tracecli profile` as a pass: each part keeps its samples and updates in time order
/// (``SortedRuns``, so memory stays flat), its symbols and its distinct stacks; the finish
/// merges the parts' runs and attributes every sample to the innermost update of its thread
/// (``SampleAttribution``), then names the functions.
struct ProfilePass: Pass {
  /// The node to focus on (`--view`), as `cause-graph` resolves it.
  let view: String?
  /// Whether the output needs the folded stacks (``Profile/stacks``).
  var wantsStacks = false
  /// The nodes whose profile draws their samples as an icicle (``NodeProfile/icicle``).
  var icicles: Set<ViewKey> = []
  /// The sweep, once the read has ended.
  let sweep = EarlyWork<SampleAttribution>()

  struct Part: PassPart {
    let window: TraceWindow
    let runs = SortedRuns<ProfileRecord>(runLength: 1 << 15, memoryLimit: 1 << 17)
    /// The threads of the samples and updates, each spanning its first to its last sample time.
    private(set) var threads = SampleThreads()
    private(set) var stacks = StackTable()
    private(set) var symbols: [CodeSymbol] = []
    /// The views of the updates the inspection range leaves out: `--view` names a node of the
    /// whole trace, as `cause-graph` resolves it.
    private(set) var outsideRange: Set<SummaryAccumulator.LocalKey> = []

    init(window: TraceWindow) { self.window = window }

    mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) {
      guard let group else {
        outsideRange.insert(
          SummaryAccumulator.LocalKey(module: update.module, kind: update.kind, name: update.name))
        return
      }
      guard !update.isUnfinished else { return }
      runs.append(
        ProfileRecord(
          time: update.start, length: update.duration, id: update.id,
          thread: threads.thread(update.thread, isMain: update.isMainThread), group: UInt32(group)))
    }

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
      switch event {
      case .sample(let sample):
        guard window.contains(sample.time) else { return }
        let thread = threads.sample(
          sample.thread, isMain: sample.isMainThread, time: sample.time, end: sample.time)
        let stack = stacks.intern(sample.stack, line: line)
        runs.append(
          ProfileRecord(
            time: sample.time, length: sample.weight, id: Int64(stack), thread: thread,
            group: ProfileRecord.sampleGroup))
      case .symbol(let symbol):
        self.symbols.append(symbol)
      default:
        break
      }
    }
  }

  func makePart(_ context: PartContext) -> Part { Part(window: context.window) }

  func finish(_ read: FinishedRead<Part>) -> Profile {
    let keys = read.builder.keys
    // The nodes `--view` may name: the range's, then those only outside it.
    var known = Set(keys)
    var nodes = keys
    for part in read.parts {
      for local in part.pass.outsideRange {
        let key = local.viewKey(part.symbols)
        if known.insert(key).inserted { nodes.append(key) }
      }
    }
    // The sweep started when the read ended (beside the summary's second phase), or now.
    let attribution =
      sweep.result ?? Self.attribute(read.parts, groupMaps: read.builder.groupMaps, groups: keys.count)
    let functions = FunctionCatalog(parts: read.parts.map { ($0.pass.symbols, $0.symbols) })
    var builder = ProfileBuilder(
      keys: nodes, attribution: attribution, functions: functions,
      stacks: read.parts.map { ($0.pass.stacks, $0.lineOffset) }, view: view, wantsStacks: wantsStacks,
      icicles: icicles)
    return builder.profile()
  }

  /// Merges the parts' runs in time order and sweeps them: every sample to its update, every
  /// node's self time in the sampled spans; `groups` is the summary's number of groups.
  private static func attribute(_ parts: [ReadPart<Part>], groupMaps: [[Int]], groups: Int)
    -> SampleAttribution
  {
    // The parts' threads, by name across parts (0: main).
    var globalThread: [String: Int] = [:]
    var threadMaps: [[Int]] = []
    var spans: [ClosedRange<Int64>?] = [nil]
    for part in parts {
      var map = [0]
      for name in part.pass.threads.names {
        let text = part.symbols[name]
        if let found = globalThread[text] {
          map.append(found)
        } else {
          globalThread[text] = spans.count
          map.append(spans.count)
          spans.append(nil)
        }
      }
      for (local, global) in map.enumerated() where part.pass.threads.starts[local] != .max {
        let first = part.pass.threads.starts[local]
        let last = part.pass.threads.ends[local]
        spans[global] =
          spans[global].map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...last
      }
      threadMaps.append(map)
    }
    var attribution = SampleAttribution(groups: groups, spans: spans)
    var merger = RunMerger(parts.map(\.pass.runs))
    // The parts' thread and group maps, flat: one load a record.
    let threadBases = threadMaps.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    let flatThreads = threadMaps.flatMap { $0 }
    let groupBases = groupMaps.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    let flatGroups = groupMaps.flatMap { $0 }
    flatThreads.withUnsafeBufferPointer { threads in
      flatGroups.withUnsafeBufferPointer { groups in
        merger.forEach { record, part in
          let thread = threads[threadBases[part] &+ Int(record.thread)]
          if record.isSample {
            attribution.sample(record, part: part, thread: thread)
          } else {
            attribution.update(record, group: groups[groupBases[part] &+ Int(record.group)], thread: thread)
          }
        }
      }
    }
    attribution.finish()
    return attribution
  }

  /// Starts the sweep as soon as the read ends, on a thread of its own: it needs the parts and
  /// the summary's group maps, not the summary's second phase, which runs beside it.
  func readEnded(_ parts: [ReadPart<Part>], groupMaps: [[Int]]) {
    let groups = groupMaps.reduce(0) { max($0, ($1.max() ?? -1) + 1) }
    sweep.start { Self.attribute(parts, groupMaps: groupMaps, groups: groups) }
  }
}
