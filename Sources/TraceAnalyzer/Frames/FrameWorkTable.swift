/// The work of every frame that had main-thread updates, by frame index: compact, so it stays
/// small as traces grow (a frame costs 32 bytes, not a dictionary entry's 80 or more).
struct FrameWorkTable: Sendable, Sequence {
  /// A frame's ``FrameWork`` and index in 32 bytes.
  private struct Entry: Sendable {
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

  /// Sorted by index, one entry a frame, once ``finish()`` has run.
  private var entries: [Entry] = []
  private var isSorted = true

  /// The frames with work.
  var count: Int { entries.count }

  /// Adds `work` done in frame `index` (which may have work already).
  mutating func add(_ work: FrameWork, at index: Int64) {
    if let last = entries.last {
      if last.index == index {
        entries[entries.count - 1].merge(Entry(work, index: index))
        return
      }
      if last.index > index { isSorted = false }
    }
    entries.append(Entry(work, index: index))
  }

  /// Sorts the entries and merges those of one frame; call once everything is added.
  mutating func finish() {
    guard !isSorted else { return }
    entries.sort { $0.index < $1.index }
    var merged: [Entry] = []
    merged.reserveCapacity(entries.count)
    for entry in entries {
      if let last = merged.last, last.index == entry.index {
        merged[merged.count - 1].merge(entry)
      } else {
        merged.append(entry)
      }
    }
    entries = merged
    isSorted = true
  }

  /// The work of frame `index`, if it had any.
  subscript(index: Int64) -> FrameWork? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].index < index { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].index == index ? entries[low].work : nil
  }

  /// The frames by index, with their work.
  func makeIterator() -> some IteratorProtocol<(Int64, FrameWork)> {
    entries.lazy.map { ($0.index, $0.work) }.makeIterator()
  }
}
