/// The sweep that gives each sample its update (analysis.md "Samples"), over updates and
/// samples in ``ProfileRecord`` order.
///
/// Per thread it keeps the updates still open at the sweep's time, in the order they came:
/// an update's inner updates all come after it, so the innermost update holding a sample is
/// the last one open, and an update's self time is its duration less the union of what later
/// updates that start before it ends cover (their starts only grow, so a running end suffices).
struct SampleAttribution {
  /// An update whose end the sweep has not passed.
  private struct Open {
    var start: Int64
    var end: Int64
    var group: Int
    /// Time of it that inner updates cover, up to `coveredEnd`.
    var covered: Int64 = 0
    var coveredEnd: Int64
  }

  /// One thread's open updates in arrival order: a buffer the sweep changes in place.
  private struct OpenUpdates {
    // No room until the thread's first update: a trace may name many threads.
    var items = UnsafeMutablePointer<Open>.allocate(capacity: 0)
    var capacity = 0
    var count = 0

    mutating func append(_ update: Open) {
      if count == capacity {
        let grown = UnsafeMutablePointer<Open>.allocate(capacity: max(capacity * 2, 8))
        grown.moveInitialize(from: items, count: count)
        items.deallocate()
        items = grown
        capacity = max(capacity * 2, 8)
      }
      (items + count).initialize(to: update)
      count += 1
    }
  }

  /// Where a sample went: a node (its group; -1 outside updates), its part and its stack.
  struct Key: Hashable {
    var group: Int32
    var part: Int32
    var stack: Int32
  }

  /// How many samples, and their weight.
  struct Weight {
    var samples = 0
    var ns: Int64 = 0

    mutating func add(_ weight: Int64) {
      samples += 1
      ns = ns.saturatingAdd(weight)
    }
  }

  private(set) var weights: [Key: Weight] = [:]
  /// Per group: the self time of its updates that ran while their thread was sampled.
  private(set) var updateNs: [Int64]
  /// Per global thread: the first and last sample time, nil for a thread without samples.
  private let spans: [ClosedRange<Int64>?]
  /// Per thread: its open updates (owned by `buffers`, which frees them).
  private let open: UnsafeMutablePointer<OpenUpdates>
  private let threads: Int
  private let buffers: Buffers

  /// Frees the open updates' buffers when the sweep is done with them.
  private final class Buffers {
    let open: UnsafeMutablePointer<OpenUpdates>
    let threads: Int

    init(_ open: UnsafeMutablePointer<OpenUpdates>, threads: Int) {
      self.open = open
      self.threads = threads
    }

    deinit {
      for thread in 0..<threads { open[thread].items.deallocate() }
      open.deinitialize(count: threads)
      open.deallocate()
    }
  }
  /// Per thread: the earliest end among its open updates (`.max` when none).
  private var earliestEnd: [Int64]

  init(groups: Int, spans: [ClosedRange<Int64>?]) {
    updateNs = Array(repeating: 0, count: groups)
    self.spans = spans
    threads = spans.count
    open = .allocate(capacity: max(spans.count, 1))
    for thread in 0..<spans.count { (open + thread).initialize(to: OpenUpdates()) }
    buffers = Buffers(open, threads: spans.count)
    earliestEnd = Array(repeating: .max, count: spans.count)
  }

  /// Takes the next update (finished) of `thread`.
  mutating func update(_ record: ProfileRecord, group: Int, thread: Int) {
    let start = record.time
    let end = start.saturatingAdd(record.length)
    close(thread, at: start)
    let updates = open + thread
    for index in 0..<updates.pointee.count {
      let item = updates.pointee.items + index
      let covers = min(end, item.pointee.end)
      let from = max(start, item.pointee.coveredEnd)
      if covers > from { item.pointee.covered &+= covers &- from }
      item.pointee.coveredEnd = max(item.pointee.coveredEnd, covers)
    }
    updates.pointee.append(Open(start: start, end: end, group: group, coveredEnd: start))
    earliestEnd[thread] = min(earliestEnd[thread], end)
  }

  /// Takes the next sample of `thread`, from `part`'s stack `record.id`.
  mutating func sample(_ record: ProfileRecord, part: Int, thread: Int) {
    close(thread, at: record.time)
    let updates = open[thread]
    let group = updates.count > 0 ? Int32(updates.items[updates.count - 1].group) : -1
    weights[Key(group: group, part: Int32(part), stack: Int32(record.id)), default: Weight()].add(
      record.length)
  }

  /// Ends the sweep: every update still open is finished.
  mutating func finish() {
    for thread in 0..<threads { close(thread, at: .max) }
  }

  /// Finishes the updates of `thread` that end at or before `time`.
  @inline(__always)
  private mutating func close(_ thread: Int, at time: Int64) {
    guard earliestEnd[thread] <= time else { return }
    let span = spans[thread]
    var earliest = Int64.max
    let updates = open + thread
    let items = updates.pointee.items
    var kept = 0
    for index in 0..<updates.pointee.count {
      let update = items[index]
      guard update.end <= time else {
        earliest = min(earliest, update.end)
        items[kept] = update
        kept &+= 1
        continue
      }
      guard let span, span.contains(update.start) else { continue }
      updateNs[update.group] = updateNs[update.group].saturatingAdd(
        update.end &- update.start &- update.covered)
    }
    updates.pointee.count = kept
    earliestEnd[thread] = earliest
  }
}
