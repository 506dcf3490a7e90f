import TraceModel

/// One trace read for export: the parts' sinks, every update's key with its names resolved
/// once (JSON bytes ready to copy), and the frame timeline.
struct ExportReading {
  /// An update key with the strings the exports write, JSON-quoted in ``arena`` (plain
  /// values: nothing to retain per update).
  struct Key {
    var kind: UpdateKind
    var isMainThread: Bool
    /// Index in ``threads``.
    var thread: Int
    /// The node label (`Name.body`).
    var label: UnsafeRawBufferPointer
    /// `view ?? label ?? "(unnamed)"`, the module (`""` when absent) and the thread.
    var name: UnsafeRawBufferPointer
    var module: UnsafeRawBufferPointer
    var threadName: UnsafeRawBufferPointer
    /// The Chrome export's update event up to its track id (``ChromeTraceExport/updateHead(label:)``).
    var chromeHead: UnsafeRawBufferPointer
    /// The Chrome export's update `args` from `kind` to `severity`
    /// (``ChromeTraceExport/updateArgs(kind:module:)``).
    var chromeArgs: UnsafeRawBufferPointer
  }

  /// A source's name as its slice writes it: its kind and its label, JSON-quoted in ``arena``.
  struct SourceName {
    var kind: UnsafeRawBufferPointer
    var label: UnsafeRawBufferPointer
  }

  /// Owns the bytes the keys point into.
  final class Arena: @unchecked Sendable {
    private var blocks: [UnsafeMutableRawBufferPointer] = []

    /// A copy of `bytes` that lives as long as the arena.
    func store(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
      let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
      block.copyBytes(from: bytes)
      blocks.append(block)
      return UnsafeRawBufferPointer(rebasing: block[0..<bytes.count])
    }

    deinit { for block in blocks { block.deallocate() } }
  }

  let parts: [TracePart<ExportSink>]
  let header: TraceHeader?
  let report: TraceReadReport
  /// Per part, local key → index in ``keys``.
  let maps: [[Int]]
  let keys: [Key]
  /// Per part, local source key → index in ``sourceNames``.
  let sourceMaps: [[Int32]]
  /// The sources' distinct names (kind and label).
  let sourceNames: [SourceName]
  let arena = Arena()
  /// Thread names, in order of first sight.
  let threads: [String]
  /// The frame verdicts of the finished main-thread updates.
  let frames: FrameVerdicts
  var budget: Int64 { frames.timeline.budget.ns }

  /// Resolves the keys of `reading` and judges its frames (a pass over each part's sorted
  /// updates); `refreshRate` overrides the trace's, `red` is the red threshold.
  init(reading: TraceReading<ExportSink>, refreshRate: Double?, red: Int64) {
    parts = reading.parts
    header = reading.header
    report = reading.report
    var keys: [Key] = []
    var maps: [[Int]] = []
    var index: [String: Int] = [:]
    var threads: [String] = []
    var threadIndex: [String: Int] = [:]
    let arena = arena
    for part in reading.parts {
      let symbols = part.symbols
      maps.append(
        part.sink.keys.map { local in
          let name = (local.view ?? local.label).map { symbols[$0] } ?? ViewKey.unnamed
          let module = local.module.map { symbols[$0] } ?? ""
          let thread = local.isMainThread ? "main" : local.thread.map { symbols[$0] } ?? "main"
          let identity = "\(local.kind)\u{0}\(module)\u{0}\(name)\u{0}\(thread)\u{0}\(local.isMainThread)"
          if let found = index[identity] { return found }
          let label = CauseGraph.Node(kind: .update(local.kind), name: name).label
          index[identity] = keys.count
          let threadNumber = threadIndex[thread] ?? threads.count
          if threadNumber == threads.count {
            threadIndex[thread] = threadNumber
            threads.append(thread)
          }
          let quotedLabel = ExportWriter.quoted(label)
          let quotedModule = ExportWriter.quoted(module)
          keys.append(
            Key(
              kind: local.kind, isMainThread: local.isMainThread, thread: threadNumber,
              label: arena.store(quotedLabel), name: arena.store(ExportWriter.quoted(name)),
              module: arena.store(quotedModule),
              threadName: arena.store(ExportWriter.quoted(thread)),
              chromeHead: arena.store(ChromeTraceExport.updateHead(label: quotedLabel)),
              chromeArgs: arena.store(ChromeTraceExport.updateArgs(kind: local.kind, module: quotedModule))))
          return keys.count - 1
        })
    }
    self.keys = keys
    self.maps = maps
    var sourceNames: [SourceName] = []
    var sourceIndex: [String: Int32] = [:]
    sourceMaps = reading.parts.map { part in
      part.sink.sourceKeys.map { local in
        let label = part.symbols[local.label]
        let identity = "\(local.kind)\u{0}\(label)"
        if let found = sourceIndex[identity] { return found }
        let index = Int32(sourceNames.count)
        sourceIndex[identity] = index
        sourceNames.append(
          SourceName(
            kind: arena.store(ExportWriter.quoted(local.kind.description)),
            label: arena.store(ExportWriter.quoted(label))))
        return index
      }
    }
    self.sourceNames = sourceNames
    self.threads = threads
    let earliest =
      (reading.parts.compactMap(\.sink.earliest) + [reading.report.unknownEarliest].compactMap { $0 }).min()
    let timeline = FrameTimeline(
      recorded: reading.parts.flatMap(\.sink.frames),
      budget: FrameBudget(header: reading.header, refreshRate: refreshRate),
      anchor: reading.header?.start ?? earliest ?? 0)
    frames = Self.frames(of: reading.parts, timeline: timeline, red: red)
  }

  /// The verdicts of the parts' finished main-thread updates: a part on each thread, continuing
  /// the busy run the parts before it ended with, the parts joined in file order (as the
  /// summary's second phase does); when they are not in start order across parts, one assigner
  /// over all of them merged.
  private static func frames(of parts: [TracePart<ExportSink>], timeline: FrameTimeline, red: Int64)
    -> FrameVerdicts
  {
    @Sendable func assign(_ sources: [SortedRuns<ExportRecord>], continuing: Int64?) -> FrameAssigner.Part {
      var assigner = FrameAssigner(timeline: timeline, red: red, continuing: continuing)
      var merger = RunMerger(sources)
      merger.forEach { record, _ in
        if record.isMainThread && record.isFinished {
          assigner.add(start: record.start, duration: record.duration)
        }
      }
      return assigner.finish()
    }
    let continuing = FrameAssigner.continuing(parts.map(\.sink.mainEnd))
    let assigned = concurrentMap(Array(parts.indices)) { part in
      assign([parts[part].sink.runs], continuing: continuing[part])
    }
    if FrameVerdicts.inOrder(assigned) { return FrameVerdicts(timeline: timeline, parts: assigned) }
    return FrameVerdicts(timeline: timeline, parts: [assign(parts.map(\.sink.runs), continuing: nil)])
  }

  /// Calls `body` with every update in export order (by start, longer first) and its key.
  ///
  /// The record's `key` is the index of its key in ``keys``.
  func forEachUpdate(_ body: (ExportRecord, Key) -> Void) {
    var merger = RunMerger(parts.map(\.sink.runs))
    keys.withUnsafeBufferPointer { keys in
      merger.forEach { next, source in
        var record = next
        let key = maps[source][Int(record.key)]
        record.key = Int32(truncatingIfNeeded: key)
        body(record, keys[key])
      }
    }
  }
}
