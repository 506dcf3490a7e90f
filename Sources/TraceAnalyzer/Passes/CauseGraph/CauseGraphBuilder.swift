import TraceModel

/// Turns the parts of a streaming pass (``CauseGraphSink``) into a ``CauseGraph``.
///
/// A cause names ids; its edge needs the ids' nodes, and the id → node map has one entry per
/// update and source, so it grows with the trace. Instead of holding it, the pass spilled
/// `(id, node)` records and the causes into `P` partitions by a hash of the id, and this
/// builder joins them partition by partition (a Grace hash join), in two rounds:
///
/// 1. For each partition: load its `(id, node)` records that a cause may come from into an
///    ``IDTable`` (a Bloom filter of the causes' `from` ids, ``IDFilter``, keeps most updates
///    out), resolve the `from` of the causes partitioned by `from`, and re-spill them
///    partitioned by `to`.
/// 2. For each partition: put the `to` ids of its causes in the table, fill in the nodes of
///    the partition's events that define them, resolve `to`, place causes without a time by
///    their target (with a range), and count the edge.
///
/// An id found in no table becomes an `unknown #ID` node and the cause is reported as dangling.
/// The partitions are shared out between threads (see ``JoinShare``).
///
/// Memory: the table of the largest partition (`P` is chosen from the input size so that a
/// partition holds at most about 2^18 ids), the spills' blocks, the filter, and the distinct
/// nodes, labels and edges.
enum CauseGraphBuilder {
  /// Ids a partition should hold at most, give or take the hash's spread.
  static let idsPerPartition = 1 << 18

  /// The number of partitions for an input of `bytes` (ids estimated at one per 64 bytes).
  static func partitions(forInputBytes bytes: Int64) -> Int {
    let ids = max(bytes, 0) / 64
    let wanted = Int(min(ids / Int64(idsPerPartition) + 1, 4096))
    var count = 1
    while count < wanted { count <<= 1 }
    return count
  }

  /// The edges in ``CauseGraph/Edge/listedBefore(_:_:)`` order: most causes first, then by
  /// `from`, `to` and label (`labelRank`), with `position` mapping catalog nodes to the graph's.
  ///
  /// Each edge's order is packed into one integer key (count inverted, so that the most comes
  /// first), sorted as integers: a tuple comparison per step costs ten times as much on a
  /// graph of a hundred thousand edges. Keys that fit in 64 bits are sorted by radix, others as
  /// 128-bit integers; edges whose figures do not fit even those (or `packing` false, for tests)
  /// take the tuples, and `narrow` false (for tests) skips the 64-bit keys.
  static func sortedEdges(
    _ edges: EdgeTable, position: [Int], labels: [String], labelRank: [Int32], packing: Bool = true,
    narrow: Bool = true
  ) -> [CauseGraph.Edge] {
    let fits = edges.counts.allSatisfy { $0 < 1 << 32 } && position.count < 1 << 32
    guard fits && packing else {
      var keyed = edges.keys.indices.map { index in
        let key = edges.keys[index]
        return (
          count: edges.counts[index], from: position[Int(key.from)], to: position[Int(key.to)],
          label: key.label
        )
      }
      keyed.sort {
        ($1.count, $0.from, $0.to, labelRank[Int($0.label)]) < (
          $0.count, $1.from, $1.to, labelRank[Int($1.label)]
        )
      }
      return keyed.map {
        CauseGraph.Edge(from: $0.from, to: $0.to, label: labels[Int($0.label)], count: $0.count)
      }
    }
    var labelOfRank = [Int](repeating: 0, count: labels.count)
    for (label, rank) in labelRank.enumerated() { labelOfRank[Int(rank)] = label }
    if narrow,
      let sorted = narrowSortedEdges(
        edges, position: position, labels: labels, labelRank: labelRank, labelOfRank: labelOfRank)
    {
      return sorted
    }
    var packed = edges.keys.indices.map { index in
      let key = edges.keys[index]
      let fewer = UInt128(UInt32.max - UInt32(edges.counts[index]))
      return fewer << 96 | UInt128(position[Int(key.from)]) << 64 | UInt128(position[Int(key.to)]) << 32
        | UInt128(UInt32(labelRank[Int(key.label)]))
    }
    packed.sort()
    return packed.map { key in
      CauseGraph.Edge(
        from: Int(UInt32(truncatingIfNeeded: key >> 64)), to: Int(UInt32(truncatingIfNeeded: key >> 32)),
        label: labels[labelOfRank[Int(UInt32(truncatingIfNeeded: key))]],
        count: Int(UInt32.max - UInt32(truncatingIfNeeded: key >> 96)))
    }
  }

  /// ``sortedEdges(_:position:labels:labelRank:packing:narrow:)`` with 64-bit keys (fields as
  /// wide as their largest value), or nil when they do not fit.
  private static func narrowSortedEdges(
    _ edges: EdgeTable, position: [Int], labels: [String], labelRank: [Int32], labelOfRank: [Int]
  ) -> [CauseGraph.Edge]? {
    func width(_ largest: Int) -> Int { Int.bitWidth - max(largest, 0).leadingZeroBitCount }
    let countBits = width(edges.counts.max() ?? 0)
    let nodeBits = width(position.count)
    let labelBits = width(labels.count)
    guard countBits + 2 * nodeBits + labelBits <= 64 else { return nil }
    let toShift = UInt64(labelBits)
    let fromShift = toShift + UInt64(nodeBits)
    let countShift = fromShift + UInt64(nodeBits)
    let most = UInt64(1) << countBits &- 1
    var packed = edges.keys.indices.map { index in
      let key = edges.keys[index]
      let fewer = most - UInt64(edges.counts[index])
      return fewer << countShift | UInt64(position[Int(key.from)]) << fromShift
        | UInt64(position[Int(key.to)]) << toShift | UInt64(UInt32(labelRank[Int(key.label)]))
    }
    var scratch: [UInt64] = []
    RadixSort.sort(&packed, scratch: &scratch)
    let nodeMask = UInt64(1) << nodeBits &- 1
    let labelMask = UInt64(1) << labelBits &- 1
    return packed.map { key in
      CauseGraph.Edge(
        from: Int(key >> fromShift & nodeMask), to: Int(key >> toShift & nodeMask),
        label: labels[labelOfRank[Int(key & labelMask)]],
        count: Int(most - (key >> countShift)))
    }
  }

  /// Joins the parts' spills into the graph of `file` for `range` (the range the sinks kept).
  static func build(
    parts: [TracePart<CauseGraphSink>], file: String, range: TimeRange, threads: Int = 1
  ) -> CauseGraph {
    join(parts: parts, file: file, range: range, resolving: false, threads: threads).graph
  }

  /// Joins the parts' spills into the graph on up to `threads` threads, each taking a run of
  /// consecutive partitions (see ``JoinShare``); with `resolving`, keeps every counted cause
  /// with its ends resolved (in catalog nodes: `position` maps them to the graph's; a cause's
  /// edge has its `from` node at `edgeSources[edge]`).
  ///
  /// Every number the join gives out (catalog nodes, edge indices, the causes' order) is what
  /// one thread going through the partitions in order would give.
  static func join(
    parts: [TracePart<CauseGraphSink>], file: String, range: TimeRange, resolving: Bool, threads: Int
  ) -> JoinedGraph {
    let bounded = parts.first?.sink.bounded ?? false
    var catalog = NodeCatalog()
    let mappings = parts.map { catalog.merge($0.sink.nodes, symbols: $0.symbols) }
    // Labels in order of the parts and their first sight: each part's label places → indices.
    var labels: [String] = []
    var labelIndex: [String: Int32] = [:]
    let partLabels = parts.map { part in
      part.sink.labels.map { symbol in
        let text = part.symbols[symbol]
        if let found = labelIndex[text] { return found }
        labelIndex[text] = Int32(labels.count)
        labels.append(text)
        return Int32(labels.count - 1)
      }
    }
    var filter = IDFilter()
    for part in parts { filter.formUnion(part.sink.causeIDs) }
    let partitions = parts.first?.sink.ids.partitions ?? 1
    let setup = JoinShare.Setup(
      parts: parts, mappings: mappings, labels: partLabels, filter: filter, partitions: partitions,
      updateLabel: labelIndex["update"] ?? -1, resolving: resolving, unknownBase: catalog.nodes.count)
    let count = max(1, min(threads, partitions))
    let shares = (0..<count).map { share in
      JoinShare(
        partitions: partitions * share / count..<partitions * (share + 1) / count, setup: setup)
    }

    // Round 1, then its unknown nodes in the catalog in share order: each share's provisional
    // nodes → the catalog's.
    concurrently(shares) { $0.resolveSources(setup) }
    let sourceUnknowns = shares.map { share in share.unknowns.ids.map { catalog.unknown($0) } }
    // Round 2, then its unknown nodes, edges and tallies merged in share order.
    let known = catalog
    concurrently(shares) {
      $0.resolveTargets(setup, shares: shares, sourceUnknowns: sourceUnknowns, catalog: known)
    }
    var counts = CauseGraph.CauseCounts()
    counts.outOfRange = parts.reduce(0) { $0 + $1.sink.outOfRange }
    var dangling = DanglingCauses()
    var edges = EdgeTable()
    // At least the largest share's edges (the shares' edges overlap, their sum is too many).
    let leastEdges = shares.map(\.edges.keys.count).max() ?? 0
    var resolvedShares: [ResolvedCauses.Share] = []
    for (number, share) in shares.enumerated() {
      let unknowns = share.unknowns.ids.map { catalog.unknown($0) }
      let base = share.unknowns.base
      let edgeMap: [UInt32]
      if number == 0 && unknowns.isEmpty {
        // The first share's edges, none to a node of its own making, are the merged table's
        // first ones as they stand.
        edges = share.edges
        edges.reserve(leastEdges)
        edgeMap = share.edges.keys.indices.map { UInt32($0) }
      } else {
        if number == 0 { edges.reserve(leastEdges) }
        let keys = share.edges.keys.map { key in
          var key = key
          if Int(key.to) >= base { key.to = UInt32(unknowns[Int(key.to) - base]) }
          return key
        }
        edgeMap = edges.count(keys, causes: share.edges.counts)
      }
      counts.counted += share.counts.counted
      counts.outOfRange += share.counts.outOfRange
      counts.unplaced += share.counts.unplaced
      dangling.merge(share.dangling)
      if let spill = share.resolved {
        resolvedShares.append(
          ResolvedCauses.Share(spill: spill, edges: edgeMap, base: base, unknowns: unknowns))
      }
    }

    let (nodes, position) = catalog.finished(bounded: bounded)
    // Labels by rank, for ``sortedEdges(_:position:labels:labelRank:)``.
    var labelRank = [Int32](repeating: 0, count: labels.count)
    for (rank, index) in labels.indices.sorted(by: {
      labels[$0].utf8.lexicographicallyPrecedes(labels[$1].utf8)
    })
    .enumerated() {
      labelRank[index] = Int32(rank)
    }
    let sortedEdges = sortedEdges(edges, position: position, labels: labels, labelRank: labelRank)
    let graph = CauseGraph(
      nodes: nodes, edges: sortedEdges, dangling: dangling, causes: counts, file: file, range: range)
    return JoinedGraph(
      graph: graph, position: position, edgeSources: edges.keys.map { position[Int($0.from)] },
      edgeCounts: edges.counts, resolved: resolving ? ResolvedCauses(shares: resolvedShares) : nil)
  }
}
