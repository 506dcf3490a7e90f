import TestSupport
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// The bounded-memory machinery under the graph: the partitioned spill, the id table, the
/// Bloom filter, and the join giving the same graph however the records are partitioned.
struct CauseGraphJoinTests {
  /// Blocks written alone, gathered four at a time (some still staged at the end), or all
  /// staged; packed (events) or as they are (``BurstCounter``'s starts).
  @Test(arguments: [0, 4 * 64 * 32, 1 << 18])
  func aSpillGivesBackEveryRecordOfAPartitionInOrder(stagingBytes: Int) {
    let spill = PartitionedSpill<EventRecord>(
      partitions: 8, bufferBytes: 8 * 64 * 32, stagingBytes: stagingBytes)
    #expect(spill.partitions == 8)
    #expect(spill.blockRecords == 64)
    // Ids and times in order, but for every 97th record (which the packing stores whole).
    let records = (Int64(0)..<5_000).map { id in
      EventRecord(
        id: id, time: id % 97 == 0 ? -id << 40 : 1_000_000_000 + id * 50_000, duration: id % 89 * 1_000_003,
        node: UInt32(id % 300), flags: UInt32(id % 32))
    }
    for record in records { spill.append(record, id: record.id) }
    #expect(spill.count == 5_000)
    var seen: [EventRecord] = []
    for partition in 0..<spill.partitions {
      var inPartition: [EventRecord] = []
      spill.forEach(inPartition: partition) { inPartition.append($0) }
      #expect(inPartition.map(\.id) == inPartition.map(\.id).sorted())
      #expect(inPartition.allSatisfy { spill.partition(of: $0.id) == partition })
      seen += inPartition
    }
    seen.sort { $0.id < $1.id }
    #expect(seen.map(\.id) == records.map(\.id))
    #expect(seen.map(\.time) == records.map(\.time))
    #expect(seen.map(\.duration) == records.map(\.duration))
    #expect(seen.map(\.node) == records.map(\.node))
    #expect(seen.map(\.flags) == records.map(\.flags))

    let starts = PartitionedSpill<BurstCounter.Start>(
      partitions: 2, bufferBytes: 2 * 64 * 16, stagingBytes: stagingBytes / 2)
    #expect(starts.blockRecords == 64)
    for index in Int64(0)..<1_000 {
      starts.append(BurstCounter.Start(edge: index % 5, start: index), id: index)
    }
    var startsSeen: [Int64] = []
    for partition in 0..<starts.partitions {
      starts.forEach(inPartition: partition) { startsSeen.append($0.start * 5 + $0.edge) }
    }
    #expect(startsSeen.sorted() == (Int64(0)..<1_000).map { $0 * 5 + $0 % 5 })
  }

  @Test func partitionCountsGrowWithTheInput() {
    #expect(CauseGraphBuilder.partitions(forInputBytes: 0) == 1)
    #expect(CauseGraphBuilder.partitions(forInputBytes: 1 << 20) == 1)
    #expect(CauseGraphBuilder.partitions(forInputBytes: 135_000_000) == 16)
    #expect(CauseGraphBuilder.partitions(forInputBytes: 1_380_000_000) == 128)
    #expect(CauseGraphBuilder.partitions(forInputBytes: .max) == 4096)
  }

  @Test func theIDTableFindsWhatItHoldsAndGrows() {
    let table = IDTable(capacity: 4)
    for id in stride(from: Int64(0), to: 100_000, by: 7) { table.insert(id, UInt64(id * 2)) }
    #expect(table.count == 14_286)
    #expect(table.find(700) == 1_400)
    #expect(table.find(701) == nil)
    table.insert(700, 1)
    #expect(table.find(700) == 1)
    #expect(table.count == 14_286)
    table.removeAll()
    #expect(table.find(700) == nil)
    #expect(table.count == 0)
    table.insert(Int64.max, 5)
    #expect(table.find(Int64.max) == 5)
  }

  @Test func theIDTableAddsToWhatItHoldsAndVisitsEveryPayload() {
    let table = IDTable(capacity: 4)
    // Payloads compared as plain integers (`.max` for none): an optional's comparison in an
    // expectation trips the address sanitizer's stack check.
    for id in Int64(0)..<1_000 {
      let before = table.add(1 << 32, to: id % 300, orInsert: UInt64(id)) ?? .max
      let expected: UInt64 = id < 300 ? .max : UInt64(id % 300) + UInt64(id / 300 - 1) << 32
      #expect(before == expected)
    }
    #expect(table.count == 300)
    let (seven, last): (UInt64, UInt64) = (7 + 3 << 32, 299 + 2 << 32)
    #expect(table.find(7) ?? .max == seven)
    #expect(table.find(299) ?? .max == last)
    var visited = 0
    var sum: UInt64 = 0
    table.updateEach { value in
      visited += 1
      sum += value >> 32
      value &= 0xFFFF_FFFF
    }
    #expect(visited == 300)
    #expect(sum == 1_000 - 300)
    #expect(table.find(7) ?? .max == 7)
  }

  @Test func theFilterHasNoFalseNegatives() {
    var filter = IDFilter()
    let ids = (0..<50_000).map { Int64($0) &* 1_000_003 }
    for id in ids { filter.insert(id, as: .source) }
    for id in ids.prefix(100) { filter.insert(id &+ 7, as: .target) }
    #expect(ids.allSatisfy { filter.roles(of: $0).contains(.source) })
    #expect(ids.prefix(100).allSatisfy { filter.roles(of: $0 &+ 7).contains(.target) })
    let falseSources = (0..<50_000).filter { filter.roles(of: Int64($0) &* 1_000_003 &+ 1).contains(.source) }
      .count
    #expect(falseSources < 500)
    let falseTargets = ids.filter { filter.roles(of: $0).contains(.target) }.count
    #expect(falseTargets < 10)
    var union = IDFilter()
    union.formUnion(filter)
    #expect(union.roles(of: ids[123]) == .source || union.roles(of: ids[123]) == [.source, .target])
  }

  @Test func danglingCausesKeepTheFirstFewByLine() {
    var dangling = DanglingCauses()
    for line in [90, 12, 55, 3, 70, 41, 8] { dangling.add(line: line, from: Int64(line), to: nil) }
    dangling.add(line: 5, from: 1, to: 2)
    #expect(dangling.count == 8)
    #expect(dangling.first.map(\.line) == [3, 5, 5, 8, 12])
    #expect(dangling.lines == [3, 5, 8, 12])
  }

  @Test func theGraphIsTheSameHoweverTheRecordsArePartitionedAndSpilled() throws {
    let path = Fixture.path("traces/update-loop.jsonl")
    let whole = try TraceAnalysis.causeGraph(paths: [path], name: "update-loop.jsonl")
    for partitions in [1, 2, 16, 64] {
      let reading = try TraceInput.read(paths: [path], name: "update-loop.jsonl", threads: 1) {
        CauseGraphSink(partitions: partitions, bufferBytes: 1_024)
      }
      #expect(reading.parts[0].sink.ids.blockRecords == 64)
      let graph = CauseGraphBuilder.build(parts: reading.parts, file: "update-loop.jsonl", range: TimeRange())
      #expect(graph == whole, "\(partitions) partitions")
    }
  }

  /// A cause goes to the last event of an id two reader parts define (each part's parser
  /// sees only its own ids), whether the join tables the causes' targets first (few causes)
  /// or every event (a cause per event or more).
  @Test(arguments: [1, 30])
  func aCauseGoesToTheLastEventOfAnIDTwoPartsDefine(causes: Int) throws {
    var first = [
      #"{"type":"source","id":0,"kind":"gesture","label":"Tap","time":0}"#,
      #"{"type":"update","id":7,"kind":"body","view":"A","module":"App","start":10,"duration":1000}"#,
    ]
    for id in 100..<140 {
      first.append(
        #"{"type":"update","id":\#(id),"kind":"body","view":"C","module":"App","start":\#(id),"duration":1000}"#
      )
    }
    let second =
      [#"{"type":"update","id":7,"kind":"body","view":"B","module":"App","start":200,"duration":1000}"#]
      + Array(repeating: #"{"type":"cause","from":0,"to":7}"#, count: causes)
    var parts: [TracePart<CauseGraphSink>] = []
    for lines in [first, second] {
      let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
      defer { file.remove() }
      let reading = try TraceInput.read(paths: [file.path], name: "part", threads: 1) {
        CauseGraphSink(partitions: 1)
      }
      let offset = parts.last.map { $0.lineOffset + first.count } ?? 0
      parts.append(
        TracePart(sink: reading.parts[0].sink, symbols: reading.parts[0].symbols, lineOffset: offset))
    }
    let graph = CauseGraphBuilder.build(parts: parts, file: "parts", range: TimeRange())
    let edges = graph.edges.map { "\(graph.nodes[$0.from].label) → \(graph.nodes[$0.to].label) ×\($0.count)" }
    #expect(edges == ["Tap → B.body ×\(causes)"])
  }

  @Test func danglingLinesCountAcrossReaderParts() throws {
    // Over 16 MB: the reader splits the file between two threads, so the dangling cause near
    // the end is in the second part and its line must include the first part's lines.
    var text = #"{"type":"source","id":0,"kind":"gesture","label":"Tap","time":0}"# + "\n"
    let count = 200_000
    for id in 1...count {
      text +=
        #"{"type":"update","id":\#(id),"kind":"body","view":"Row","module":"App","start":\#(id),"duration":1000}"#
      text += "\n"
    }
    text += #"{"type":"cause","from":0,"to":1}"# + "\n"
    text += #"{"type":"cause","from":0,"to":999999999}"# + "\n"
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let graph = try TraceAnalysis.causeGraph(paths: [file.path], options: AnalysisOptions(threads: 2))
    #expect(graph.dangling.lines == [count + 3])
    #expect(graph.dangling.first.map(\.id) == [999_999_999])
    #expect(graph.causes.counted == 2)
    #expect(graph.nodes.first { $0.label == "Row.body" }?.events == count)
  }
}
