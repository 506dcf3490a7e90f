/// Every cause a join counted, with both ends resolved, in the order one thread would have met
/// them: the shares' spills one after another, then the reader parts' (the causes they resolved
/// as they read them), their edges and nodes mapped to the join's as they are read.
final class ResolvedCauses: @unchecked Sendable {
  /// One share's causes and how its numbers map to the join's.
  struct Share {
    let spill: PartitionedSpill<ResolvedCause>
    /// The share's edge index → the join's.
    let edges: [UInt32]
    /// A reader part's node → the catalog's (nil: the share's nodes are the catalog's).
    let nodes: [UInt32]?
    /// The share's provisional nodes start here; `unknowns[node - base]` is the catalog's.
    let base: Int
    let unknowns: [Int]

    /// A join share's causes.
    init(spill: PartitionedSpill<ResolvedCause>, edges: [UInt32], base: Int, unknowns: [Int]) {
      self.spill = spill
      self.edges = edges
      nodes = nil
      self.base = base
      self.unknowns = unknowns
    }

    /// A reader part's causes, with its nodes' catalog places.
    init(spill: PartitionedSpill<ResolvedCause>, edges: [UInt32], nodes: [UInt32]) {
      self.spill = spill
      self.edges = edges
      self.nodes = nodes
      base = Int(UInt32.max)
      unknowns = []
    }

    /// Whether the share's numbers are the join's already.
    var isIdentity: Bool {
      nodes == nil && unknowns.isEmpty && edges.enumerated().allSatisfy { UInt32($0.offset) == $0.element }
    }
  }

  private let shares: [Share]
  private let identity: [Bool]
  /// Where each share's causes start.
  private let starts: [Int]
  let count: Int

  init(shares: [Share]) {
    self.shares = shares
    identity = shares.map(\.isIdentity)
    var starts: [Int] = []
    var total = 0
    for share in shares {
      starts.append(total)
      total += share.spill.count(inPartition: 0)
    }
    self.starts = starts
    count = total
  }

  /// Calls `body` with causes `records` (places in the whole order), a block or part of one at
  /// a time, in order; threads may read ranges at once.
  func forEachBlock(records: Range<Int>, _ body: (UnsafeBufferPointer<ResolvedCause>) -> Void) {
    var mapped: [ResolvedCause] = []
    for (index, share) in shares.enumerated() {
      let start = starts[index]
      let wanted = records.clamped(to: start..<(start + share.spill.count(inPartition: 0)))
      guard !wanted.isEmpty else { continue }
      let local = (wanted.lowerBound - start)..<(wanted.upperBound - start)
      if identity[index] {
        share.spill.forEachBlock(inPartition: 0, records: local, body)
        continue
      }
      share.spill.forEachBlock(inPartition: 0, records: local) { block in
        mapped.removeAll(keepingCapacity: true)
        for var cause in block {
          cause.edge = share.edges[Int(cause.edge)]
          if let nodes = share.nodes {
            cause.to = nodes[Int(cause.to)]
          } else if Int(cause.to) >= share.base {
            cause.to = UInt32(share.unknowns[Int(cause.to) - share.base])
          }
          mapped.append(cause)
        }
        mapped.withUnsafeBufferPointer(body)
      }
    }
  }
}
