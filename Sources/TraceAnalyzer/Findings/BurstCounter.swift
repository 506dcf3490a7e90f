/// Cuts each edge's destination updates into bursts (a burst ends where more than one frame
/// budget passes with no update), for the `fan-out` rule, in bounded memory.
///
/// Starts arrive in any order. They are spilled into time buckets over the trace's span; the
/// buckets are then read in time order, each sorted by (edge, start), so every edge sees its
/// starts in order and needs only its last start and open burst. Per edge it keeps the number
/// of bursts, how many were smaller than the fan-out threshold, and the sizes of the others
/// (few distinct values), which is all the lower median needs. Memory: a bucket per lane (a
/// bucket holds about 2^16 starts when the trace's updates are spread over its span) and a
/// few counters an edge.
///
/// Each bucket is split into lanes by edge, and the lanes are cut on threads of their own: an
/// edge's starts are all in one lane.
final class BurstCounter: @unchecked Sendable {
  /// One destination update of an edge.
  struct Start: SpillPackable, Sendable {
    var edge: Int64
    var start: Int64
  }

  /// What an edge's bursts add up to.
  struct Bursts: Equatable {
    var count = 0
    /// Bursts smaller than the threshold.
    var small = 0
    var largest = 0
    /// Sizes of the bursts at or above the threshold, with how often each occurred.
    var large: [Int: Int] = [:]

    /// The lower median burst size when it is at least the threshold, else nil.
    var medianIfLarge: Int? {
      let index = (count - 1) / 2
      guard count > 0, small <= index else { return nil }
      var seen = small
      for size in large.keys.sorted() {
        seen += large[size] ?? 0
        if seen > index { return size }
      }
      return nil
    }
  }

  /// One spill per thread that adds starts; partition `bucket * lanes + lane`.
  private let spills: [PartitionedSpill<Start>]
  private let low: Int64
  private let span: UInt64
  private let buckets: Int
  /// Edge `e` is in lane `e % lanes`, at `e / lanes` in it; a power of two, `1 << laneBits`.
  let lanes: Int
  private let laneBits: Int

  /// - Parameters:
  ///   - expected: about how many starts will be added (sizes the buckets).
  ///   - low, high: the span of time the starts lie in (others go to the first or last bucket).
  ///   - threads: how many threads add starts at once, each with its own number, and cut the
  ///     bursts.
  init(expected: Int, low: Int64, high: Int64, threads: Int = 1) {
    var buckets = 1
    while buckets < 4096 && buckets << 16 < expected { buckets <<= 1 }
    self.buckets = buckets
    // As many lanes as threads (a power of two at most), for more than a bucket's worth of
    // starts.
    var lanes = 1
    while lanes * 2 <= threads && expected > 1 << 16 { lanes <<= 1 }
    self.lanes = lanes
    laneBits = lanes.trailingZeroBitCount
    self.low = low
    span = high >= low ? UInt64(bitPattern: high &- low) &+ 1 : 1
    spills = (0..<max(1, threads)).map { _ in
      PartitionedSpill(partitions: buckets * lanes, bufferBytes: 1 << 20)
    }
  }

  /// Adds a destination update of `edge`, from thread number `thread` (see `init`).
  @inline(__always)
  func add(edge: Int, start: Int64, thread: Int = 0) {
    let offset = start < low ? 0 : UInt64(bitPattern: start &- low)
    let bucket =
      span == 0
      ? 0 : Int(min(UInt64(buckets - 1), UInt64((UInt128(offset) * UInt128(buckets)) / UInt128(span))))
    spills[thread].append(
      Start(edge: Int64(edge), start: start), partition: bucket * lanes + (edge & (lanes - 1)))
  }

  /// The bursts of edges `0..<edges`, cut where consecutive starts are more than `gap` apart;
  /// bursts smaller than `threshold` are only counted.
  func bursts(edges: Int, gap: Int64, threshold: Int) -> [Bursts] {
    let lanes = concurrentMap(Array(0..<lanes)) { lane in
      self.bursts(lane: lane, edges: edges, gap: gap, threshold: threshold)
    }
    guard lanes.count > 1 else { return lanes[0] }
    return (0..<edges).map { lanes[$0 % lanes.count][$0 / lanes.count] }
  }

  /// The bursts of the edges of lane `lane`, edge `e` at `e / lanes`.
  private func bursts(lane: Int, edges: Int, gap: Int64, threshold: Int) -> [Bursts] {
    let held = (edges + lanes - 1) / lanes
    var result = [Bursts](repeating: Bursts(), count: held)
    var last = [Int64](repeating: .min, count: held)
    var open = [Int](repeating: 0, count: held)
    /// Ends the open burst of the edge at `edge` in the lane's arrays.
    func close(_ edge: Int) {
      let size = open[edge]
      guard size > 0 else { return }
      result[edge].count += 1
      result[edge].largest = max(result[edge].largest, size)
      if size < threshold { result[edge].small += 1 } else { result[edge].large[size, default: 0] += 1 }
      open[edge] = 0
    }
    var batch: [Start] = []
    var packed: [UInt64] = []
    var scratch: [UInt64] = []
    func take(edge global: Int, start: Int64) {
      let edge = global >> laneBits
      if open[edge] > 0 && start.saturatingSubtract(last[edge]) > gap { close(edge) }
      open[edge] += 1
      last[edge] = start
    }
    for bucket in 0..<buckets {
      batch.removeAll(keepingCapacity: true)
      for spill in spills {
        spill.forEachBlock(inPartition: bucket * lanes + lane) { batch.append(contentsOf: $0) }
      }
      guard let first = batch.first else { continue }
      var low = first.start
      var high = first.start
      for item in batch {
        low = min(low, item.start)
        high = max(high, item.start)
      }
      // Sorting one integer per start (edge in the top bits, start - low below), by radix, is
      // several times faster than sorting pairs; wide spans or many edges take the general path.
      if edges < 1 << 23 && high.subtractingReportingOverflow(low).partialValue < 1 << 40
        && !high.subtractingReportingOverflow(low).overflow
      {
        // As few bits as the bucket's span needs, so the sort makes as few passes as it can.
        let shift = UInt64(UInt64.bitWidth - UInt64(high - low).leadingZeroBitCount)
        packed.removeAll(keepingCapacity: true)
        for item in batch { packed.append(UInt64(item.edge) << shift | UInt64(item.start - low)) }
        RadixSort.sort(&packed, scratch: &scratch)
        for code in packed { take(edge: Int(code >> shift), start: low + Int64(code & (1 << shift &- 1))) }
      } else {
        batch.sort { ($0.edge, $0.start) < ($1.edge, $1.start) }
        for item in batch { take(edge: Int(item.edge), start: item.start) }
      }
    }
    for edge in 0..<held { close(edge) }
    return result
  }
}

/// A start packs into one word with its edge.
///
/// A bucket's starts lie within its share of the trace's span:
///
/// - a block starts with the first record's start (a word);
/// - a record whose edge is below 2^24 and start change within ±2^38 ns is one word: bits 39-62
///   the edge, 0-38 the zigzag start change;
/// - any other record is an escape word (bit 63) and the record whole.
extension BurstCounter.Start {
  static func packedBytes(atMost count: Int) -> Int {
    PackedWords.mostBytes(Self.self, count: count, headerWords: 1)
  }

  static func pack(_ records: UnsafeBufferPointer<Self>, into output: UnsafeMutableRawPointer) -> Int {
    var words = PackedWords(output)
    let first = Self(edge: 0, start: records.first?.start ?? 0)
    words.write(UInt64(bitPattern: first.start))
    return words.pack(records, following: first) { words, record, previous in
      let change = PackedWords.change(record.start, from: previous.start)
      guard UInt64(bitPattern: record.edge) < 1 << 24 && change < 1 << 39 else { return false }
      words.write(UInt64(record.edge) << 39 | change)
      return true
    }
  }

  static func unpack(_ input: UnsafeRawPointer, count: Int, into records: UnsafeMutablePointer<Self>) -> Int {
    var words = PackedWords(UnsafeMutableRawPointer(mutating: input))
    guard count >= 8 else { return 0 }
    let first = Self(edge: 0, start: Int64(bitPattern: words.read()))
    return words.unpack(before: count, into: records, following: first) { _, word, previous in
      Self(
        edge: Int64(bitPattern: word >> 39),
        start: PackedWords.value(changing: previous.start, by: PackedWords.field(word, 0, 39)))
    }
  }
}
