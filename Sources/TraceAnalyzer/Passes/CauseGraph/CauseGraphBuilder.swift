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
///    their target (with a range), and count the edge. With about as many causes as events,
///    the partition's events are all kept, and found by a search in place when their ids rise
///    (``SortedTargets``).
///
/// An id found in no table becomes an `unknown #ID` node and the cause is reported as dangling.
/// The partitions are shared out between threads (see ``JoinShare``).
///
/// Most causes never reach the rounds: a reader part resolves a cause whose target it met just
/// before as it reads it (``CauseGraphSink/EarlyCauses``), and the join only maps the part's
/// edges to its own and resolves the `from` ids the part had not met, once per id
/// (``pendingNodes(parts:mappings:)``).
///
/// Memory: the table of the largest partition (`P` is chosen from the input size so that a
/// partition holds at most about 2^18 ids), the spills' blocks, the filter, the parts' pending
/// ids (and the table of those no part's recent events hold), and the distinct nodes, labels
/// and edges.
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
    if packing {
      var labelOfRank = [Int](repeating: 0, count: labels.count)
      for (label, rank) in labelRank.enumerated() { labelOfRank[Int(rank)] = label }
      let packer = EdgePacker(edges: edges, position: position, labelRank: labelRank)
      if narrow,
        let sorted = packer.sorted(
          as: UInt64.self, labels: labels, labelOfRank: labelOfRank,
          sort: { keys in
            var scratch: [UInt64] = []
            RadixSort.sort(&keys, scratch: &scratch)
          })
      {
        return sorted
      }
      if let sorted = packer.sorted(
        as: UInt128.self, labels: labels, labelOfRank: labelOfRank, sort: { $0.sort() })
      {
        return sorted
      }
    }
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

  /// Packs edges' order into integer keys, each field as wide as its largest value: the count
  /// inverted, then `from`, `to` and the label's rank.
  private struct EdgePacker {
    let edges: EdgeTable
    let position: [Int]
    let labelRank: [Int32]
    let countBits: Int
    let nodeBits: Int
    let labelBits: Int

    init(edges: EdgeTable, position: [Int], labelRank: [Int32]) {
      func width(_ largest: Int) -> Int { Int.bitWidth - max(largest, 0).leadingZeroBitCount }
      self.edges = edges
      self.position = position
      self.labelRank = labelRank
      countBits = width(edges.counts.max() ?? 0)
      nodeBits = width(position.count)
      labelBits = width(labelRank.count)
    }

    /// The edges sorted by `Key`s that `sort` puts in order, or nil when the fields do not fit
    /// in one.
    func sorted<Key: FixedWidthInteger & UnsignedInteger>(
      as _: Key.Type, labels: [String], labelOfRank: [Int], sort: (inout [Key]) -> Void
    ) -> [CauseGraph.Edge]? {
      guard countBits + 2 * nodeBits + labelBits <= Key.bitWidth else { return nil }
      let toShift = labelBits
      let fromShift = toShift + nodeBits
      let countShift = fromShift + nodeBits
      let most: Key = (1 << countBits) &- 1
      var packed = edges.keys.indices.map { index in
        let key = edges.keys[index]
        let fewer = most - Key(edges.counts[index])
        return fewer << countShift | Key(position[Int(key.from)]) << fromShift
          | Key(position[Int(key.to)]) << toShift | Key(labelRank[Int(key.label)])
      }
      sort(&packed)
      let nodeMask: Key = (1 << nodeBits) &- 1
      let labelMask: Key = (1 << labelBits) &- 1
      return packed.map { key in
        CauseGraph.Edge(
          from: Int(key >> fromShift & nodeMask), to: Int(key >> toShift & nodeMask),
          label: labels[labelOfRank[Int(key & labelMask)]],
          count: Int(most - (key >> countShift)))
      }
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
  /// one thread going through the partitions in order, then the parts' early causes, would
  /// give; they depend on how the reader cut the parts, which no output does.
  static func join(
    parts: [TracePart<CauseGraphSink>], file: String, range: TimeRange, resolving: Bool, threads: Int
  ) -> JoinedGraph {
    let bounded = parts.first?.sink.bounded ?? false
    precondition(
      !resolving || parts.allSatisfy { $0.sink.early.resolved != nil },
      "the sinks keep no resolved causes: make them `resolving` too")
    for part in parts { part.sink.early.finish() }
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
    // The parts' pending ids: their events' nodes, else unknown nodes (their causes dangle).
    var dangling = DanglingCauses()
    let pendingNodes = zip(parts, pendingNodes(parts: parts, mappings: mappings)).map { part, found in
      let early = part.sink.early
      return found.indices.map { place in
        if let node = found[place] { return node }
        // A node even when none of its causes is counted (as round 1 makes one).
        let causes = early.pendingCauses[place]
        let id = early.pendingIDs[place]
        let first = place * DanglingCauses.listLimit
        if causes > 0 {
          dangling.add(
            count: causes,
            lines: early.pendingLines[first..<first + min(causes, DanglingCauses.listLimit)].map {
              part.lineOffset + Int($0)
            }, from: id)
        }
        return UInt32(catalog.unknown(id))
      }
    }
    // Round 2, then its unknown nodes, edges and tallies merged in share order.
    let known = catalog
    concurrently(shares) {
      $0.resolveTargets(setup, shares: shares, sourceUnknowns: sourceUnknowns, catalog: known)
    }
    var counts = CauseGraph.CauseCounts()
    counts.outOfRange = parts.reduce(0) { $0 + $1.sink.outOfRange }
    var edges = EdgeTable()
    // At least the largest share's or part's edges (they overlap, their sum is too many).
    let leastEdges = (shares.map(\.edges.keys.count) + parts.map(\.sink.early.edges.keys.count)).max() ?? 0
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
    // The causes the parts resolved as they read them, in the parts' numbers.
    for (number, part) in parts.enumerated() {
      let early = part.sink.early
      let mapping = mappings[number]
      let labelsOfPart = partLabels[number]
      for (table, spill, fromNodes) in [
        (early.edges, early.resolved, mapping),
        (early.pendingEdges, early.pendingResolved, pendingNodes[number]),
      ] {
        let keys = table.keys.map { key in
          EdgeKey(
            from: fromNodes[Int(key.from)], to: mapping[Int(key.to)], label: labelsOfPart[Int(key.label)])
        }
        let edgeMap: [UInt32]
        if edges.keys.isEmpty && keys == table.keys {
          // The first edges, in the join's numbers already (the first part's usually are):
          // taken as they stand (a copy of their own: the part's table stays the part's).
          edges = table.detached()
          edges.reserve(leastEdges)
          edgeMap = keys.indices.map { UInt32($0) }
        } else {
          edgeMap = edges.count(keys, causes: table.counts)
        }
        if let spill {
          resolvedShares.append(ResolvedCauses.Share(spill: spill, edges: edgeMap, nodes: mapping))
        }
      }
      counts.counted += early.counts.counted
      counts.outOfRange += early.counts.outOfRange
      counts.unplaced += early.counts.unplaced
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
