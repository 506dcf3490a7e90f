/// One thread's share of the export's flow join: a run of consecutive partitions, joined by
/// both rounds with an index and spills of its own (as ``JoinShare`` shares the cause graph's).
///
/// Round 1 places the causes of its partitions (spilled by source id) at their source's place
/// and re-spills them by target id; round 2 reads every share's re-spill of its partitions, in
/// share order, and places the other end. Each share spills its flows in order, so the shares'
/// flows one after another are those one thread going through the partitions would find.
final class FlowJoinShare: @unchecked Sendable {
  let partitions: Range<Int>
  /// Round 1's causes with their source placed, by target id.
  private let halves: PartitionedSpill<ExportHalfFlow>
  /// Round 2's flows, in order.
  let flows = PartitionedSpill<ExportFlow>(partitions: 1)

  /// A share of `partitions` of the `total` the spills have.
  init(partitions: Range<Int>, of total: Int) {
    self.partitions = partitions
    halves = PartitionedSpill(partitions: total)
  }

  /// Round 1: places the source of each cause of this share's partitions.
  func placeSources(causes: [PartitionedSpill<ExportCause>], places: PartitionedSpill<ExportPlace>) {
    let index = ChainedIndex<ExportCause>()
    for partition in partitions {
      index.removeAll()
      for spill in causes { spill.forEach(inPartition: partition) { index.insert($0, key: $0.from) } }
      guard !index.isEmpty else { continue }
      places.forEach(inPartition: partition) { from in
        index.forEach(key: from.id) { cause in
          halves.append(
            ExportHalfFlow(to: cause.to, fromStart: from.start, fromTrack: from.track, label: cause.label),
            id: cause.to)
        }
      }
    }
  }

  /// Round 2: places the target of the causes every share re-spilled into this share's
  /// partitions (`shares` in partition order).
  func placeTargets(shares: [FlowJoinShare], places: PartitionedSpill<ExportPlace>) {
    let waiting = ChainedIndex<ExportHalfFlow>()
    for partition in partitions {
      waiting.removeAll()
      for share in shares {
        share.halves.forEach(inPartition: partition) { waiting.insert($0, key: $0.to) }
      }
      guard !waiting.isEmpty else { continue }
      places.forEach(inPartition: partition) { to in
        waiting.forEach(key: to.id) { half in
          flows.append(
            ExportFlow(
              fromTrack: half.fromTrack, fromStart: half.fromStart, toTrack: to.track, toStart: to.start,
              label: half.label),
            partition: 0)
        }
      }
    }
  }
}
