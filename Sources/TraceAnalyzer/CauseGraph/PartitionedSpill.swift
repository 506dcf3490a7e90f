/// Fixed-size records split into `partitions` buckets by a hash of an id: the build side and
/// the probe side of a Grace hash join.
///
/// Each bucket fills an in-memory block; a full block is appended to one unlinked temporary
/// file (shared by all buckets) and its offset remembered, so memory stays at
/// `partitions × blockRecords` records however many are appended. A trace small enough never
/// touches the disk. Appending belongs to one thread; reading happens after appending ends.
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
  /// Records appended so far.
  @exclusivity(unchecked) private(set) var count = 0

  private enum SpilledBlock {
    /// A block in the file at this byte offset.
    case file(Int)
    /// A block kept in memory because the file could not be written.
    case memory([Record])
  }

  /// Makes `partitions` (rounded up to a power of two) buckets whose blocks together take
  /// about `bufferBytes` of memory.
  init(partitions: Int, bufferBytes: Int = 1 << 20) {
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
  }

  deinit {
    buffers.deallocate()
    fills.deallocate()
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
    let bytes = UnsafeRawBufferPointer(start: start, count: blockRecords * MemoryLayout<Record>.stride)
    if file == nil { file = SpillBlockFile() }
    if let offset = file?.append(bytes) {
      blocks[partition].append(.file(offset))
    } else {
      blocks[partition].append(.memory(Array(UnsafeBufferPointer(start: start, count: blockRecords))))
    }
    fills[partition] = 0
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
