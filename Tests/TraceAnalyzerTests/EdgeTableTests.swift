import TestSupport
import Testing

@testable import TraceAnalyzer

/// The join's edge table: counting a list of keys at once (looked up a batch ahead), or one
/// cause at a time beside the keys (settled later), gives the indices, order of first sight and
/// counts of counting them one by one.
struct EdgeTableTests {
  /// `count` keys of `froms` × `tos` × `labels`, every `wide`-th `from` (and label, with
  /// `wideLabels`) too large to pack into one integer.
  private static func keys(
    _ count: Int, froms: UInt64, tos: UInt64, labels: UInt64, wide: UInt64, wideLabels: Bool,
    _ random: inout SplitMix
  ) -> [CauseGraphBuilder.EdgeKey] {
    (0..<count).map { _ in
      CauseGraphBuilder.EdgeKey(
        from: random.next() % wide == 0 ? 1 << 28 : UInt32(random.next() % froms),
        to: UInt32(random.next() % tos),
        label: wideLabels && random.next() % 11 == 0 ? 300 : Int32(random.next() % labels))
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func countingAListIsCountingEachInTurn(seed: UInt64) {
    var random = SplitMix(seed: seed)
    // Few distinct keys, so that repeats fall inside a batch and across batches.
    let keys = Self.keys(500, froms: 6, tos: 7, labels: 3, wide: 9, wideLabels: true, &random)
    let causes = keys.map { _ in Int(random.next() % 4) + 1 }
    // Both start with an edge counted before (the table holds a class: each is made anew).
    var oneByOne = CauseGraphBuilder.EdgeTable()
    var atOnce = CauseGraphBuilder.EdgeTable()
    let first = CauseGraphBuilder.EdgeKey(from: 5, to: 5, label: 2)
    _ = oneByOne.count(first, causes: 7)
    _ = atOnce.count(first, causes: 7)
    let expected = zip(keys, causes).map { UInt32(oneByOne.count($0, causes: $1)) }
    let indices = atOnce.count(keys, causes: causes)
    #expect(indices == expected)
    #expect(atOnce.keys == oneByOne.keys)
    #expect(atOnce.counts == oneByOne.counts)
    #expect(atOnce.keys.count > 40 && atOnce.keys.count < keys.count)
    #expect(atOnce.counts.reduce(0, +) == causes.reduce(7, +))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func tallyingBesideTheKeysIsCountingOnceSettled(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let keys = Self.keys(2_000, froms: 20, tos: 30, labels: 2, wide: 13, wideLabels: false, &random)
    var counted = CauseGraphBuilder.EdgeTable()
    var tallied = CauseGraphBuilder.EdgeTable()
    // Settled halfway too: a settle keeps what was tallied before it.
    for (place, key) in keys.enumerated() {
      // Indices compared as plain integers (-1 for none): an optional's comparison in an
      // expectation trips the address sanitizer's stack check.
      #expect(tallied.index(of: key) ?? -1 == counted.index(of: key) ?? -1)
      #expect(tallied.tally(key) == counted.count(key))
      if place == 1_000 { tallied.settle() }
    }
    #expect(tallied.keys == counted.keys)
    // Until settled, only the keys too large to pack (counted as they come) have counts.
    #expect(tallied.counts.reduce(0, +) < keys.count)
    tallied.settle()
    #expect(tallied.counts == counted.counts)
    tallied.settle()
    #expect(tallied.counts == counted.counts)
    #expect(tallied.counts.reduce(0, +) == keys.count)
  }

  @Test func aKeyNearItsMostUnsettledCausesSettlesTheTable() {
    var table = CauseGraphBuilder.EdgeTable()
    table.settleAt = 3
    let keys = (0..<40).map { CauseGraphBuilder.EdgeKey(from: UInt32($0 % 4), to: 1, label: 0) }
    var indices: [Int] = []
    for key in keys { indices.append(table.tally(key)) }
    #expect(indices == keys.map { Int($0.from) })
    // Settled whole each time one key held 4 causes unsettled: all but the last few counted.
    #expect(table.counts.reduce(0, +) > 30 && table.counts.reduce(0, +) < 40)
    table.settle()
    #expect(table.counts == [10, 10, 10, 10])
    // A copy of its own: counting into it leaves the table as it is.
    var copy = table.detached()
    _ = copy.count(CauseGraphBuilder.EdgeKey(from: 9, to: 9, label: 0))
    _ = copy.tally(keys[0])
    #expect(copy.index(of: CauseGraphBuilder.EdgeKey(from: 9, to: 9, label: 0)) ?? -1 == 4)
    #expect(table.index(of: CauseGraphBuilder.EdgeKey(from: 9, to: 9, label: 0)) ?? -1 == -1)
    #expect(table.keys.count == 4)
    table.settle()
    #expect(table.counts == [10, 10, 10, 10])
  }
}
