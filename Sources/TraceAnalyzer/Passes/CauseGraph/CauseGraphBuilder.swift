import TraceModel

/// Turns the parts of a streaming pass (``CauseGraphSink``) into a ``CauseGraph``.
///
/// A cause names ids; its edge needs the ids' nodes, and the id → node map has one entry per
/// update and source, so it grows with the trace. Instead of holding it, the pass spilled
/// `(id, node)` records and the causes into `P` partitions by a hash of the id, and this
/// builder joins them partition by partition (a Grace hash join), in two rounds:
///
/// 1. For each partition: load its `(id, node)` records into an ``IDTable``, resolve the
///    `from` of the causes partitioned by `from`, and re-spill them partitioned by `to`,
///    together with the partition's ids that a cause may go to.
/// 2. For each partition: load those ids, resolve `to`, place causes without a time by their
///    target (with a range), and count the edge.
///
/// A Bloom filter of the ids causes name (``IDFilter``) keeps most updates out of the table
/// and out of round 2, which reads only the ids round 1 found a cause may go to. An id found
/// in no table becomes an `unknown #ID` node and the cause is reported as dangling.
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

  struct EdgeKey: Hashable {
    var from: UInt32
    var to: UInt32
    var label: Int32
  }

  /// The join's edges in order of first sight, with their counts.
  ///
  /// An edge's index is its place in `keys` (resolved causes name it). Small keys are looked
  /// up in an ``IDTable`` by one packed integer rather than hashed as a struct.
  struct EdgeTable {
    private(set) var keys: [EdgeKey] = []
    private(set) var counts: [Int] = []
    private let packed = IDTable()
    private var others: [EdgeKey: Int] = [:]

    /// Counts one cause on `key`; returns the edge's index.
    @inline(__always)
    mutating func count(_ key: EdgeKey) -> Int {
      let index: Int
      if key.from < 1 << 27 && key.to < 1 << 27 && key.label >= 0 && key.label < 1 << 8 {
        let code = Int64(key.from) << 35 | Int64(key.to) << 8 | Int64(key.label)
        if let found = packed.find(code) {
          index = Int(found)
        } else {
          index = keys.count
          packed.insert(code, UInt64(index))
          append(key)
        }
      } else if let found = others[key] {
        index = found
      } else {
        index = keys.count
        others[key] = index
        append(key)
      }
      counts[index] += 1
      return index
    }

    private mutating func append(_ key: EdgeKey) {
      keys.append(key)
      counts.append(0)
    }
  }

  /// The edges in ``CauseGraph/Edge/listedBefore(_:_:)`` order: most causes first, then by
  /// `from`, `to` and label (`labelRank`), with `position` mapping catalog nodes to the graph's.
  ///
  /// Each edge's order is packed into one 128-bit key (count inverted, so that the most comes
  /// first), sorted as integers: a tuple comparison per step costs ten times as much on a
  /// graph of a hundred thousand edges. Edges whose figures do not fit (or `packing` false, for
  /// tests) take the tuples.
  static func sortedEdges(
    _ edges: EdgeTable, position: [Int], labels: [String], labelRank: [Int32], packing: Bool = true
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

  /// Joins the parts' spills into the graph of `file` for `range` (the range the sinks kept).
  static func build(
    parts: [TracePart<CauseGraphSink>], file: String, range: TimeRange
  ) -> CauseGraph {
    join(parts: parts, file: file, range: range, resolved: nil).graph
  }

  /// Joins the parts' spills into the graph, and appends every counted cause with its ends
  /// resolved to `resolved` (in catalog nodes: `position` maps them to the graph's; a cause's
  /// edge has its `from` node at `edgeSources[edge]`).
  static func join(
    parts: [TracePart<CauseGraphSink>], file: String, range: TimeRange,
    resolved: PartitionedSpill<ResolvedCause>?
  ) -> (graph: CauseGraph, position: [Int], edgeSources: [Int], edgeCounts: [Int]) {
    let bounded = parts.first?.sink.bounded ?? false
    var catalog = NodeCatalog()
    let mappings = parts.map { catalog.merge($0.sink.nodes, symbols: $0.symbols) }
    var labels: [String] = []
    var labelIndex: [String: Int32] = [:]
    // Per part, by the part's symbol of a cause's label: the label's index (-1: not seen yet).
    var partLabels = [[Int32]](repeating: [], count: parts.count)
    var counts = CauseGraph.CauseCounts()
    counts.outOfRange = parts.reduce(0) { $0 + $1.sink.outOfRange }
    var dangling = DanglingCauses()
    var edges = EdgeTable()
    let partitions = parts.first?.sink.ids.partitions ?? 1
    let table = IDTable()

    var filter = IDFilter()
    for part in parts { filter.formUnion(part.sink.causeIDs) }

    // Round 1: resolve `from`, re-spill the causes by `to` and the ids causes may go to (with
    // their catalog node) in the same partitions.
    let causeBlock =
      (parts.first?.sink.causes.blockRecords ?? 64) * MemoryLayout<CauseGraphSink.CauseRecord>.stride
    let byTarget = PartitionedSpill<CauseGraphSink.CauseRecord>(
      partitions: partitions, bufferBytes: causeBlock * partitions)
    let idBlock = (parts.first?.sink.ids.blockRecords ?? 64) * MemoryLayout<EventRecord>.stride
    let targetIDs = PartitionedSpill<EventRecord>(
      partitions: partitions, bufferBytes: idBlock * partitions)
    for partition in 0..<partitions {
      table.removeAll()
      for (part, mapping) in zip(parts, mappings) {
        part.sink.ids.forEachBlock(inPartition: partition) { block in
          for record in block {
            let roles = filter.roles(of: record.id)
            if roles.isEmpty { continue }
            let node = mapping[Int(record.node)]
            if roles.contains(.source) { table.insert(record.id, UInt64(node) << 32 | UInt64(record.flags)) }
            if roles.contains(.target) {
              var target = record
              target.node = node
              targetIDs.append(target, partition: partition)
            }
          }
        }
      }
      for (number, part) in parts.enumerated() {
        part.sink.causes.forEachBlock(inPartition: partition) { block in
          for cause in block {
            var record = cause
            if let found = table.find(cause.from) {
              record.from = Int64(found >> 32)
            } else {
              record.from = Int64(catalog.unknown(cause.from))
              record.flags |= CauseGraphSink.CauseRecord.fromDangles
            }
            let symbol = Int(cause.label)
            if symbol < partLabels[number].count && partLabels[number][symbol] >= 0 {
              record.label = partLabels[number][symbol]
            } else {
              let text = part.symbols[Symbol(rawValue: cause.label)]
              let label = labelIndex[text] ?? Int32(labels.count)
              if label == labels.count {
                labels.append(text)
                labelIndex[text] = label
              }
              let missing = symbol + 1 - partLabels[number].count
              if missing > 0 { partLabels[number].append(contentsOf: repeatElement(-1, count: missing)) }
              partLabels[number][symbol] = label
              record.label = label
            }
            record.line = Int64(part.lineOffset) + cause.line
            byTarget.append(record, id: cause.to)
          }
        }
      }
    }

    // Round 2: resolve `to`, place by the target, count.
    var targets: [EventRecord] = []
    let updateLabel = labelIndex["update"] ?? -1
    for partition in 0..<partitions {
      table.removeAll()
      targets.removeAll(keepingCapacity: true)
      targetIDs.forEach(inPartition: partition) {
        table.insert($0.id, UInt64(targets.count))
        targets.append($0)
      }
      byTarget.forEachBlock(inPartition: partition) { block in
        for cause in block {
          let target = table.find(cause.to).map { targets[Int($0)] }
          if cause.flags & CauseGraphSink.CauseRecord.needsTarget != 0 {
            guard let target, target.has(EventRecord.hasTime) else {
              counts.unplaced += 1
              continue
            }
            if !target.has(EventRecord.inRange) {
              counts.outOfRange += 1
              continue
            }
          }
          let to = target.map { Int($0.node) } ?? catalog.unknown(cause.to)
          let fromDangles = cause.flags & CauseGraphSink.CauseRecord.fromDangles != 0
          if fromDangles || target == nil {
            dangling.add(
              line: Int(cause.line), from: fromDangles ? catalog.nodes[Int(cause.from)].unknownID : nil,
              to: target == nil ? cause.to : nil)
          }
          let edge = edges.count(EdgeKey(from: UInt32(cause.from), to: UInt32(to), label: cause.label))
          counts.counted += 1
          resolved?.append(
            ResolvedCause(
              cause, edge: UInt32(edge), to: UInt32(to), target: target, updateLabel: updateLabel),
            partition: 0)
        }
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
    return (graph, position, edges.keys.map { position[Int($0.from)] }, edges.counts)
  }
}
