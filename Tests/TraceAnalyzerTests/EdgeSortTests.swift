import TestSupport
import Testing

@testable import TraceAnalyzer

/// The join's edge order: packed 128-bit keys against the tuple sort and against
/// ``CauseGraph/Edge/listedBefore(_:_:)``, the order the graph promises.
struct EdgeSortTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func packedKeysSortAsListedBefore(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let nodes = 40
    let labels = ["update", "creation", "écrit", "Update", "a", "zz"]
    var labelRank = [Int32](repeating: 0, count: labels.count)
    for (rank, index) in labels.indices.sorted(by: {
      labels[$0].utf8.lexicographicallyPrecedes(labels[$1].utf8)
    }).enumerated() {
      labelRank[index] = Int32(rank)
    }
    // Catalog nodes map to graph positions in another order.
    let position = (0..<nodes).map { ($0 * 17 + Int(seed)) % nodes }
    var edges = CauseGraphBuilder.EdgeTable()
    // Few distinct keys, many causes: ties on count, on `from` and on `to`.
    for _ in 0..<3000 {
      let key = CauseGraphBuilder.EdgeKey(
        from: UInt32(random.next() % 12), to: UInt32(random.next() % UInt64(nodes)),
        label: Int32(random.next() % UInt64(labels.count)))
      for _ in 0..<Int(random.next() % 3) { _ = edges.count(key) }
    }
    #expect(edges.keys.count > 500)
    let packed = CauseGraphBuilder.sortedEdges(
      edges, position: position, labels: labels, labelRank: labelRank)
    let tuples = CauseGraphBuilder.sortedEdges(
      edges, position: position, labels: labels, labelRank: labelRank, packing: false)
    let wide = CauseGraphBuilder.sortedEdges(
      edges, position: position, labels: labels, labelRank: labelRank, narrow: false)
    #expect(packed == tuples)
    #expect(wide == tuples)
    #expect(packed.count == edges.keys.count)
    for (earlier, later) in zip(packed, packed.dropFirst()) {
      #expect(CauseGraph.Edge.listedBefore(earlier, later), "\(earlier) before \(later)")
    }
    #expect(packed.map(\.count).reduce(0, +) == edges.counts.reduce(0, +))
  }

  /// Figures too wide for 64-bit keys (large counts on a graph of many nodes) take the
  /// 128-bit ones, in the same order.
  @Test func wideFiguresTakeTheWideKeys() {
    var edges = CauseGraphBuilder.EdgeTable()
    let labels = ["update", "creation"]
    for index in 0..<40 {
      let key = CauseGraphBuilder.EdgeKey(
        from: UInt32(index % 5 * 10_000), to: UInt32(index % 7 * 10_000), label: Int32(index % 2))
      _ = edges.count(key, causes: index % 3 == 0 ? 1 << 31 : index + 1)
    }
    // 32 bits of count, 17 bits a node: more than 64 in all.
    let position = Array(0..<70_000)
    let packed = CauseGraphBuilder.sortedEdges(edges, position: position, labels: labels, labelRank: [1, 0])
    let tuples = CauseGraphBuilder.sortedEdges(
      edges, position: position, labels: labels, labelRank: [1, 0], packing: false)
    #expect(packed == tuples)
    #expect(packed.first?.count == 1 << 31)
    #expect(packed.last?.count == 2)
    #expect(packed.first?.from == 0 && packed.first?.to == 0)
  }
}

/// The catalog's node order is ``CauseGraph/Node/listedBefore(_:_:)``'s, a strict order by
/// bytes: over kinds, unknown ids, names that are prefixes of others, equal names in other
/// modules, and names equal only canonically (`é` precomposed and decomposed).
struct NodeOrderTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func flatBytesSortAsListedBefore(seed: UInt64) {
    var random = SplitMix(seed: seed)
    let names = ["A", "AB", "Ab", "a", "", "Caf\u{E9}", "Cafe\u{301}", "Cafe", "\u{1F600}", "Z"]
    let modules: [String?] = [nil, "", "SwiftUI", "Landmarks", "Land", "\u{E9}"]
    let kinds: [CauseGraph.Node.Kind] = [.update(.body), .update(.other), .source(.state), .source(.gesture)]
    var nodes: [CauseGraph.Node] = []
    for _ in 0..<300 {
      if random.next() % 10 == 0 {
        nodes.append(.unknown(Int64(random.next() % 50)))
      } else {
        nodes.append(
          CauseGraph.Node(
            kind: kinds[Int(random.next() % UInt64(kinds.count))],
            name: names[Int(random.next() % UInt64(names.count))],
            module: modules[Int(random.next() % UInt64(modules.count))]))
      }
    }
    let expected = nodes.indices.sorted { CauseGraph.Node.listedBefore(nodes[$0], nodes[$1]) }
    let order = NodeCatalog.listingOrder(nodes)
    #expect(order == expected)
    #expect(Set(order).count == nodes.count)
  }

  /// Names equal only canonically are ordered by their bytes, so a name whose bytes fall
  /// between theirs cannot make the order a cycle.
  @Test func canonicallyEqualNamesGoByBytes() {
    let decomposed = CauseGraph.Node(kind: .update(.body), name: "Cafe\u{301}", module: "B")
    let between = CauseGraph.Node(kind: .update(.body), name: "Caff", module: "C")
    let precomposed = CauseGraph.Node(kind: .update(.body), name: "Caf\u{E9}", module: "A")
    #expect(CauseGraph.Node.listedBefore(decomposed, between))
    #expect(CauseGraph.Node.listedBefore(between, precomposed))
    #expect(CauseGraph.Node.listedBefore(decomposed, precomposed))
    #expect(!CauseGraph.Node.listedBefore(precomposed, decomposed))
    #expect(NodeCatalog.listingOrder([precomposed, between, decomposed]) == [2, 1, 0])
  }
}
