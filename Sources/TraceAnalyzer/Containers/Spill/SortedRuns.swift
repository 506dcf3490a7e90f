/// Records appended in any order, read back in ``ExportRecord/precedes(_:_:)`` order.
///
/// Memory is bounded by the run length: each full run is sorted and spilled to an unlinked
/// temporary file; reading merges the runs. A run that starts after the previous one ends
/// extends it, so a trace already in order is one run.
final class SortedRuns: @unchecked Sendable {
  /// Records sorted in memory at once.
  static let runLength = 1 << 17
  /// Records kept in memory before any goes to disk (about 20 MB): a trace of a million
  /// events or so never touches the disk.
  static let memoryLimit = 4 * runLength
  /// Records read from each run at a time while merging.
  static let readLength = 1 << 11

  /// Records sorted in memory at once in this instance.
  let length: Int
  /// Records this instance keeps in memory before spilling.
  let memoryLimit: Int
  private var buffer: [ExportRecord] = []
  /// Spilled runs: byte offset and record count.
  private(set) var runs: [(offset: Int, count: Int)] = []
  private var last: ExportRecord?
  private var file: SpillBlockFile?
  private var memoryRuns: [[ExportRecord]] = []
  private var inMemory = 0
  private(set) var count = 0

  init(runLength: Int = SortedRuns.runLength, memoryLimit: Int = SortedRuns.memoryLimit) {
    length = max(runLength, 1)
    self.memoryLimit = memoryLimit
    buffer.reserveCapacity(length)
  }

  @inline(__always)
  func append(_ record: ExportRecord) {
    buffer.append(record)
    count &+= 1
    if buffer.count == length { flush() }
  }

  /// Sorts and spills the buffered records.
  func flush() {
    guard !buffer.isEmpty else { return }
    if !isSorted(buffer) { buffer.sort(by: ExportRecord.precedes) }
    let extends = last.map { !ExportRecord.precedes(buffer[0], $0) } ?? false
    last = buffer[buffer.count - 1]
    if inMemory + buffer.count <= memoryLimit {
      inMemory += buffer.count
      if extends, let previous = runs.last, previous.offset == -memoryRuns.count {
        memoryRuns[memoryRuns.count - 1] += buffer
        runs[runs.count - 1].count += buffer.count
      } else {
        runs.append((-1 - memoryRuns.count, buffer.count))
        memoryRuns.append(buffer)
      }
      buffer.removeAll(keepingCapacity: true)
      return
    }
    if file == nil { file = SpillBlockFile() }
    let offset = buffer.withUnsafeBytes { file!.append($0) }
    if extends, let previous = runs.last, previous.offset >= 0,
      previous.offset + previous.count * MemoryLayout<ExportRecord>.stride == offset
    {
      runs[runs.count - 1].count += buffer.count
    } else {
      runs.append((offset, buffer.count))
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private func isSorted(_ records: [ExportRecord]) -> Bool {
    for index in records.indices.dropFirst() where ExportRecord.precedes(records[index], records[index - 1]) {
      return false
    }
    return true
  }

  /// A reader of one run.
  struct Cursor {
    let runs: SortedRuns
    let offset: Int
    var remaining: Int
    var position = 0
    var chunk: [ExportRecord] = []
    var index = 0

    init(runs: SortedRuns, run: (offset: Int, count: Int)) {
      self.runs = runs
      offset = run.offset
      remaining = run.count
    }

    /// The next record, nil at the end.
    mutating func next() -> ExportRecord? {
      if index == chunk.count {
        guard remaining > 0 else { return nil }
        let take = min(remaining, SortedRuns.readLength)
        if offset < 0 {
          chunk = Array(runs.memoryRuns[-1 - offset][position..<(position + take)])
        } else {
          let stride = MemoryLayout<ExportRecord>.stride
          chunk = [ExportRecord](unsafeUninitializedCapacity: take) { buffer, initialized in
            let ok =
              runs.file?.read(
                into: UnsafeMutableRawBufferPointer(buffer), at: offset + position * stride) ?? false
            initialized = ok ? take : 0
          }
          if chunk.isEmpty { return nil }
        }
        position += take
        remaining -= take
        index = 0
      }
      defer { index += 1 }
      return chunk[index]
    }
  }
}

/// Merges the runs of several ``SortedRuns`` into one stream in export order.
struct RunMerger {
  private var cursors: [SortedRuns.Cursor] = []
  /// Per cursor: its source index (the part) and its next record, as a binary heap.
  private var heap: [(record: ExportRecord, cursor: Int, source: Int)] = []

  init(_ sources: [SortedRuns]) {
    for (source, runs) in sources.enumerated() {
      runs.flush()
      for run in runs.runs {
        var cursor = SortedRuns.Cursor(runs: runs, run: run)
        if let first = cursor.next() {
          cursors.append(cursor)
          push((first, cursors.count - 1, source))
        }
      }
    }
  }

  /// The next record and the index of the source it came from.
  mutating func next() -> (record: ExportRecord, source: Int)? {
    guard let top = heap.first else { return nil }
    if let following = cursors[top.cursor].next() {
      heap[0] = (following, top.cursor, top.source)
      siftDown(0)
    } else {
      let last = heap.removeLast()
      if !heap.isEmpty {
        heap[0] = last
        siftDown(0)
      }
    }
    return (top.record, top.source)
  }

  private mutating func push(_ entry: (record: ExportRecord, cursor: Int, source: Int)) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard ExportRecord.precedes(heap[child].record, heap[parent].record) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var best = left
      if left + 1 < heap.count && ExportRecord.precedes(heap[left + 1].record, heap[left].record) {
        best = left + 1
      }
      guard ExportRecord.precedes(heap[best].record, heap[parent].record) else { return }
      heap.swapAt(best, parent)
      parent = best
    }
  }
}
