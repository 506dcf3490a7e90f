import TraceModel

/// One thread's share of the cause join (see ``CauseGraphBuilder``): a run of consecutive
/// partitions, joined by both rounds with a table, spills and tallies of its own.
///
/// Shares read what the join set up before them (the catalog, the filter, the parts' node and
/// label maps) and write only their own state, so they run at once; the builder merges them in
/// partition order, which is the order one thread would have met everything in (the causes the
/// parts resolved as they read them come after, see ``CauseGraphSink/EarlyCauses``). A node a share
/// makes for an id no event defines is provisional (numbered from `unknownBase` in the share's
/// ``unknowns``) until the builder gives it its catalog place.
final class JoinShare: @unchecked Sendable {
  /// What every share reads.
  struct Setup {
    let parts: [TracePart<CauseGraphSink>]
    /// Per part: its nodes' catalog places.
    let mappings: [[UInt32]]
    /// Per part: its labels' indices.
    let labels: [[Int32]]
    let filter: IDFilter
    let partitions: Int
    /// The label index of `update` (-1: no cause has it).
    let updateLabel: Int32
    /// Whether resolved causes are kept.
    let resolving: Bool
    /// Round 1's provisional nodes start here (the catalog's nodes before any unknown).
    let unknownBase: Int
  }

  /// The ids a share met that no event defines, in order of first sight.
  struct Unknowns {
    /// Provisional nodes are numbered from here.
    let base: Int
    private(set) var ids: [Int64] = []
    private var places: [Int64: Int] = [:]

    init(base: Int) { self.base = base }

    /// The provisional node of `id`.
    mutating func node(_ id: Int64) -> Int {
      if let found = places[id] { return base + found }
      places[id] = ids.count
      ids.append(id)
      return base + ids.count - 1
    }
  }

  let partitions: Range<Int>
  private let table = IDTable()
  /// Round 1's causes with `from` resolved, by `to`.
  let byTarget: PartitionedSpill<CauseGraphSink.CauseRecord>
  private(set) var unknowns: Unknowns
  // Round 2's results.
  private(set) var edges = CauseGraphBuilder.EdgeTable()
  private(set) var counts = CauseGraph.CauseCounts()
  private(set) var dangling = DanglingCauses()
  let resolved: PartitionedSpill<ResolvedCause>?

  init(partitions: Range<Int>, setup: Setup) {
    self.partitions = partitions
    let first = setup.parts.first?.sink
    let causeBlock = (first?.causes.blockRecords ?? 64) * MemoryLayout<CauseGraphSink.CauseRecord>.stride
    byTarget = PartitionedSpill(partitions: setup.partitions, bufferBytes: causeBlock * setup.partitions)
    unknowns = Unknowns(base: setup.unknownBase)
    resolved = setup.resolving ? PartitionedSpill(partitions: 1) : nil
  }

  /// Round 1: resolves the `from` of this share's causes (partitioned by `from`) and re-spills
  /// them by `to`.
  func resolveSources(_ setup: Setup) {
    for partition in partitions
    where setup.parts.contains(where: { $0.sink.causes.count(inPartition: partition) > 0 }) {
      table.removeAll()
      for (part, mapping) in zip(setup.parts, setup.mappings) {
        part.sink.ids.forEachBlock(inPartition: partition) { block in
          for record in block where setup.filter.roles(of: record.id).contains(.source) {
            table.insert(record.id, UInt64(mapping[Int(record.node)]) << 32 | UInt64(record.flags))
          }
        }
      }
      for (number, part) in setup.parts.enumerated() {
        let labels = setup.labels[number]
        let lineOffset = Int64(part.lineOffset)
        part.sink.causes.forEachBlock(inPartition: partition) { block in
          for cause in block {
            var record = cause
            if let found = table.find(cause.from) {
              record.from = Int64(found >> 32)
            } else {
              record.from = Int64(unknowns.node(cause.from))
              record.flags |= CauseGraphSink.CauseRecord.fromDangles
            }
            record.label = labels[Int(cause.label)]
            record.line = lineOffset + cause.line
            byTarget.append(record, id: cause.to)
          }
        }
      }
    }
  }

  /// Round 2: resolves `to` of the causes every share re-spilled into this share's partitions,
  /// places those without a time by their target, and counts their edges.
  ///
  /// - Parameters:
  ///   - shares: every share, in partition order (their `byTarget` spills are read in turn).
  ///   - sourceUnknowns: per share, the catalog place of each of its round-1 provisional nodes.
  ///   - catalog: the catalog with round 1's unknown nodes; ids it knows keep their node.
  func resolveTargets(
    _ setup: Setup, shares: [JoinShare], sourceUnknowns: [[Int]], catalog: NodeCatalog
  ) {
    // The tallies live here while the loop runs: a class's stored property would be checked
    // for exclusive access and unique ownership on every cause.
    var tally = Tally(unknowns: Unknowns(base: catalog.nodes.count))
    // A share's edges are at most its causes; room for up to 2^16 of them is made at once.
    let causes = partitions.reduce(0) { sum, partition in
      shares.reduce(sum) { $0 + $1.byTarget.count(inPartition: partition) }
    }
    tally.edges.reserve(min(causes, 1 << 16))
    var targets: [EventRecord] = []
    let batch = Batch(capacity: CauseGraphBuilder.EdgeTable.lookAhead)
    defer { batch.deallocate() }
    let base = Int64(setup.unknownBase)
    for partition in partitions {
      // The ids the partition's causes go to, then the events that define them (the last one
      // of an id defined twice): a table of the partition's targets alone. When there are
      // about as many causes as events, every event is kept instead, and searched in place
      // (SortedTargets) when their ids rise, else put in the table.
      table.removeAll()
      targets.removeAll(keepingCapacity: true)
      let partitionCauses = shares.reduce(0) { $0 + $1.byTarget.count(inPartition: partition) }
      guard partitionCauses > 0 else { continue }
      let events = setup.parts.reduce(0) { $0 + $1.sink.ids.count(inPartition: partition) }
      let everyEvent = 2 * partitionCauses >= events
      if everyEvent {
        targets.reserveCapacity(events)
        for (part, mapping) in zip(setup.parts, setup.mappings) {
          part.sink.ids.forEachBlock(inPartition: partition) { block in
            for var record in block {
              record.node = mapping[Int(record.node)]
              targets.append(record)
            }
          }
        }
      } else {
        table.reserve(partitionCauses)
        for share in shares {
          share.byTarget.forEachBlock(inPartition: partition) { block in
            for cause in block { table.insert(cause.to, Batch.none) }
          }
        }
        for (part, mapping) in zip(setup.parts, setup.mappings) {
          part.sink.ids.forEachBlock(inPartition: partition) { block in
            for var record in block where table.find(record.id) != nil {
              record.node = mapping[Int(record.node)]
              table.insert(record.id, UInt64(targets.count))
              targets.append(record)
            }
          }
        }
      }
      let searched = everyEvent && SortedTargets.areSorted(targets)
      if everyEvent && !searched {
        table.reserve(events)
        for (place, record) in targets.enumerated() { table.insert(record.id, UInt64(place)) }
      }
      targets.withUnsafeBufferPointer { targets in
        var sorted = SortedTargets(targets)
        for (writer, share) in shares.enumerated() {
          let provisional = sourceUnknowns[writer]
          share.byTarget.forEachBlock(inPartition: partition) { block in
            var start = 0
            while start < block.count {
              let count = min(CauseGraphBuilder.EdgeTable.lookAhead, block.count - start)
              // A batch at a time, in stages whose lookups do not wait on each other, so that
              // their cache misses overlap: the targets, then their records, then the edges.
              if searched {
                for slot in 0..<count {
                  batch.found[slot] = sorted.find(block[start + slot].to).map { UInt64($0) } ?? Batch.none
                }
              } else {
                for slot in 0..<count { batch.found[slot] = table.find(block[start + slot].to) ?? Batch.none }
              }
              for slot in 0..<count where batch.found[slot] != Batch.none {
                batch.targets[slot] = targets[Int(batch.found[slot])]
              }
              for slot in 0..<count {
                var cause = block[start + slot]
                let fromDangles = cause.flags & CauseGraphSink.CauseRecord.fromDangles != 0
                if fromDangles { cause.from = Int64(provisional[Int(cause.from - base)]) }
                batch.causes[slot] = cause
                batch.to[slot] = tally.place(
                  cause, target: batch.target(slot), fromDangles: fromDangles, catalog: catalog)
              }
              for slot in 0..<count where batch.to[slot] != Batch.notCounted {
                batch.edges[slot] = tally.edges.index(of: batch.key(slot))
              }
              for slot in 0..<count where batch.to[slot] != Batch.notCounted {
                tally.count(
                  batch.causes[slot], to: batch.to[slot], edge: batch.edges[slot], key: batch.key(slot),
                  target: batch.target(slot), updateLabel: setup.updateLabel, resolved: resolved)
              }
              start += count
            }
          }
        }
      }
    }
    unknowns = tally.unknowns
    edges = tally.edges
    counts = tally.counts
    dangling = tally.dangling
  }
}

/// What round 2 of a share counts.
private struct Tally {
  var unknowns: JoinShare.Unknowns
  var edges = CauseGraphBuilder.EdgeTable()
  var counts = CauseGraph.CauseCounts()
  var dangling = DanglingCauses()

  /// Tallies where `cause` falls; returns its target node, or ``Batch/notCounted`` for a cause
  /// outside the range or without a place in time.
  @inline(__always)
  mutating func place(
    _ cause: CauseGraphSink.CauseRecord, target: EventRecord?, fromDangles: Bool, catalog: NodeCatalog
  ) -> UInt32 {
    switch cause.placement(target: target) {
    case .outOfRange:
      counts.outOfRange += 1
      return Batch.notCounted
    case .unplaced:
      counts.unplaced += 1
      return Batch.notCounted
    case .counted:
      break
    }
    let to = target.map { Int($0.node) } ?? catalog.unknownNode(cause.to) ?? unknowns.node(cause.to)
    if fromDangles || target == nil {
      dangling.add(
        line: Int(cause.line), from: fromDangles ? catalog.nodes[Int(cause.from)].unknownID : nil,
        to: target == nil ? cause.to : nil)
    }
    return UInt32(to)
  }

  /// Counts a placed cause on its edge (`edge`, looked up before, or nil for one not seen then)
  /// and keeps it resolved.
  @inline(__always)
  mutating func count(
    _ cause: CauseGraphSink.CauseRecord, to: UInt32, edge: Int?, key: CauseGraphBuilder.EdgeKey,
    target: EventRecord?, updateLabel: Int32, resolved: PartitionedSpill<ResolvedCause>?
  ) {
    let edge = edge.map { edges.count(at: $0) } ?? edges.count(key)
    counts.counted += 1
    resolved?.append(
      ResolvedCause(cause, edge: UInt32(edge), to: to, target: target, updateLabel: updateLabel),
      partition: 0)
  }
}

/// Round 2's scratch for one batch of causes, by place in the batch.
private struct Batch {
  /// A `to` of a cause that is not counted.
  static let notCounted = UInt32.max
  /// No target: the target table's payload for an id until its event is met, and `found`'s for
  /// a cause whose target no event defines.
  static let none = UInt64.max

  /// The places of the causes' targets in round 2's `targets`.
  let found: UnsafeMutableBufferPointer<UInt64>
  let causes: UnsafeMutableBufferPointer<CauseGraphSink.CauseRecord>
  /// The targets' records (where a target was found).
  let targets: UnsafeMutableBufferPointer<EventRecord>
  /// The target nodes of counted causes.
  let to: UnsafeMutableBufferPointer<UInt32>
  /// The edges of counted causes, as found before the batch was counted.
  let edges: UnsafeMutableBufferPointer<Int?>

  init(capacity: Int) {
    found = .allocate(capacity: capacity)
    causes = .allocate(capacity: capacity)
    targets = .allocate(capacity: capacity)
    to = .allocate(capacity: capacity)
    edges = .allocate(capacity: capacity)
  }

  func deallocate() {
    found.deallocate()
    causes.deallocate()
    targets.deallocate()
    to.deallocate()
    edges.deallocate()
  }

  @inline(__always)
  func target(_ slot: Int) -> EventRecord? {
    found[slot] == Self.none ? nil : targets[slot]
  }

  @inline(__always)
  func key(_ slot: Int) -> CauseGraphBuilder.EdgeKey {
    CauseGraphBuilder.EdgeKey(from: UInt32(causes[slot].from), to: to[slot], label: causes[slot].label)
  }
}
