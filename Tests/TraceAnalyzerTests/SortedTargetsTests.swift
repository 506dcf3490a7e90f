import TestSupport
import Testing

@testable import TraceAnalyzer

/// Round 2's search of a partition's events in place: the place a table of every event finds
/// (the last with the id), for lookups in rising order, after a fall, repeated, and of ids that
/// no event has; and the join gives one graph whether a partition's ids come in order or not.
struct SortedTargetsTests {
  /// Records with rising ids, gaps and repeats.
  private static func records(seed: UInt64, count: Int) -> [EventRecord] {
    var random = SplitMix(seed: seed)
    var id: Int64 = Int64(random.next() % 5)
    return (0..<count).map { place in
      if random.next() % 4 != 0 { id += Int64(1 + random.next() % 6) }
      return EventRecord(id: id, time: 0, duration: 0, node: UInt32(place), flags: 0)
    }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func findsWhatATableOfEveryEventFinds(seed: UInt64) {
    let records = Self.records(seed: seed, count: [0, 1, 7, 900][Int(seed) - 1])
    #expect(SortedTargets.areSorted(records))
    var last: [Int64: Int] = [:]
    for (place, record) in records.enumerated() { last[record.id] = place }
    let highest = records.last?.id ?? 0
    var random = SplitMix(seed: seed &* 31)
    // Mostly rising, as a partition's causes come; now and then a fall or a repeat.
    var asked: [Int64] = []
    var id: Int64 = -3
    for _ in 0..<2_000 {
      switch random.next() % 10 {
      case 0: id = Int64(random.next() % UInt64(highest + 8)) - 3
      case 1: break
      default: id += Int64(random.next() % 9)
      }
      if id > highest + 5 { id = -2 }
      asked.append(id)
    }
    // Falls of one record and of one id, which the search back must land on exactly.
    for place in records.indices.reversed() { asked.append(records[place].id) }
    for place in records.indices.dropFirst() {
      asked += [records[place].id, records[place - 1].id, records[place].id - 1]
    }
    records.withUnsafeBufferPointer { buffer in
      var sorted = SortedTargets(buffer)
      for id in asked {
        #expect(sorted.find(id) == last[id], "seed \(seed): id \(id)")
      }
    }
  }

  @Test func aFallingIdIsNotSorted() {
    let rising = Self.records(seed: 9, count: 50)
    var fallen = rising
    fallen.swapAt(20, 30)
    #expect(SortedTargets.areSorted(rising))
    #expect(!SortedTargets.areSorted(fallen))
    #expect(SortedTargets.areSorted([]))
  }

  /// A cause per update (so a partition's table would hold every event), with dangling ends:
  /// ids numbered in file order, and the same trace with its ids shuffled, give one graph.
  @Test(arguments: [1, 2] as [UInt64])
  func theJoinGivesOneGraphWhateverTheOrderOfIds(seed: UInt64) throws {
    var random = SplitMix(seed: seed)
    let causes = SplitMix(seed: seed &+ 100)
    var ids = (0..<3_000).map { Int64($0 + 1) }
    let rising = try TemporaryFile(Self.trace(ids: ids, random: causes))
    defer { rising.remove() }
    ids.shuffle(using: &random)
    let shuffled = try TemporaryFile(Self.trace(ids: ids, random: causes))
    defer { shuffled.remove() }
    for (partitions, threads) in [(1, 1), (4, 2)] {
      var options = AnalysisOptions(threads: threads)
      options.causePartitions = partitions
      let expected = CauseGraphJSONRenderer.render(
        try TraceAnalysis.causeGraph(paths: [rising.path], name: "join.jsonl", options: options))
      let actual = CauseGraphJSONRenderer.render(
        try TraceAnalysis.causeGraph(paths: [shuffled.path], name: "join.jsonl", options: options))
      #expect(expected.contains("\"count\""))
      #expect(actual == expected, "seed \(seed), \(partitions) partitions")
    }
  }

  /// 40 sources, then updates each caused by a source or an earlier update, some causes naming
  /// ids no event has; the events' ids are `ids` in turn (sources first).
  private static func trace(ids: [Int64], random: SplitMix) -> String {
    var random = random
    var lines = [#"{"type":"trace","version":1,"app":"Join","start":0}"#]
    for source in 0..<40 {
      lines.append(
        #"{"type":"source","id":\#(ids[source]),"kind":"state","label":"@State S\#(source % 7)","time":\#(source * 1_000)}"#
      )
    }
    for place in 40..<ids.count {
      let start = place * 10_000
      lines.append(
        #"{"type":"update","id":\#(ids[place]),"kind":"body","view":"V\#(place % 23)","module":"M","start":\#(start),"duration":5000,"thread":"main"}"#
      )
      let from: Int64 =
        switch random.next() % 20 {
        case 0: 1_000_000 + Int64(place)  // no event has it
        case 1, 2, 3: ids[40 + Int(random.next() % UInt64(place - 39))]
        default: ids[Int(random.next() % 40)]
        }
      let to = random.next() % 50 == 0 ? 2_000_000 + Int64(place) : ids[place]
      lines.append(#"{"type":"cause","from":\#(from),"to":\#(to),"label":"update","time":\#(start)}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
