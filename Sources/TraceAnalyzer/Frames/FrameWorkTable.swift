/// The work of every frame that had main-thread updates, by frame index, kept flat in memory:
/// entries go to a spill file a block at a time, in index order.
///
/// Records arrive mostly in time order, so entries do too; when they do not (a trace whose
/// lines are out of order), ``finish()`` sorts and merges them in memory instead. A lookup by
/// index (``subscript(_:)``, for listings) loads the entries into memory on first use.
final class FrameWorkTable: @unchecked Sendable {
  /// A frame's ``FrameWork`` and index in 32 bytes.
  struct Entry: SpillPackable {
    var workEnd: Int128
    var index: Int64
    /// Saturated (a frame with four billion updates is one with four billion updates too many).
    var updates: UInt32
    var hasRed: Bool

    init(_ work: FrameWork, index: Int64) {
      workEnd = work.workEnd
      self.index = index
      updates = UInt32(clamping: work.updates)
      hasRed = work.hasRed
    }

    var work: FrameWork { FrameWork(workEnd: workEnd, updates: Int(updates), hasRed: hasRed) }

    mutating func merge(_ other: Entry) {
      workEnd = Swift.max(workEnd, other.workEnd)
      updates = updates.addingReportingOverflow(other.updates).overflow ? .max : updates &+ other.updates
      hasRed = hasRed || other.hasRed
    }
  }

  private let spill = PartitionedSpill<Entry>(partitions: 1, bufferBytes: 1 << 17)
  /// The latest entry, not yet spilled (the next may be of the same frame).
  private var pending: Entry?
  private var isSorted = true
  /// All entries, sorted and merged, once needed in memory.
  private var loaded: [Entry]?

  /// The frames with work (after ``finish()``).
  private(set) var count = 0

  /// Adds `work` done in frame `index` (which may have work already).
  func add(_ work: FrameWork, at index: Int64) {
    let entry = Entry(work, index: index)
    if var last = pending {
      if last.index == index {
        last.merge(entry)
        pending = last
        return
      }
      if last.index > index { isSorted = false }
      spill.append(last, partition: 0)
    }
    pending = entry
  }

  /// Ends adding: spills the last entry, or sorts and merges out-of-order entries.
  func finish() {
    if let last = pending { spill.append(last, partition: 0) }
    pending = nil
    if isSorted {
      count = spill.count
    } else {
      load()
    }
  }

  /// Calls `body` with each frame with work, by increasing index.
  func forEach(_ body: (_ index: Int64, _ work: FrameWork) -> Void) {
    if let loaded {
      for entry in loaded { body(entry.index, entry.work) }
    } else {
      spill.forEach(inPartition: 0) { body($0.index, $0.work) }
    }
  }

  /// The work of frame `index`, if it had any.
  subscript(index: Int64) -> FrameWork? {
    if loaded == nil { load() }
    guard let entries = loaded else { return nil }
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].index < index { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].index == index ? entries[low].work : nil
  }

  /// Reads the spilled entries into memory, sorted by index, one entry a frame.
  private func load() {
    var entries: [Entry] = []
    entries.reserveCapacity(spill.count)
    spill.forEach(inPartition: 0) { entries.append($0) }
    if !isSorted { entries.sort { $0.index < $1.index } }
    var merged: [Entry] = []
    merged.reserveCapacity(entries.count)
    for entry in entries {
      if let last = merged.last, last.index == entry.index {
        merged[merged.count - 1].merge(entry)
      } else {
        merged.append(entry)
      }
    }
    loaded = merged
    count = merged.count
  }
}
