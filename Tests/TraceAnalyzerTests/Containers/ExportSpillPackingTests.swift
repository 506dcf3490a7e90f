import TestSupport
import Testing

@testable import TraceAnalyzer

/// The packings of the export's flow join: whatever the values, a block comes back as it went,
/// and records in the order the export spills them take one or two words.
struct ExportSpillPackingTests {
  private typealias Packing = SpillPackingTests

  /// A small number mostly, and now and then anything at all.
  private static func small(_ random: inout SplitMix, below bound: UInt64) -> Int64 {
    random.next() % 20 == 0 ? Int64(bitPattern: random.next()) : Int64(random.next() % bound)
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func causesComeBackAsTheyWent(count: Int) {
    var random = SplitMix(seed: UInt64(count))
    var record = ExportCause(from: 0, to: 0, label: 0)
    let records = (0..<count).map { _ in
      record.from = Packing.value(after: record.from, &random)
      record.to = Packing.value(after: record.to, &random)
      record.label = Self.small(&random, below: 3)
      return record
    }
    let (unpacked, bytes) = Packing.roundTrip(records)
    #expect(unpacked.map { [$0.from, $0.to, $0.label] } == records.map { [$0.from, $0.to, $0.label] })
    #expect(bytes <= ExportCause.packedBytes(atMost: count))
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func placesComeBackAsTheyWent(count: Int) {
    var random = SplitMix(seed: UInt64(count))
    var record = ExportPlace(id: 0, start: 0, track: 0)
    let records = (0..<count).map { _ in
      record.id = Packing.value(after: record.id, &random)
      record.start = Packing.value(after: record.start, &random)
      record.track = Self.small(&random, below: 1 << 14)
      return record
    }
    let (unpacked, bytes) = Packing.roundTrip(records)
    #expect(unpacked.map { [$0.id, $0.start, $0.track] } == records.map { [$0.id, $0.start, $0.track] })
    #expect(bytes <= ExportPlace.packedBytes(atMost: count))
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func halfFlowsComeBackAsTheyWent(count: Int) {
    var random = SplitMix(seed: UInt64(count))
    var record = ExportHalfFlow(to: 0, fromStart: 0, fromTrack: 0, label: 0)
    let records = (0..<count).map { _ in
      record.to = Packing.value(after: record.to, &random)
      record.fromStart = Packing.value(after: record.fromStart, &random)
      record.fromTrack = Self.small(&random, below: 1 << 20)
      record.label = Self.small(&random, below: 3)
      return record
    }
    let (unpacked, bytes) = Packing.roundTrip(records)
    #expect(
      unpacked.map { [$0.to, $0.fromStart, $0.fromTrack, $0.label] }
        == records.map { [$0.to, $0.fromStart, $0.fromTrack, $0.label] })
    #expect(bytes <= ExportHalfFlow.packedBytes(atMost: count))
  }

  @Test(arguments: [0, 1, 2, 500, 5_000])
  func flowsComeBackAsTheyWent(count: Int) {
    var random = SplitMix(seed: UInt64(count))
    var record = ExportFlow(fromTrack: 0, fromStart: 0, toTrack: 0, toStart: 0, label: 0)
    let records = (0..<count).map { _ in
      record.fromTrack = Self.small(&random, below: 1 << 15)
      record.fromStart = Packing.value(after: record.fromStart, &random)
      record.toTrack = Self.small(&random, below: 1 << 15)
      record.toStart = Packing.value(after: record.toStart, &random)
      record.label = Self.small(&random, below: 2)
      return record
    }
    let (unpacked, bytes) = Packing.roundTrip(records)
    #expect(
      unpacked.map { [$0.fromTrack, $0.fromStart, $0.toTrack, $0.toStart, $0.label] }
        == records.map { [$0.fromTrack, $0.fromStart, $0.toTrack, $0.toStart, $0.label] })
    #expect(bytes <= ExportFlow.packedBytes(atMost: count))
  }

  /// One partition of a large trace's many-groups export: a cause per update, from a few
  /// sources, the updates 25 ms apart (128 partitions of updates 200 us apart). A block's first
  /// place and flow are stored whole: their starts are far from 0.
  @Test func recordsInSpillOrderTakeOneOrTwoWords() {
    let updates = (Int64(0)..<100).map { (id: 1_000 + 256 * $0, start: 5_000_000_000 + 25_000_000 * $0) }
    let causes = updates.map { ExportCause(from: 7 + $0.id % 3, to: $0.id, label: 0) }
    let (unpackedCauses, causeBytes) = Packing.roundTrip(causes)
    #expect(unpackedCauses.map(\.to) == causes.map(\.to))
    #expect(causeBytes == 8 * 100)

    let places = updates.map { ExportPlace(id: $0.id, start: $0.start, track: $0.id % 5) }
    let (unpackedPlaces, placeBytes) = Packing.roundTrip(places)
    #expect(unpackedPlaces.map(\.start) == places.map(\.start))
    #expect(placeBytes == 32 + 8 * 99)

    let halves = updates.map { ExportHalfFlow(to: $0.id, fromStart: 4_000_000_000, fromTrack: 3, label: 1) }
    let (unpackedHalves, halfBytes) = Packing.roundTrip(halves)
    #expect(unpackedHalves.map(\.to) == halves.map(\.to))
    #expect(halfBytes == 16 * 100)

    let flows = updates.map {
      ExportFlow(fromTrack: 3, fromStart: 4_000_000_000 + $0.id % 3, toTrack: 9, toStart: $0.start, label: 0)
    }
    let (unpackedFlows, flowBytes) = Packing.roundTrip(flows)
    #expect(unpackedFlows.map(\.fromStart) == flows.map(\.fromStart))
    #expect(flowBytes == 48 + 16 * 99)
  }
}
