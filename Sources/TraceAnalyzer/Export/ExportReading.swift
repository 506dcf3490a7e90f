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
  let arena = Arena()
  /// Thread names, in order of first sight.
  let threads: [String]
  let timeline: FrameTimeline
  let budget: Int64

  init(reading: TraceReading<ExportSink>) {
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
          keys.append(
            Key(
              kind: local.kind, isMainThread: local.isMainThread, thread: threadNumber,
              label: arena.store(ExportWriter.quoted(label)), name: arena.store(ExportWriter.quoted(name)),
              module: arena.store(ExportWriter.quoted(module)),
              threadName: arena.store(ExportWriter.quoted(thread))))
          return keys.count - 1
        })
    }
    self.keys = keys
    self.maps = maps
    self.threads = threads
    budget = (reading.header ?? TraceHeader()).frameBudget
    let frames = reading.parts.flatMap(\.sink.frames)
    if frames.isEmpty {
      let earliest = reading.parts.map(\.sink.earliest).min() ?? .max
      timeline = .grid(anchor: reading.header?.start ?? (earliest == .max ? 0 : earliest), budget: budget)
    } else {
      timeline = .explicit(frames.sorted())
    }
  }

  /// Calls `body` with every update in export order (by start, longer first) and its key.
  func forEachUpdate(_ body: (ExportRecord, Key) -> Void) {
    var merger = RunMerger(parts.map(\.sink.runs))
    keys.withUnsafeBufferPointer { keys in
      while let (record, source) = merger.next() {
        body(record, keys[maps[source][Int(record.key)]])
      }
    }
  }
}

/// Follows the frames of updates given in start order: each frame's main-thread work, and
/// whether it missed its deadline, as soon as its last update has gone by.
struct FrameFollower {
  let timeline: FrameTimeline
  let red: Int64
  private(set) var index: Int64?
  private var work = FrameWork()

  init(timeline: FrameTimeline, red: Int64) {
    self.timeline = timeline
    self.red = red
  }

  /// A finished frame: its index, interval and work.
  struct Done {
    var index: Int64
    var frame: TraceModelFrame
    var updates: Int
    /// Nil when the frame met its deadline (or had no main-thread work).
    var overrunNs: Int64?
  }

  /// Moves to the frame of an update starting at `start`; returns the frame left behind.
  @inline(__always)
  mutating func advance(to start: Int64) -> (frame: Int64?, done: Done?) {
    let next = timeline.index(of: start)
    guard next != index else { return (next, nil) }
    let done = finish()
    index = next
    return (next, done)
  }

  /// Adds a finished main-thread update of the current frame.
  @inline(__always)
  mutating func add(start: Int64, duration: Int64) {
    work.add(start: start, duration: duration, isRed: duration > red)
  }

  /// The current frame's figures (nil when it had no main-thread work); starts afresh.
  mutating func finish() -> Done? {
    defer { work = FrameWork() }
    guard let index, work.updates > 0 else { return nil }
    let deadline = timeline.deadline(at: index)
    let overrun = work.workEnd > deadline ? Int64(clamping: work.workEnd - deadline) : nil
    return Done(index: index, frame: timeline.frame(at: index), updates: work.updates, overrunNs: overrun)
  }
}
