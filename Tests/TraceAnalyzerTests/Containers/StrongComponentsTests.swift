import TestSupport
import Testing

@testable import TraceAnalyzer

/// Components against reachability: two nodes share a component exactly when each reaches the
/// other, and components are numbered densely from 0.
struct StrongComponentsTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func nodesShareAComponentExactlyWhenEachReachesTheOther(seed: UInt64) {
    var random = SplitMix(seed: seed)
    for _ in 0..<50 {
      let nodes = Int(random.next() % 25)
      let edgeCount = nodes == 0 ? 0 : Int(random.next() % UInt64(3 * nodes + 1))
      let edges = (0..<edgeCount).map { _ in
        (from: Int(random.next() % UInt64(nodes)), to: Int(random.next() % UInt64(nodes)))
      }
      let component = StrongComponents.components(nodes: nodes, edges: edges)
      // Reachability by a closure over the adjacency matrix.
      var reaches = [[Bool]](repeating: [Bool](repeating: false, count: nodes), count: nodes)
      for node in 0..<nodes { reaches[node][node] = true }
      for edge in edges { reaches[edge.from][edge.to] = true }
      for middle in 0..<nodes {
        for from in 0..<nodes where reaches[from][middle] {
          for to in 0..<nodes where reaches[middle][to] { reaches[from][to] = true }
        }
      }
      for a in 0..<nodes {
        for b in 0..<nodes {
          #expect((component[a] == component[b]) == (reaches[a][b] && reaches[b][a]), "seed \(seed): \(a), \(b)")
        }
      }
      #expect(Set(component) == Set(0..<(component.max().map { $0 + 1 } ?? 0)))
    }
  }
}
