import TraceModel

/// The join's resolved causes as the rules visit them, each with its ends as graph nodes.
struct CauseVisits: Sendable {
  let resolved: ResolvedCauses
  /// The graph's node position of each join edge's `from` end.
  let edgeSources: [Int]
  /// The join's catalog index → the graph's node position.
  let position: [Int]
  /// Each graph node's kind, by position.
  let kinds: [CauseGraph.Node.Kind]

  /// How many causes the join resolved.
  var count: Int { resolved.count }

  /// Appends the visits of causes `records` (places in the join's order) to `visits`, handing
  /// them to `flush` and emptying them each time they reach `blockSize`.
  func append(
    records: Range<Int>, to visits: inout [CauseVisit], blockSize: Int, flush: ([CauseVisit]) -> Void
  ) {
    resolved.forEachBlock(records: records) { block in
      for cause in block {
        let from = edgeSources[Int(cause.edge)]
        visits.append(
          CauseVisit(cause: cause, from: from, to: position[Int(cause.to)], fromKind: kinds[from]))
        if visits.count == blockSize {
          flush(visits)
          visits.removeAll(keepingCapacity: true)
        }
      }
    }
  }
}
