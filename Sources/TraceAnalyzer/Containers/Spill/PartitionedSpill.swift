/// Fixed-size records split into `partitions` buckets by a hash of an id: the build side and
/// the probe side of a Grace hash join.
///
/// Each bucket fills an in-memory block; a full block is packed (``SpillPackable``) into a
/// staging area, written to one unlinked temporary file (shared by all buckets) in one go when
/// it is full, and its offset and size are remembered. So memory stays at
/// `partitions × blockRecords` records and the staging area however many are appended, and the
/// file takes large writes even when blocks are small. A trace small enough never touches the
/// disk. Appending belongs to one thread; reading happens after appending ends.
final class PartitionedSpill<Record: SpillPackable>: @unchecked Sendable {
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
  /// The most bytes a packed block takes.
  private let blockBytes: Int
  /// Packed full blocks waiting to be written together, in room for `stagingBlocks` blocks
  /// packed at their largest (so usually more fit); a block written alone is packed at its start.
  private let staging: UnsafeMutableRawPointer
  private let stagingBlocks: Int
  /// The bytes in `staging`.
  private var stagingUsed = 0
  /// The blocks in `staging`, as (bucket, position in its `blocks`), in staging order.
  private var staged: [(partition: Int, position: Int)] = []
  /// Records appended so far.
  @exclusivity(unchecked) private(set) var count = 0

  private enum SpilledBlock {
    /// A packed block in the file at this byte offset.
    case file(offset: Int, bytes: Int)
    /// A packed block in the staging area, at this byte offset.
    case staged(offset: Int, bytes: Int)
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
    blockBytes = Record.packedBytes(atMost: blockRecords)
    staging = .allocate(byteCount: stagingBlocks * blockBytes, alignment: 8)
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
    let block = UnsafeBufferPointer(start: buffers + partition * blockRecords, count: blockRecords)
    if stagingBlocks > 1 {
      // Small blocks cost a system call each: gather them.
      if stagingUsed + blockBytes > stagingBlocks * blockBytes { writeStaged() }
      let bytes = Record.pack(block, into: staging + stagingUsed)
      staged.append((partition, blocks[partition].count))
      blocks[partition].append(.staged(offset: stagingUsed, bytes: bytes))
      stagingUsed += bytes
    } else {
      let bytes = Record.pack(block, into: staging)
      blocks[partition].append(.file(offset: write(bytes: bytes), bytes: bytes))
    }
    fills[partition] = 0
  }

  /// Writes the staged blocks to the file.
  private func writeStaged() {
    let offset = write(bytes: stagingUsed)
    for (partition, position) in staged {
      guard case .staged(let start, let bytes) = blocks[partition][position] else { continue }
      blocks[partition][position] = .file(offset: offset + start, bytes: bytes)
    }
    staged.removeAll(keepingCapacity: true)
    stagingUsed = 0
  }

  /// Appends the first `bytes` of `staging` to the file; returns their offset.
  private func write(bytes: Int) -> Int {
    if file == nil { file = SpillBlockFile() }
    return file!.append(UnsafeRawBufferPointer(start: staging, count: bytes))
  }

  /// Calls `body` with the records of bucket `partition`, a block at a time, in append order.
  func forEachBlock(inPartition partition: Int, _ body: (UnsafeBufferPointer<Record>) -> Void) {
    forEachBlock(inPartition: partition, records: 0..<count(inPartition: partition), body)
  }

  /// The number of records in bucket `partition`.
  func count(inPartition partition: Int) -> Int {
    blocks[partition].count * blockRecords + fills[partition]
  }

  /// Calls `body` with records `records` of bucket `partition`, a block or part of one at a
  /// time, in order.
  ///
  /// A record's place is its position in append order. Once appending has ended, threads may
  /// read ranges at once.
  func forEachBlock(
    inPartition partition: Int, records: Range<Int>, _ body: (UnsafeBufferPointer<Record>) -> Void
  ) {
    // Every spilled block is full: block `i` holds places `i * blockRecords ..< (i + 1) * blockRecords`.
    let firstBlock = records.lowerBound / blockRecords
    let endBlock = min(blocks[partition].count, (records.upperBound + blockRecords - 1) / blockRecords)
    let full = firstBlock..<max(firstBlock, endBlock)
    if !full.isEmpty && !records.isEmpty {
      let scratch = UnsafeMutablePointer<Record>.allocate(capacity: blockRecords)
      let packed = UnsafeMutableRawPointer.allocate(byteCount: blockBytes, alignment: 8)
      defer {
        scratch.deallocate()
        packed.deallocate()
      }
      for index in full {
        let count: Int
        switch blocks[partition][index] {
        case .file(let offset, let bytes):
          guard
            file?.read(into: UnsafeMutableRawBufferPointer(start: packed, count: bytes), at: offset) == true
          else { continue }
          count = Record.unpack(packed, count: bytes, into: scratch)
        case .staged(let offset, let bytes):
          count = Record.unpack(staging + offset, count: bytes, into: scratch)
        }
        let wanted = records.clamped(to: (index * blockRecords)..<(index * blockRecords + count))
        body(
          UnsafeBufferPointer(
            rebasing: UnsafeBufferPointer(start: scratch, count: count)[
              (wanted.lowerBound - index * blockRecords)..<(wanted.upperBound - index * blockRecords)]))
      }
    }
    let tailStart = blocks[partition].count * blockRecords
    let tail = records.clamped(to: tailStart..<(tailStart + fills[partition]))
    if !tail.isEmpty {
      body(
        UnsafeBufferPointer(
          start: buffers + partition * blockRecords + (tail.lowerBound - tailStart), count: tail.count))
    }
  }

  /// Calls `body` with every record of bucket `partition`, in append order.
  @inline(__always)
  func forEach(inPartition partition: Int, _ body: (Record) -> Void) {
    forEachBlock(inPartition: partition) { block in
      for record in block { body(record) }
    }
  }
}
