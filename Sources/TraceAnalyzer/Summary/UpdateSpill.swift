/// One finished update, as the second phase of the analysis needs it: 16 bytes.
struct SpillRecord: Sendable {
  /// Group index (21 bits; at most ``groupLimit`` views) | main thread (1 bit) | duration (42 bits).
  static let groupLimit = 1 << 16

  var start: Int64
  var packed: UInt64

  @inline(__always)
  init(start: Int64, group: Int, isMainThread: Bool, duration: Int64) {
    self.start = start
    packed = UInt64(group) << 43 | (isMainThread ? 1 << 42 : 0) | UInt64(duration)
  }

  @inline(__always) var group: Int { Int(packed >> 43) }
  @inline(__always) var isMainThread: Bool { packed & (1 << 42) != 0 }
  @inline(__always) var duration: Int64 { Int64(packed & ((1 << 42) - 1)) }
}

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
    if file == nil { file = SpillFile() }
    file?.append(UnsafeRawBufferPointer(UnsafeBufferPointer(start: buffer.records, count: buffered)))
    buffered = 0
    buffer.counted = 0
  }

  /// Calls `body` with every record in order, a chunk at a time.
  func forEachChunk(_ body: (UnsafeBufferPointer<SpillRecord>) -> Void) {
    file?.forEachChunk(recordsPerChunk: Self.bufferRecords, body)
    withExtendedLifetime(buffer) { body(UnsafeBufferPointer(start: buffer.records, count: buffered)) }
  }
}

/// The temporary file behind an ``UpdateSpill``: a ``SpillBlockFile`` read back in chunks, with
/// the records kept in memory when the disk will not take them.
final class SpillFile: @unchecked Sendable {
  private let file = SpillBlockFile()
  private var size = 0
  private var failed = false
  /// Records kept in memory when the temporary file could not take them.
  private var fallback: [UInt8] = []

  func append(_ bytes: UnsafeRawBufferPointer) {
    if !failed, file.append(bytes) != nil {
      size += bytes.count
    } else {
      // Out of disk: keep the records in memory rather than lose them.
      failed = true
      fallback.append(contentsOf: bytes)
    }
  }

  func forEachChunk(recordsPerChunk: Int, _ body: (UnsafeBufferPointer<SpillRecord>) -> Void) {
    let stride = MemoryLayout<SpillRecord>.stride
    let chunk = UnsafeMutableBufferPointer<SpillRecord>.allocate(capacity: recordsPerChunk)
    defer { chunk.deallocate() }
    var offset = 0
    while offset < size {
      let count = min(size - offset, recordsPerChunk * stride) / stride
      guard
        file.read(
          into: UnsafeMutableRawBufferPointer(
            rebasing: UnsafeMutableRawBufferPointer(chunk)[0..<(count * stride)]), at: offset)
      else { break }
      body(UnsafeBufferPointer(rebasing: chunk[0..<count]))
      offset += count * stride
    }
    fallback.withUnsafeBytes { raw in
      body(raw.bindMemory(to: SpillRecord.self))
    }
  }
}
