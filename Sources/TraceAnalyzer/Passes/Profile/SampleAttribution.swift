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

  /// Where a sample went: a node (its group; -1 outside updates), its part and its stack.
  struct Key: Hashable {
    var group: Int32
    var part: Int32
    var stack: Int32
  }

  /// Per key: how many samples, and their weight.
  private(set) var weights: [Key: (samples: Int, ns: Int64)] = [:]
  /// Per group: the self time of its updates that ran while their thread was sampled.
  private(set) var updateNs: [Int64]
  /// Per global thread: the first and last sample time, nil for a thread without samples.
  private let spans: [ClosedRange<Int64>?]
  private var open: [[Open]]

  init(groups: Int, spans: [ClosedRange<Int64>?]) {
    updateNs = Array(repeating: 0, count: groups)
    self.spans = spans
    open = Array(repeating: [], count: spans.count)
  }

  /// Takes the next update (finished) of `thread`.
  mutating func update(_ record: ProfileRecord, group: Int, thread: Int) {
    let start = record.time
    let end = start.saturatingAdd(record.length)
    close(thread, at: start)
    open[thread].withUnsafeMutableBufferPointer { updates in
      for index in updates.indices {
        let covers = min(end, updates[index].end)
        let from = max(start, updates[index].coveredEnd)
        if covers > from { updates[index].covered &+= covers &- from }
        updates[index].coveredEnd = max(updates[index].coveredEnd, covers)
      }
    }
    open[thread].append(Open(start: start, end: end, group: group, coveredEnd: start))
  }

  /// Takes the next sample of `thread`, from `part`'s stack `record.id`.
  mutating func sample(_ record: ProfileRecord, part: Int, thread: Int) {
    close(thread, at: record.time)
    let group = open[thread].last.map { Int32($0.group) } ?? -1
    let key = Key(group: group, part: Int32(part), stack: Int32(record.id))
    weights[key, default: (0, 0)].samples += 1
    weights[key, default: (0, 0)].ns = weights[key, default: (0, 0)].ns.saturatingAdd(record.length)
  }

  /// Ends the sweep: every update still open is finished.
  mutating func finish() {
    for thread in open.indices { close(thread, at: .max) }
  }

  /// Finishes the updates of `thread` that end at or before `time`.
  private mutating func close(_ thread: Int, at time: Int64) {
    guard open[thread].contains(where: { $0.end <= time }) else { return }
    let span = spans[thread]
    for update in open[thread] where update.end <= time {
      guard let span, span.contains(update.start) else { continue }
      updateNs[update.group] = updateNs[update.group].saturatingAdd(update.end &- update.start &- update.covered)
    }
    open[thread].removeAll { $0.end <= time }
  }
}
