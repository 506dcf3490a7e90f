/// A fixed-size record that ``SortedRuns`` orders, packed (``SpillPackable``) when a run
/// leaves memory.
protocol RunRecord: SpillPackable, Sendable {
  /// Whether `a` comes before `b`: a strict weak order.
  static func precedes(_ a: Self, _ b: Self) -> Bool
}

/// Records appended in any order, read back in ``RunRecord/precedes(_:_:)`` order.
///
/// Memory is bounded by the run length and a few words a spilled block: each full run is sorted
/// and spilled to an unlinked temporary file, packed a block of ``readLength`` records at a
/// time; reading merges the runs.
/// A run that starts after the previous one ends extends it, so a trace already in order is one
/// run.
final class SortedRuns<Record: RunRecord>: @unchecked Sendable {
  /// Records sorted in memory at once.
  static var runLength: Int { 1 << 17 }
  /// Records kept in memory before any goes to disk (about 20 MB): a trace of a million
  /// events or so never touches the disk.
  static var memoryLimit: Int { 4 * runLength }
  /// Records read from each run at a time while merging, and records a spilled block packs.
  static var readLength: Int { 1 << 11 }

  /// A block of a spilled run: its packed bytes in the file, its records' place in all the
  /// records spilled, and its first record (so that a range search reads one block a run).
  private struct Block {
    var offset: Int
    var bytes: Int
    /// The number, among all records spilled, of its first record.
    var start: Int
    var count: Int
    var first: Record
  }

  /// Records sorted in memory at once in this instance.
  let length: Int
  /// Records this instance keeps in memory before spilling.
  let memoryLimit: Int
  @exclusivity(unchecked) private var buffer: [Record] = []
  /// The runs and their record counts: a spilled run's `offset` is the index of its first block
  /// in ``blocks``; a run kept in memory has offset `-1 - c`, its records in ``memoryChunks``
  /// from `c` on.
  private(set) var runs: [(offset: Int, count: Int)] = []
  private var last: Record?
  private var file: SpillBlockFile?
  /// The spilled blocks, in file order (a run's blocks follow one another).
  private var blocks: [Block] = []
  /// Records spilled so far.
  private var spilledCount = 0
  /// The runs kept in memory, a sorted buffer a chunk: a run that extends one adds a chunk (no
  /// copy of what it extends).
  private var memoryChunks: [[Record]] = []
  private var inMemory = 0
  @exclusivity(unchecked) private(set) var count = 0

  init(runLength: Int = SortedRuns<Record>.runLength, memoryLimit: Int = SortedRuns<Record>.memoryLimit) {
    length = max(runLength, 1)
    self.memoryLimit = memoryLimit
    buffer.reserveCapacity(length)
  }

  @inline(__always)
  func append(_ record: Record) {
    buffer.append(record)
    count &+= 1
    if buffer.count == length { flush() }
  }

  /// Sorts and spills the buffered records.
  func flush() {
    guard !buffer.isEmpty else { return }
    if !isSorted(buffer) { buffer.sort(by: Record.precedes) }
    let extends = last.map { !Record.precedes(buffer[0], $0) } ?? false
    last = buffer[buffer.count - 1]
    if inMemory + buffer.count <= memoryLimit {
      inMemory += buffer.count
      // A memory run's chunks are the last ones while it is the last run.
      if extends, let previous = runs.last, previous.offset < 0 {
        runs[runs.count - 1].count += buffer.count
      } else {
        runs.append((-1 - memoryChunks.count, buffer.count))
      }
      memoryChunks.append(buffer)
      buffer.removeAll(keepingCapacity: true)
      return
    }
    // A spilled run's blocks are the last ones while it is the last run.
    if extends, let previous = runs.last, previous.offset >= 0 {
      runs[runs.count - 1].count += buffer.count
    } else {
      runs.append((blocks.count, buffer.count))
    }
    spill(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Packs `records` into blocks and appends them to the file in one write.
  private func spill(_ records: [Record]) {
    let blockLength = Self.readLength
    let blockCount = (records.count + blockLength - 1) / blockLength
    let capacity = Record.packedBytes(atMost: blockLength)
    let packed = UnsafeMutableRawPointer.allocate(byteCount: blockCount * capacity, alignment: 8)
    defer { packed.deallocate() }
    var used = 0
    let firstBlock = blocks.count
    records.withUnsafeBufferPointer { records in
      for from in stride(from: 0, to: records.count, by: blockLength) {
        let block = UnsafeBufferPointer(rebasing: records[from..<min(from + blockLength, records.count)])
        let bytes = Record.pack(block, into: packed + used)
        blocks.append(
          Block(offset: used, bytes: bytes, start: spilledCount, count: block.count, first: block[0]))
        spilledCount += block.count
        used += bytes
      }
    }
    if file == nil { file = SpillBlockFile() }
    let offset = file!.append(UnsafeRawBufferPointer(start: packed, count: used))
    for index in firstBlock..<blocks.count { blocks[index].offset += offset }
  }

  /// The records of spilled block `index`, unpacked; nil when the spill cannot be read.
  fileprivate func records(ofBlock index: Int) -> [Record]? {
    let block = blocks[index]
    let packed = UnsafeMutableRawPointer.allocate(byteCount: max(block.bytes, 1), alignment: 8)
    defer { packed.deallocate() }
    let bytes = UnsafeMutableRawBufferPointer(start: packed, count: block.bytes)
    guard file?.read(into: bytes, at: block.offset) == true else { return nil }
    let records = [Record](unsafeUninitializedCapacity: block.count) { buffer, initialized in
      initialized = Record.unpack(packed, count: block.bytes, into: buffer.baseAddress!)
    }
    return records.count == block.count ? records : nil
  }

  /// The index of the spilled block that holds record number `spilledIndex` (among all records
  /// spilled), trying `hint` first.
  fileprivate func block(holding spilledIndex: Int, hint: Int) -> Int {
    if hint < blocks.count && blocks[hint].start <= spilledIndex
      && spilledIndex < blocks[hint].start + blocks[hint].count
    {
      return hint
    }
    var low = 0
    var high = blocks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if blocks[middle].start <= spilledIndex { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The position in `run` of its first record that `isAfter` holds for (its count when none),
  /// by binary search: `isAfter` must hold for every record after one it holds for.
  fileprivate func firstPosition(in run: (offset: Int, count: Int), where isAfter: (Record) -> Bool) -> Int {
    guard run.offset >= 0 else {
      var low = 0
      var high = run.count
      while low < high {
        let middle = (low + high) / 2
        let (chunk, at) = memoryPlace(of: middle, inRunAt: run.offset)
        if isAfter(memoryChunks[chunk][at]) { high = middle } else { low = middle + 1 }
      }
      return low
    }
    // The first block whose first record is after, then the block before it, record by record.
    let runStart = blocks[run.offset].start
    let end = block(holding: runStart + run.count - 1, hint: run.offset) + 1
    var low = run.offset
    var high = end
    while low < high {
      let middle = (low + high) / 2
      if isAfter(blocks[middle].first) { high = middle } else { low = middle + 1 }
    }
    guard low > run.offset else { return 0 }
    let candidate = low - 1
    guard let records = records(ofBlock: candidate) else { return run.count }
    let within = records.firstIndex(where: isAfter) ?? records.count
    return min(blocks[candidate].start + within - runStart, run.count)
  }

  /// The chunk and the index in it of record `index` of the memory run at `offset`.
  private func memoryPlace(of index: Int, inRunAt offset: Int) -> (chunk: Int, index: Int) {
    var chunk = -1 - offset
    var index = index
    while index >= memoryChunks[chunk].count {
      index -= memoryChunks[chunk].count
      chunk += 1
    }
    return (chunk, index)
  }

  private func isSorted(_ records: [Record]) -> Bool {
    for index in records.indices.dropFirst() where Record.precedes(records[index], records[index - 1]) {
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
    /// Records read ahead (a memory chunk itself, shared, or an unpacked block), the next one's
    /// index and the end.
    var chunk: [Record] = []
    var index = 0
    var end = 0
    /// The spilled block to read next (where the next record is looked for first).
    private var block: Int

    init(runs: SortedRuns, run: (offset: Int, count: Int)) {
      self.runs = runs
      offset = run.offset
      remaining = run.count
      block = max(run.offset, 0)
    }

    /// The next record, nil at the end.
    mutating func next() -> Record? {
      if index == end {
        guard remaining > 0 else { return nil }
        let take: Int
        if offset < 0 {
          let (place, at) = runs.memoryPlace(of: position, inRunAt: offset)
          chunk = runs.memoryChunks[place]
          take = min(remaining, chunk.count - at)
          index = at
        } else {
          let spilledIndex = runs.blocks[offset].start + position
          block = runs.block(holding: spilledIndex, hint: block)
          guard let records = runs.records(ofBlock: block) else {
            chunk = []
            index = 0
            end = 0
            remaining = 0
            return nil
          }
          chunk = records
          index = spilledIndex - runs.blocks[block].start
          take = min(remaining, chunk.count - index)
          block += 1
        }
        position += take
        remaining -= take
        end = index + take
      }
      defer { index += 1 }
      return chunk[index]
    }
  }
}

/// Merges the runs of several ``SortedRuns`` into one stream in their order.
struct RunMerger<Record: RunRecord> {
  private var cursors: [SortedRuns<Record>.Cursor] = []
  /// Per cursor: its source index (the part) and its next record, as a binary heap.
  private var heap: [(record: Record, cursor: Int, source: Int)] = []

  init(_ sources: [SortedRuns<Record>]) {
    for (source, runs) in sources.enumerated() {
      runs.flush()
      for run in runs.runs {
        var cursor = SortedRuns<Record>.Cursor(runs: runs, run: run)
        if let first = cursor.next() {
          cursors.append(cursor)
          push((first, cursors.count - 1, source))
        }
      }
    }
  }

  /// Merges, of each source, its records from `from` (included) up to `before` (excluded): each
  /// run's share found by binary search, so a range costs its records and a few reads a run.
  init(ranges: [(runs: SortedRuns<Record>, from: Record, before: Record)]) {
    for (source, range) in ranges.enumerated() {
      range.runs.flush()
      for run in range.runs.runs {
        let lower = range.runs.firstPosition(in: run) { !Record.precedes($0, range.from) }
        let upper = range.runs.firstPosition(in: run) { !Record.precedes($0, range.before) }
        guard lower < upper else { continue }
        var cursor = SortedRuns<Record>.Cursor(runs: range.runs, run: run)
        cursor.position = lower
        cursor.remaining = upper - lower
        if let first = cursor.next() {
          cursors.append(cursor)
          push((first, cursors.count - 1, source))
        }
      }
    }
  }

  /// The next record and the index of the source it came from.
  mutating func next() -> (record: Record, source: Int)? {
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

  /// Calls `body` with every record left, in the order of repeated ``next()``, and the index of
  /// the source it came from.
  ///
  /// A run is read on without the heap while its records come no later than every other run's
  /// next one (as a file in order, cut into parts, is read): a comparison a record.
  mutating func forEach(_ body: (Record, Int) -> Void) {
    while let top = heap.first {
      // The least of the other runs' next records: the root's lesser child (the left on a tie).
      var limit: Record?
      if heap.count > 1 {
        let right = heap.count > 2 && Record.precedes(heap[2].record, heap[1].record)
        limit = heap[right ? 2 : 1].record
      }
      var cursor = cursors[top.cursor]
      var record = top.record
      while true {
        body(record, top.source)
        guard let following = cursor.next() else {
          let last = heap.removeLast()
          if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
          }
          break
        }
        if let limit, Record.precedes(limit, following) {
          heap[0] = (following, top.cursor, top.source)
          siftDown(0)
          break
        }
        record = following
      }
      cursors[top.cursor] = cursor
    }
  }

  private mutating func push(_ entry: (record: Record, cursor: Int, source: Int)) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Record.precedes(heap[child].record, heap[parent].record) else { break }
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
      if left + 1 < heap.count && Record.precedes(heap[left + 1].record, heap[left].record) {
        best = left + 1
      }
      guard Record.precedes(heap[best].record, heap[parent].record) else { return }
      heap.swapAt(best, parent)
      parent = best
    }
  }
}
