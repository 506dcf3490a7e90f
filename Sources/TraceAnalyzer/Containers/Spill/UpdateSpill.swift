/// An append-only list of ``SpillRecord``s that moves to an unlinked temporary file once it
/// outgrows 1 MiB, so memory stays flat however long the trace; it also keeps each group's
/// duration histogram of the records.
///
/// The in-memory records live in a fixed buffer (an append is a store, with no copy-on-write
/// check); copies share it, so only one copy, the accumulator's, may append.
struct UpdateSpill: @unchecked Sendable {
  private static let bufferRecords = 1 << 16

  /// The records not yet written to the file, and the histograms.
  private final class Buffer {
    let records = UnsafeMutablePointer<SpillRecord>.allocate(capacity: UpdateSpill.bufferRecords)
    /// ``DurationHistogram`` buckets by group, ``DurationHistogram/bucketCount`` a group.
    var histograms: [UInt32] = []
    /// The leading `records` already counted in `histograms`.
    var counted = 0

    deinit { records.deallocate() }

    /// Counts `records[counted ..< end]` in `histograms`.
    ///
    /// In a batch rather than one by one as records arrive: the histograms outgrow the L2
    /// cache, and a tight loop overlaps the cache misses that one increment per update waits
    /// for.
    func count(upTo end: Int) {
      guard counted < end else { return }
      histograms.withUnsafeMutableBufferPointer { histograms in
        for record in UnsafeBufferPointer(start: records + counted, count: end - counted) {
          histograms[
            record.group * DurationHistogram.bucketCount + DurationHistogram.bucket(of: record.duration)] += 1
        }
      }
      counted = end
    }
  }

  private let buffer = Buffer()
  /// Records in `buffer`.
  private var buffered = 0
  private var file: SpillFile?
  private(set) var count = 0

  init() {}

  /// The duration histograms of the records, ``DurationHistogram/bucketCount`` buckets a group.
  var histograms: [UInt32] {
    buffer.count(upTo: buffered)
    return buffer.histograms
  }

  /// Adds the (empty) histogram of the next group.
  mutating func addGroup() {
    buffer.histograms.append(contentsOf: repeatElement(0, count: DurationHistogram.bucketCount))
  }

  @inline(__always)
  mutating func append(_ record: SpillRecord) {
    if buffered == Self.bufferRecords { flush() }
    (buffer.records + buffered).initialize(to: record)
    buffered &+= 1
    count &+= 1
  }

  private mutating func flush() {
    buffer.count(upTo: buffered)
    if file == nil { file = SpillFile(recordsPerChunk: Self.bufferRecords) }
    file?.append(UnsafeBufferPointer(start: buffer.records, count: buffered))
    buffered = 0
    buffer.counted = 0
  }

  /// Calls `body` with every record in order, a chunk at a time; with `startsIn`, skips the
  /// chunks written to the file whose records' starts (their least to their greatest) it turns
  /// down (the records still in memory are always passed).
  func forEachChunk(
    startsIn: ((ClosedRange<Int64>) -> Bool)? = nil, _ body: (UnsafeBufferPointer<SpillRecord>) -> Void
  ) {
    file?.forEachChunk(startsIn: startsIn, body)
    withExtendedLifetime(buffer) { body(UnsafeBufferPointer(start: buffer.records, count: buffered)) }
  }
}

/// The temporary file behind an ``UpdateSpill``: chunks of packed records (``SpillPackable``)
/// in a ``SpillBlockFile``, read back a chunk at a time.
final class SpillFile: @unchecked Sendable {
  private let file: SpillBlockFile
  private let recordsPerChunk: Int
  /// The packed chunks' sizes in bytes, in order.
  private var chunkBytes: [Int] = []
  /// Each chunk's least and greatest start.
  private var chunkStarts: [ClosedRange<Int64>] = []
  /// Room for one packed chunk.
  private let packed: UnsafeMutableRawPointer

  /// - Parameter diskLimit: the bytes the disk takes before it counts as full (for tests).
  init(recordsPerChunk: Int, diskLimit: Int = .max) {
    self.recordsPerChunk = recordsPerChunk
    file = SpillBlockFile(diskLimit: diskLimit)
    packed = .allocate(byteCount: SpillRecord.packedBytes(atMost: recordsPerChunk), alignment: 8)
  }

  deinit { packed.deallocate() }

  /// Appends a chunk of at most `recordsPerChunk` records (an empty one adds nothing).
  func append(_ records: UnsafeBufferPointer<SpillRecord>) {
    guard !records.isEmpty else { return }
    let count = SpillRecord.pack(records, into: packed)
    file.append(UnsafeRawBufferPointer(start: packed, count: count))
    chunkBytes.append(count)
    var (least, greatest) = (Int64.max, Int64.min)
    for record in records {
      least = min(least, record.start)
      greatest = max(greatest, record.start)
    }
    chunkStarts.append(least...greatest)
  }

  /// Calls `body` with each chunk's records, in order; with `startsIn`, only those of the
  /// chunks whose starts it takes.
  func forEachChunk(
    startsIn: ((ClosedRange<Int64>) -> Bool)? = nil, _ body: (UnsafeBufferPointer<SpillRecord>) -> Void
  ) {
    guard let largest = chunkBytes.max() else { return }
    let input = UnsafeMutableRawPointer.allocate(byteCount: largest, alignment: 8)
    let records = UnsafeMutablePointer<SpillRecord>.allocate(capacity: recordsPerChunk)
    defer {
      input.deallocate()
      records.deallocate()
    }
    var offset = 0
    for (count, starts) in zip(chunkBytes, chunkStarts) {
      defer { offset += count }
      if let startsIn, !startsIn(starts) { continue }
      // A chunk the file does not give back is lost; the others still count.
      guard file.read(into: UnsafeMutableRawBufferPointer(start: input, count: count), at: offset) else { continue }
      let decoded = SpillRecord.unpack(input, count: count, into: records)
      body(UnsafeBufferPointer(start: records, count: decoded))
    }
  }
}
