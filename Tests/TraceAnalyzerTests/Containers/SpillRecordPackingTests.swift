import TestSupport
import Testing

@testable import TraceAnalyzer

struct SpillRecordPackingTests {
  /// Records as a recorder writes them (small steps, short durations) and every kind of outlier.
  static func records(count: Int, seed: UInt64, groups: Int = 1 << 16) -> [SpillRecord] {
    var random = SplitMix(seed: seed)
    var start: Int64 = 1_000_000_000
    var records: [SpillRecord] = []
    for index in 0..<count {
      var duration = Int64(random.next() % 400_000)
      var group = Int(random.next() % 300)
      switch random.next() % 50 {
      case 0: start &+= Int64(random.next() % 100_000_000)  // a long pause
      case 1: start &-= Int64(random.next() % 10_000_000)  // back in time
      case 2: duration = Int64(random.next() % (1 << 42))  // a long update, up to the limit
      case 3: group = (1 << 15) + Int(random.next() % (1 << 15))  // past the packed groups
      case 4: start = index.isMultiple(of: 2) ? .max : .min  // the ends of time
      default: start &+= Int64(random.next() % 200_000)
      }
      records.append(
        SpillRecord(
          start: start, group: group % groups, isMainThread: random.next() % 3 != 0, duration: duration))
    }
    return records
  }

  /// Where `decoded` first differs from `records` (nil when they are equal).
  static func difference(_ decoded: [SpillRecord], _ records: [SpillRecord]) -> String? {
    let common = min(decoded.count, records.count)
    if let index = (0..<common).first(where: {
      decoded[$0].start != records[$0].start || decoded[$0].packed != records[$0].packed
    }) {
      return "record \(index): \(decoded[index]), not \(records[index])"
    }
    return decoded.count == records.count ? nil : "\(decoded.count) records, not \(records.count)"
  }

  static func roundTrip(_ records: [SpillRecord]) -> (records: [SpillRecord], bytes: Int) {
    let room = UnsafeMutableRawPointer.allocate(
      byteCount: SpillRecord.packedBytes(atMost: records.count), alignment: 8)
    defer { room.deallocate() }
    let bytes = records.withUnsafeBufferPointer { SpillRecord.pack($0, into: room) }
    let decoded = [SpillRecord](unsafeUninitializedCapacity: records.count) { buffer, count in
      count = SpillRecord.unpack(room, count: bytes, into: buffer.baseAddress!)
    }
    return (decoded, bytes)
  }

  @Test(arguments: [0, 1, 2, 1000, 70_000])
  func recordsComeBackAsTheyWent(count: Int) {
    let records = Self.records(count: count, seed: UInt64(count))
    #expect(Self.difference(Self.roundTrip(records).records, records) == nil)
  }

  @Test func recordsInTimeOrderTakeOneWordEach() {
    var random = SplitMix(seed: 7)
    var start: Int64 = 5_000_000_000
    let records = (0..<1000).map { index in
      start += Int64(random.next() % 4_000_000)
      return SpillRecord(
        start: start, group: Int(random.next() % (1 << 15)), isMainThread: index % 2 == 0,
        duration: Int64(random.next() % (1 << 24)))
    }
    let (decoded, bytes) = Self.roundTrip(records)
    #expect(Self.difference(decoded, records) == nil)
    #expect(bytes == 8 + 8 * records.count)
  }

  @Test func anOutlierTakesThreeWords() {
    let records = [
      SpillRecord(start: 100, group: 1, isMainThread: true, duration: 50),
      SpillRecord(start: 100 + (1 << 22), group: 1, isMainThread: true, duration: 50),
      SpillRecord(start: 100 + (1 << 22), group: 1, isMainThread: false, duration: 1 << 24),
      SpillRecord(start: 100 + (1 << 22) - (1 << 22), group: 1, isMainThread: false, duration: 1),
      SpillRecord(start: 100, group: 1 << 15, isMainThread: false, duration: 1),
    ]
    let (decoded, bytes) = Self.roundTrip(records)
    #expect(Self.difference(decoded, records) == nil)
    // The start word, then 1 + 3 + 3 + 1 + 3 words: a start change of +2^22 is one past the
    // packed range, -2^22 is in it.
    #expect(bytes == 8 * (1 + 1 + 3 + 3 + 1 + 3))
  }

  @Test func aSpillGivesBackEveryRecordInOrder() {
    // Past three of the spill's chunks, so most records go through its file.
    let records = Self.records(count: 3 * 65_536 + 123, seed: 3, groups: 3)
    var spill = UpdateSpill()
    for _ in 0..<3 { spill.addGroup() }
    for record in records { spill.append(record) }
    var read: [SpillRecord] = []
    spill.forEachChunk { read.append(contentsOf: $0) }
    #expect(spill.count == records.count)
    #expect(Self.difference(read, records) == nil)
  }

  /// A read told which starts to take skips the file's chunks it turns down, whole, and is
  /// told each chunk's least and greatest start.
  @Test func aReadSkipsTheChunksWhoseStartsItTurnsDown() {
    let records = Self.records(count: 5 * 1000 + 17, seed: 9)
    let file = SpillFile(recordsPerChunk: 1000)
    var expected: [ClosedRange<Int64>] = []
    records.withUnsafeBufferPointer { records in
      for start in stride(from: 0, to: records.count, by: 1000) {
        let chunk = UnsafeBufferPointer(rebasing: records[start..<min(start + 1000, records.count)])
        file.append(chunk)
        expected.append(chunk.map(\.start).min()!...chunk.map(\.start).max()!)
      }
    }
    var asked: [ClosedRange<Int64>] = []
    var read: [SpillRecord] = []
    file.forEachChunk(startsIn: { starts in
      asked.append(starts)
      return asked.count % 2 == 1
    }) { read.append(contentsOf: $0) }
    #expect(asked == expected)
    let kept = stride(from: 0, to: records.count, by: 2000).flatMap {
      records[$0..<min($0 + 1000, records.count)]
    }
    #expect(Self.difference(read, kept) == nil)
    #expect(read.count == 3000)
  }

  /// The disk full from the start, after some chunks, in the middle of one, or never.
  @Test(arguments: [0, 10_000, 12_345, Int.max])
  func chunksTheDiskWouldNotTakeAreKeptInMemory(diskLimit: Int) {
    let records = Self.records(count: 5 * 1000 + 17, seed: 5)
    let file = SpillFile(recordsPerChunk: 1000, diskLimit: diskLimit)
    records.withUnsafeBufferPointer { records in
      for start in stride(from: 0, to: records.count, by: 1000) {
        file.append(UnsafeBufferPointer(rebasing: records[start..<min(start + 1000, records.count)]))
      }
    }
    var read: [SpillRecord] = []
    file.forEachChunk { read.append(contentsOf: $0) }
    #expect(Self.difference(read, records) == nil)
  }
}
