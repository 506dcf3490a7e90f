extension CauseGraphSink {
  /// The causes a reader part resolved as it read them, tallied as round 2 of the join tallies
  /// the others, in the part's numbers: its nodes and its label places.
  ///
  /// Recorders write a cause beside the update it goes to, so its target is among the part's
  /// ``RecentEvents``. Its `from` may not be: a source met long before, or in an earlier part.
  /// Such a cause is *pending*: counted on an edge from its `from` id's place in
  /// ``pendingIDs``, which the join resolves once per id. The join is left with the causes
  /// whose target the part did not meet just before (and those past ``Limits/pendingIDs`` ids).
  ///
  /// Edges are counted a batch at a time, so that the edge tables' cache misses overlap;
  /// ``finish()`` counts the last batch. Memory: the part's edges, the pending ids (at most
  /// ``Limits/pendingIDs``, with a table of their places), a batch, and with `resolving` the
  /// in-memory blocks of two spills of resolved causes.
  final class EarlyCauses: @unchecked Sendable {
    /// How much a part keeps to resolve causes as it reads them.
    struct Limits: Hashable, Sendable {
      /// The slots of the part's ``RecentEvents``.
      var eventSlots = 1 << 12
      /// The slots of its table of sources alone.
      var sourceSlots = 1 << 10
      /// Distinct pending `from` ids a part keeps at most; later causes from other ids go to
      /// the join.
      var pendingIDs = 1 << 14
    }

    private static let batchCapacity = CauseGraphBuilder.EdgeTable.lookAhead

    /// A counted cause waiting in the batch for its edge.
    private struct Entry {
      var key: CauseGraphBuilder.EdgeKey
      var pending: Bool
      /// The cause resolved, but for its edge.
      var cause: ResolvedCause
    }

    /// Edges between the part's nodes.
    @exclusivity(unchecked) private(set) var edges = CauseGraphBuilder.EdgeTable()
    /// Edges from a pending id (its place in ``pendingIDs``) to a part's node.
    @exclusivity(unchecked) private(set) var pendingEdges = CauseGraphBuilder.EdgeTable()
    @exclusivity(unchecked) private(set) var counts = CauseGraph.CauseCounts()
    /// The counted causes on ``edges``, resolved (their edges and `to` the part's), when kept.
    let resolved: PartitionedSpill<ResolvedCause>?
    /// Those on ``pendingEdges``.
    let pendingResolved: PartitionedSpill<ResolvedCause>?
    /// The `from` ids the part had not met before their causes, in order of first sight.
    @exclusivity(unchecked) private(set) var pendingIDs: [Int64] = []
    /// Per pending id: its counted causes.
    @exclusivity(unchecked) private(set) var pendingCauses: [Int] = []
    /// Per pending id, ``DanglingCauses/listLimit`` slots: the part lines of its first counted
    /// causes (-1: none), for the report should no event define it.
    @exclusivity(unchecked) private(set) var pendingLines: [Int64] = []
    private let pendingPlaces = IDTable(capacity: 64)
    private let batch = UnsafeMutablePointer<Entry>.allocate(capacity: batchCapacity)
    /// The batch's edges as looked up before any is counted: only their cache lines are used.
    private let found = UnsafeMutablePointer<Int?>.allocate(capacity: batchCapacity)
    @exclusivity(unchecked) private var batchCount = 0

    private let pendingLimit: Int

    init(resolving: Bool, pendingLimit: Int) {
      self.pendingLimit = pendingLimit
      resolved = resolving ? PartitionedSpill(partitions: 1) : nil
      pendingResolved = resolving ? PartitionedSpill(partitions: 1) : nil
    }

    deinit {
      batch.deallocate()
      found.deallocate()
    }

    /// Tallies `cause`, from `from` (nil: not met by the part) to `target`.
    ///
    /// `updateLabel` is the part's place of the label `update` (-1: not met yet). Returns
    /// false, tallying nothing, when the cause must go to the join (its `from` would be one
    /// pending id too many).
    @inline(__always)
    func add(_ cause: CauseRecord, from: EventRecord?, target: EventRecord, updateLabel: Int32) -> Bool {
      let fromNode: UInt32
      let pending = from == nil
      if let from {
        fromNode = from.node
      } else {
        guard let place = pendingPlace(of: cause.from) else { return false }
        fromNode = place
      }
      switch cause.placement(target: target) {
      case .outOfRange:
        counts.outOfRange += 1
        return true
      case .unplaced:
        counts.unplaced += 1
        return true
      case .counted:
        break
      }
      counts.counted += 1
      if pending { notePending(Int(fromNode), line: cause.line) }
      batch[batchCount] = Entry(
        key: CauseGraphBuilder.EdgeKey(from: fromNode, to: target.node, label: cause.label), pending: pending,
        cause: ResolvedCause(cause, edge: 0, to: target.node, target: target, updateLabel: updateLabel))
      batchCount += 1
      if batchCount == Self.batchCapacity { countBatch() }
      return true
    }

    /// Counts the causes still in the batch; the tallies are whole after it (a second call does
    /// nothing).
    func finish() {
      if batchCount > 0 { countBatch() }
      edges.settle()
      pendingEdges.settle()
    }

    /// The place of pending id `id` in ``pendingIDs`` (nil: the limit is reached).
    @inline(__always)
    private func pendingPlace(of id: Int64) -> UInt32? {
      if let place = pendingPlaces.find(id) { return UInt32(place) }
      guard pendingIDs.count < pendingLimit else { return nil }
      pendingPlaces.insert(id, UInt64(pendingIDs.count))
      pendingIDs.append(id)
      pendingCauses.append(0)
      pendingLines.append(contentsOf: repeatElement(-1, count: DanglingCauses.listLimit))
      return UInt32(pendingIDs.count - 1)
    }

    private func notePending(_ place: Int, line: Int64) {
      let first = place * DanglingCauses.listLimit
      if pendingCauses[place] < DanglingCauses.listLimit { pendingLines[first + pendingCauses[place]] = line }
      pendingCauses[place] += 1
    }

    /// Counts the batch's causes on their edges, each edge looked up before any is counted: the
    /// lookups' cache misses overlap, and the tallies then find the keys in cache.
    private func countBatch() {
      for slot in 0..<batchCount {
        let entry = batch[slot]
        found[slot] = entry.pending ? pendingEdges.index(of: entry.key) : edges.index(of: entry.key)
      }
      for slot in 0..<batchCount {
        var entry = batch[slot]
        let edge = entry.pending ? pendingEdges.tally(entry.key) : edges.tally(entry.key)
        entry.cause.edge = UInt32(edge)
        (entry.pending ? pendingResolved : resolved)?.append(entry.cause, partition: 0)
      }
      batchCount = 0
    }
  }
}
