import TestSupport
import Testing

@testable import TraceAnalyzer

/// The packings of the spilled records: whatever the values, a block comes back as it went,
/// records in id and time order take fewer bytes, and each short form holds its fields' widest
/// values and no wider.
struct SpillPackingTests {
  /// Packs and unpacks `records`; returns them and the packed size.
  static func roundTrip<Record: SpillPackable>(_ records: [Record]) -> (records: [Record], bytes: Int) {
    let room = UnsafeMutableRawPointer.allocate(
      byteCount: max(8, Record.packedBytes(atMost: records.count)), alignment: 8)
    defer { room.deallocate() }
    let bytes = records.withUnsafeBufferPointer { Record.pack($0, into: room) }
    let unpacked = [Record](unsafeUninitializedCapacity: records.count) { buffer, count in
      count = Record.unpack(room, count: bytes, into: buffer.baseAddress!)
    }
    return (unpacked, bytes)
  }

  /// A value near `previous` mostly, and now and then anything at all.
  static func value(after previous: Int64, _ random: inout SplitMix) -> Int64 {
    switch random.next() % 40 {
    case 0: Int64(bitPattern: random.next())
    case 1: .min
    case 2: .max
    case 3: 0
    default: previous &+ Int64(random.next() % 100_000) &- 20_000
    }
  }

  static func causes(count: Int, seed: UInt64) -> [CauseGraphSink.CauseRecord] {
    var random = SplitMix(seed: seed)
    var record = CauseGraphSink.CauseRecord(from: 10, to: 20, line: 1, time: 1_000_000, label: 0, flags: 0)
    return (0..<count).map { _ in
      record.from = value(after: record.from, &random)
      record.to = value(after: record.to, &random)
      record.line = value(after: record.line, &random)
      record.time = value(after: record.time, &random)
      switch random.next() % 20 {
      case 0: record.label = Int32(bitPattern: UInt32(truncatingIfNeeded: random.next()))
      case 1...9: record.label = Int32(random.next() % (1 << 16))
      default: record.label = 3
      }
      record.flags = UInt32(random.next() % (random.next() % 20 == 0 ? 1 << 32 : 16))
      return record
    }
  }

  static func resolved(count: Int, seed: UInt64) -> [ResolvedCause] {
    var random = SplitMix(seed: seed)
    var record = ResolvedCause(edge: 0, to: 0, flags: 0, target: 0, start: 0, duration: 0, time: 0)
    return (0..<count).map { _ in
      let wide = random.next() % 20 == 0
      record.edge = UInt32(truncatingIfNeeded: random.next() % (wide ? 1 << 32 : 1 << 29))
      record.to = UInt32(truncatingIfNeeded: random.next() % (wide ? 1 << 32 : 1 << 28))
      record.flags = UInt32(truncatingIfNeeded: random.next() % (wide ? 1 << 32 : 64))
      record.target = value(after: record.target, &random)
      record.start = value(after: record.start, &random)
      record.time = value(after: record.time, &random)
      record.duration = wide ? Int64(bitPattern: random.next()) : Int64(random.next() % (1 << 24))
      return record
    }
  }

  static func events(count: Int, seed: UInt64) -> [EventRecord] {
    var random = SplitMix(seed: seed)
    var record = EventRecord(id: 0, time: 0, duration: 0, node: 0, flags: 0)
    return (0..<count).map { _ in
      let wide = random.next() % 20 == 0
      record.id = value(after: record.id, &random)
      record.time = value(after: record.time, &random)
      record.duration = wide ? Int64(bitPattern: random.next()) : Int64(random.next() % (1 << 24))
      record.node = UInt32(truncatingIfNeeded: random.next() % (wide ? 1 << 32 : 1 << 26))
      record.flags = UInt32(truncatingIfNeeded: random.next() % (wide ? 1 << 32 : 32))
      return record
    }
  }

  static func fields(_ event: EventRecord) -> [Int64] {
    [event.id, event.time, event.duration, Int64(event.node), Int64(event.flags)]
  }

  static func fields(_ cause: CauseGraphSink.CauseRecord) -> [Int64] {
    [cause.from, cause.to, cause.line, cause.time, Int64(cause.label), Int64(cause.flags)]
  }

  static func fields(_ cause: ResolvedCause) -> [Int64] {
    [
      Int64(cause.edge), Int64(cause.to), Int64(cause.flags), cause.target, cause.start, cause.duration,
      cause.time,
    ]
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func eventsComeBackAsTheyWent(count: Int) {
    let records = Self.events(count: count, seed: UInt64(count))
    let unpacked = Self.roundTrip(records).records
    #expect(unpacked.map(Self.fields) == records.map(Self.fields))
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func causesComeBackAsTheyWent(count: Int) {
    let records = Self.causes(count: count, seed: UInt64(count))
    let unpacked = Self.roundTrip(records).records
    #expect(unpacked.map(Self.fields) == records.map(Self.fields))
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func resolvedCausesComeBackAsTheyWent(count: Int) {
    let records = Self.resolved(count: count, seed: UInt64(count))
    let unpacked = Self.roundTrip(records).records
    #expect(unpacked.map(Self.fields) == records.map(Self.fields))
  }

  static func profileRecords(count: Int, seed: UInt64) -> [ProfileRecord] {
    var random = SplitMix(seed: seed)
    var record = ProfileRecord(time: 0, length: 0, id: 0, thread: 0, group: 0)
    return (0..<count).map { _ in
      let wide = random.next() % 20 == 0
      record.time = value(after: record.time, &random)
      record.length = wide ? Int64(bitPattern: random.next()) : Int64(random.next() % (1 << 24))
      record.id = value(after: record.id, &random)
      record.thread = random.next() % 30 == 0 ? UInt32(truncatingIfNeeded: random.next()) : 0
      switch random.next() % 10 {
      case 0: record.group = ProfileRecord.sampleGroup
      case 1: record.group = UInt32(truncatingIfNeeded: random.next())
      default: record.group = UInt32(random.next() % (1 << 15))
      }
      return record
    }
  }

  static func fields(_ record: ProfileRecord) -> [Int64] {
    [record.time, record.length, record.id, Int64(record.thread), Int64(record.group)]
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func hitchEvidenceComesBackAsItWent(count: Int) {
    let records = Self.profileRecords(count: count, seed: UInt64(count))
    let (unpacked, bytes) = Self.roundTrip(records)
    #expect(unpacked.map(Self.fields) == records.map(Self.fields))
    #expect(bytes <= ProfileRecord.packedBytes(atMost: count))
  }

  @Test func mainThreadUpdatesInTimeOrderTakeTwoWords() {
    let records = (Int64(0)..<100).map {
      ProfileRecord(
        time: 1_000_000_000 + 40_000 * $0, length: 30_000, id: 7 + $0, thread: 0, group: UInt32($0 % 300))
    }
    let (unpacked, bytes) = Self.roundTrip(records)
    #expect(unpacked.map(Self.fields) == records.map(Self.fields))
    #expect(bytes == 8 + 100 * 16)
  }

  @Test func recordsInOrderTakeFewerWords() {
    let causes = (Int64(0)..<100).map {
      CauseGraphSink.CauseRecord(
        from: 1 + $0 % 50, to: 100 + 2 * $0, line: 200 + 2 * $0, time: 1_000_000_000 + 40_000 * $0,
        label: 7, flags: 4)
    }
    let (unpackedCauses, causeBytes) = Self.roundTrip(causes)
    #expect(unpackedCauses.map(Self.fields) == causes.map(Self.fields))
    #expect(causeBytes == 16 * causes.count)
    // A partition of a large trace: consecutive causes seconds apart, still two words.
    let sparse = causes.map { cause in
      var cause = cause
      cause.time = 1_000_000_000 + 3_000_000_000 * (cause.to - 100)
      return cause
    }
    let (unpackedSparse, sparseBytes) = Self.roundTrip(sparse)
    #expect(unpackedSparse.map(Self.fields) == sparse.map(Self.fields))
    #expect(sparseBytes == 16 * sparse.count)

    let resolved = (Int64(0)..<100).map {
      ResolvedCause(
        edge: UInt32($0 % 9), to: UInt32($0), flags: $0 % 2 == 0 ? 49 : 33, target: 100 + 2 * $0,
        start: 1_000_000_000 + 3_000_000_000 * $0,
        duration: 300_000, time: $0 % 2 == 0 ? 1_000_000_000 + 3_000_000_000 * $0 - 5_000 : 0)
    }
    let (unpackedResolved, resolvedBytes) = Self.roundTrip(resolved)
    #expect(unpackedResolved.map(Self.fields) == resolved.map(Self.fields))
    #expect(resolvedBytes == 24 * resolved.count)

    let events = (Int64(0)..<100).map {
      EventRecord(
        id: 100 + 2 * $0, time: 1_000_000 + 40_000 * $0, duration: 300_000, node: UInt32($0), flags: 27)
    }
    let (unpackedEvents, eventBytes) = Self.roundTrip(events)
    #expect(unpackedEvents.map(\.time) == events.map(\.time))
    #expect(eventBytes == 16 * events.count)
  }

  static func exportRecords(count: Int, seed: UInt64) -> [ExportRecord] {
    var random = SplitMix(seed: seed)
    var record = ExportRecord(start: 0, duration: 0, id: 0, group: 0, key: 0, flags: 0)
    return (0..<count).map { _ in
      let wide = random.next() % 20 == 0
      record.start = value(after: record.start, &random)
      record.id = value(after: record.id, &random)
      record.duration = wide ? Int64(bitPattern: random.next()) : Int64(random.next() % (1 << 26))
      switch random.next() % 6 {
      case 0: record.group = ExportRecord.noGroup
      default: record.group = value(after: record.group, &random)
      }
      record.key = Int32(truncatingIfNeeded: random.next() % (wide ? 1 << 32 : 1 << 22))
      record.flags = UInt32(truncatingIfNeeded: random.next() % (wide ? 1 << 32 : 4))
      return record
    }
  }

  static func fields(_ record: ExportRecord) -> [Int64] {
    [record.start, record.duration, record.id, record.group, Int64(record.key), Int64(record.flags)]
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func exportedUpdatesComeBackAsTheyWent(count: Int) {
    let records = Self.exportRecords(count: count, seed: UInt64(count))
    let (unpacked, bytes) = Self.roundTrip(records)
    #expect(unpacked.map(Self.fields) == records.map(Self.fields))
    #expect(bytes <= ExportRecord.packedBytes(atMost: count))
  }

  @Test func exportedUpdatesInOrderTakeTwoWords() {
    // Groups come and go, as a recorder's do; the first record has none.
    let records = (Int64(0)..<100).map {
      ExportRecord(
        start: 1_000_000_000 + 40_000 * $0, duration: 30_000 + $0, id: 7 + $0,
        group: $0 % 3 == 0 ? ExportRecord.noGroup : 5_000 + $0 / 10, key: Int32($0 % 300),
        flags: UInt32($0 % 4))
    }
    let (unpacked, bytes) = Self.roundTrip(records)
    #expect(unpacked.map(Self.fields) == records.map(Self.fields))
    #expect(bytes == 24 + 100 * 16)
  }

  static func starts(count: Int, seed: UInt64) -> [BurstCounter.Start] {
    var random = SplitMix(seed: seed)
    var record = BurstCounter.Start(edge: 0, start: 0)
    return (0..<count).map { _ in
      let wide = random.next() % 20 == 0
      record.edge = wide ? Int64(bitPattern: random.next()) : Int64(random.next() % (1 << 24))
      record.start = value(after: record.start, &random)
      return record
    }
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func burstStartsComeBackAsTheyWent(count: Int) {
    let records = Self.starts(count: count, seed: UInt64(count))
    let (unpacked, bytes) = Self.roundTrip(records)
    #expect(unpacked.map { [$0.edge, $0.start] } == records.map { [$0.edge, $0.start] })
    #expect(bytes <= BurstCounter.Start.packedBytes(atMost: count))
  }

  @Test func burstStartsOfABucketTakeAWord() {
    // A bucket's starts, in any order within its share of the span.
    let records = (Int64(0)..<100).map {
      BurstCounter.Start(edge: $0 * 7 % 2_000, start: 5_000_000_000 + ($0 * 7_919 % 100) * 1_000_000)
    }
    let (unpacked, bytes) = Self.roundTrip(records)
    #expect(unpacked.map { [$0.edge, $0.start] } == records.map { [$0.edge, $0.start] })
    #expect(bytes == 8 + 100 * 8)
  }
  /// What is wrong with how records whose field goes by the widest change a `bits`-bit zigzag
  /// field holds pack.
  ///
  /// `make` gives a record with the field at a value, its other fields fixed. Changes as wide
  /// as the field holds, either way, must take the bytes of records that do not change; one more
  /// either way must be written whole; all must come back.
  static func edges<Record: SpillPackable>(
    bits: Int, fields: (Record) -> [Int64], make: (Int64) -> Record
  ) -> [String] {
    let most = Int64(1) << (bits - 1) - 1
    let still = roundTrip([make(0), make(0), make(0), make(0)]).bytes
    let widest = [make(0), make(most), make(0), make(-most - 1)]
    let (back, bytes) = roundTrip(widest)
    var wrong: [String] = []
    if back.map(fields) != widest.map(fields) { wrong.append("the widest changes came back changed") }
    if bytes != still { wrong.append("the widest changes took \(bytes) bytes, not \(still)") }
    for over in [most + 1, -most - 2] {
      let records = [make(0), make(over)]
      let (back, bytes) = roundTrip(records)
      if back.map(fields) != records.map(fields) { wrong.append("a change of \(over) came back changed") }
      if bytes <= roundTrip([make(0), make(0)]).bytes { wrong.append("a change of \(over) fit") }
    }
    return wrong
  }

  @Test func eachShortFormHoldsItsWidestChanges() {
    var wrong: [String: [String]] = [:]
    wrong["summary start"] = Self.edges(bits: 23, fields: { [$0.start, $0.duration] }) {
      SpillRecord(start: 1_000 + $0, group: 3, isMainThread: true, duration: 9)
    }
    wrong["profile time"] = Self.edges(bits: 23, fields: Self.fields) {
      ProfileRecord(time: 1_000 + $0, length: 9, id: 4, thread: 0, group: 3)
    }
    wrong["event id"] = Self.edges(bits: 32, fields: Self.fields) {
      EventRecord(id: $0, time: 0, duration: 9, node: 2, flags: 1)
    }
    wrong["event time"] = Self.edges(bits: 40, fields: Self.fields) {
      EventRecord(id: 0, time: $0, duration: 9, node: 2, flags: 1)
    }
    for (name, bits, field) in [("from", 20, 0), ("to", 22, 1), ("line", 22, 2), ("time", 41, 3)] {
      wrong["cause \(name)"] = Self.edges(bits: bits, fields: Self.fields) { value in
        var values: [Int64] = [0, 0, 0, 0]
        values[field] = value
        return CauseGraphSink.CauseRecord(
          from: values[0], to: values[1], line: values[2], time: values[3], label: 5, flags: 48)
      }
    }
    wrong["resolved target"] = Self.edges(bits: 40, fields: Self.fields) {
      ResolvedCause(edge: 1, to: 2, flags: 1, target: $0, start: 0, duration: 9, time: 0)
    }
    wrong["resolved start"] = Self.edges(bits: 36, fields: Self.fields) {
      ResolvedCause(edge: 1, to: 2, flags: 1, target: 0, start: $0, duration: 9, time: 0)
    }
    // The time is kept as its difference from the start, not from the record before.
    wrong["resolved time"] = Self.edges(bits: 28, fields: Self.fields) {
      ResolvedCause(
        edge: 1, to: 2, flags: ResolvedCause.hasTime, target: 0, start: 7, duration: 9, time: 7 + $0)
    }
    wrong["burst start"] = Self.edges(bits: 39, fields: { [$0.edge, $0.start] }) {
      BurstCounter.Start(edge: 3, start: 1_000 + $0)
    }
    wrong["export start"] = Self.edges(bits: 35, fields: Self.fields) {
      ExportRecord(start: $0, duration: 9, id: 0, group: 4, key: 2, flags: 1)
    }
    wrong["export id"] = Self.edges(bits: 20, fields: Self.fields) {
      ExportRecord(start: 0, duration: 9, id: $0, group: 4, key: 2, flags: 1)
    }
    wrong["export group"] = Self.edges(bits: 21, fields: Self.fields) {
      ExportRecord(start: 0, duration: 9, id: 0, group: $0, key: 2, flags: 1)
    }
    wrong["place id"] = Self.edges(bits: 21, fields: { [$0.id, $0.start, $0.track] }) {
      ExportPlace(id: $0, start: 0, track: 3)
    }
    wrong["place start"] = Self.edges(bits: 28, fields: { [$0.id, $0.start, $0.track] }) {
      ExportPlace(id: 0, start: $0, track: 3)
    }
    wrong["export cause from"] = Self.edges(bits: 29, fields: { [$0.from, $0.to, $0.label] }) {
      ExportCause(from: $0, to: 0, label: 1)
    }
    wrong["export cause to"] = Self.edges(bits: 32, fields: { [$0.from, $0.to, $0.label] }) {
      ExportCause(from: 0, to: $0, label: 1)
    }
    wrong["half flow to"] = Self.edges(bits: 41, fields: { [$0.to, $0.fromStart, $0.fromTrack, $0.label] }) {
      ExportHalfFlow(to: $0, fromStart: 5, fromTrack: 2, label: 1)
    }
    wrong["flow target start"] = Self.edges(
      bits: 32, fields: { [$0.fromTrack, $0.fromStart, $0.toTrack, $0.toStart, $0.label] }
    ) {
      ExportFlow(fromTrack: 1, fromStart: 5, toTrack: 2, toStart: $0, label: 1)
    }
    #expect(wrong.filter { !$0.value.isEmpty } == [:])
    #expect(wrong.count == 21)
  }
}
