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
    #expect(packed == tuples)
    #expect(packed.count == edges.keys.count)
    for (earlier, later) in zip(packed, packed.dropFirst()) {
      #expect(CauseGraph.Edge.listedBefore(earlier, later), "\(earlier) before \(later)")
    }
    #expect(packed.map(\.count).reduce(0, +) == edges.counts.reduce(0, +))
  }
}
