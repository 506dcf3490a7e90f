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

  /// Causes a visit hands over at a time.
  static let blockSize = 4096

  /// How many causes the join resolved.
  var count: Int { resolved.count }

  /// Run `run`'s equal share of the causes (places in the join's order) among `runs`.
  func share(_ run: Int, of runs: Int) -> Range<Int> {
    count * run / runs..<count * (run + 1) / runs
  }

  /// Calls `body` with the visits of the causes of each range `next` gives (places in the
  /// join's order) until it gives nil, in order, ``blockSize`` at a time (the last fewer).
  func forEachBlock(_ next: () -> Range<Int>?, _ body: ([CauseVisit]) -> Void) {
    var visits: [CauseVisit] = []
    visits.reserveCapacity(Self.blockSize)
    while let records = next() {
      resolved.forEachBlock(records: records) { block in
        for cause in block {
          let from = edgeSources[Int(cause.edge)]
          visits.append(
            CauseVisit(cause: cause, from: from, to: position[Int(cause.to)], fromKind: kinds[from]))
          if visits.count == Self.blockSize {
            body(visits)
            visits.removeAll(keepingCapacity: true)
          }
        }
      }
    }
    if !visits.isEmpty { body(visits) }
  }

  /// Calls `body` with the visits of causes `records`, as ``forEachBlock(_:_:)`` does.
  func forEachBlock(records: Range<Int>, _ body: ([CauseVisit]) -> Void) {
    forEachBlock(Self.once(records), body)
  }

  /// A function giving `range` once, then nil: one range for ``forEachBlock(_:_:)``.
  static func once(_ range: Range<Int>) -> () -> Range<Int>? {
    var given = false
    return {
      defer { given = true }
      return given ? nil : range
    }
  }
}
