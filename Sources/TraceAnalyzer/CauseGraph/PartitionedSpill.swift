/// Fixed-size records split into `partitions` buckets by a hash of an id: the build side and
/// the probe side of a Grace hash join.
///
/// Each bucket fills an in-memory block; a full block joins a staging area, written to one
/// unlinked temporary file (shared by all buckets) in one go when it is full, and its offset is
/// remembered. So memory stays at `partitions × blockRecords` records and the staging area
/// however many are appended, and the file takes large writes even when blocks are small. A
/// trace small enough never touches the disk. Appending belongs to one thread; reading happens
/// after appending ends.
final class PartitionedSpill<Record: BitwiseCopyable>: @unchecked Sendable {
  /// The number of buckets, a power of two.
  let partitions: Int
  /// Records per block.
  let blockRecords: Int
  private let shift: UInt64
  @exclusivity(unchecked) private var buffers: UnsafeMutablePointer<Record>
  @exclusivity(unchecked) private var fills: UnsafeMutablePointer<Int>
  /// Per bucket: its full blocks, in append order.
  private var blocks: [[SpilledBlock]]
  private var file: SpillBlockFile?
  /// Full blocks waiting to be written together, `stagingBlocks` of them at most.
  private let staging: UnsafeMutablePointer<Record>
  private let stagingBlocks: Int
  /// The blocks in `staging`, as (bucket, position in its `blocks`), in staging order.
  private var staged: [(partition: Int, position: Int)] = []
  /// Records appended so far.
  @exclusivity(unchecked) private(set) var count = 0

  private enum SpilledBlock {
    /// A block in the file at this byte offset.
    case file(Int)
    /// A block kept in memory because the file could not be written.
    case memory([Record])
    /// A block in the staging area, at this block index.
    case staged(Int)
  }

  /// Makes `partitions` (rounded up to a power of two) buckets whose blocks together take
  /// about `bufferBytes` of memory, and a staging area of about `stagingBytes` (when fewer than
  /// four blocks fit in it, each block is written alone).
  init(partitions: Int, bufferBytes: Int = 1 << 20, stagingBytes: Int = 1 << 18) {
    var count = 1
    var bits: UInt64 = 0
    while count < partitions {
      count <<= 1
      bits += 1
    }
    self.partitions = count
    shift = 64 - bits
    blockRecords = max(64, bufferBytes / max(1, MemoryLayout<Record>.stride) / count)
    buffers = .allocate(capacity: count * blockRecords)
    fills = .allocate(capacity: count)
    fills.initialize(repeating: 0, count: count)
    blocks = Array(repeating: [], count: count)
    // Staged only when at least four blocks fit: larger blocks are written alone.
    let staged = stagingBytes / (blockRecords * max(1, MemoryLayout<Record>.stride))
    stagingBlocks = staged >= 4 ? staged : 1
    staging = .allocate(capacity: stagingBlocks > 1 ? stagingBlocks * blockRecords : 0)
  }

  deinit {
    buffers.deallocate()
    fills.deallocate()
    staging.deallocate()
  }

  /// The bucket of `id`: the top bits of a multiplicative hash (bucket 0 when there is one).
  @inline(__always)
  func partition(of id: Int64) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// Appends `record` to the bucket of `id`.
  @inline(__always)
  func append(_ record: Record, id: Int64) {
    append(record, partition: partition(of: id))
  }

  /// Appends `record` to bucket `partition`.
  @inline(__always)
  func append(_ record: Record, partition: Int) {
    let fill = fills[partition]
    (buffers + partition * blockRecords + fill).initialize(to: record)
    count &+= 1
    if fill + 1 == blockRecords {
      flush(partition)
    } else {
      fills[partition] = fill + 1
    }
  }

  private func flush(_ partition: Int) {
    let start = buffers + partition * blockRecords
    if stagingBlocks > 1 {
      // Small blocks cost a system call each: gather them.
      (staging + staged.count * blockRecords).initialize(from: start, count: blockRecords)
      staged.append((partition, blocks[partition].count))
      blocks[partition].append(.staged(staged.count - 1))
      if staged.count == stagingBlocks { writeStaged() }
    } else {
      let offset = write(start, blocks: 1)
      blocks[partition].append(offset.map { .file($0) } ?? .memory(records(start, blocks: 1)))
    }
    fills[partition] = 0
  }

  /// Writes the staged blocks to the file (or keeps them in memory when it will not take them).
  private func writeStaged() {
    let offset = write(staging, blocks: staged.count)
    let blockBytes = blockRecords * MemoryLayout<Record>.stride
    for (index, (partition, position)) in staged.enumerated() {
      blocks[partition][position] =
        if let offset { .file(offset + index * blockBytes) } else {
          .memory(records(staging + index * blockRecords, blocks: 1))
        }
    }
    staged.removeAll(keepingCapacity: true)
  }

  /// Appends `count` blocks at `start` to the file; returns their offset, or nil when it cannot
  /// take them.
  private func write(_ start: UnsafePointer<Record>, blocks count: Int) -> Int? {
    if file == nil { file = SpillBlockFile() }
    return file?.append(
      UnsafeRawBufferPointer(start: start, count: count * blockRecords * MemoryLayout<Record>.stride))
  }

  private func records(_ start: UnsafePointer<Record>, blocks count: Int) -> [Record] {
    Array(UnsafeBufferPointer(start: start, count: count * blockRecords))
  }

  /// Calls `body` with the records of bucket `partition`, a block at a time, in append order.
  func forEachBlock(inPartition partition: Int, _ body: (UnsafeBufferPointer<Record>) -> Void) {
    if !blocks[partition].isEmpty {
      let scratch = UnsafeMutableBufferPointer<Record>.allocate(capacity: blockRecords)
      defer { scratch.deallocate() }
      for block in blocks[partition] {
        switch block {
        case .file(let offset):
          let bytes = UnsafeMutableRawBufferPointer(scratch)
          if file?.read(into: bytes, at: offset) == true { body(UnsafeBufferPointer(scratch)) }
        case .memory(let records):
          records.withUnsafeBufferPointer { body($0) }
        case .staged(let index):
          body(UnsafeBufferPointer(start: staging + index * blockRecords, count: blockRecords))
        }
      }
    }
    body(UnsafeBufferPointer(start: buffers + partition * blockRecords, count: fills[partition]))
  }

  /// Calls `body` with every record of bucket `partition`, in append order.
  @inline(__always)
  func forEach(inPartition partition: Int, _ body: (Record) -> Void) {
    forEachBlock(inPartition: partition) { block in
      for record in block { body(record) }
    }
  }
}
