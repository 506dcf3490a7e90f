import TraceModel

extension CauseGraphBuilder {
  /// The catalog node of each part's pending ids (``CauseGraphSink/EarlyCauses/pendingIDs``;
  /// nil: no event defines it), found in the parts' recent events, else in their id spills, a
  /// partition at a time.
  ///
  /// Ids are unique in a trace, so an id any part's recent events hold is that event's.
  static func pendingNodes(parts: [TracePart<CauseGraphSink>], mappings: [[UInt32]]) -> [[UInt32?]] {
    var nodes = parts.map { [UInt32?](repeating: nil, count: $0.sink.early.pendingIDs.count) }
    /// Ids met in no part's recent events → their node (`none` until found).
    let unfound = IDTable()
    let none = UInt64.max
    var unfoundIDs: [Int64] = []
    /// The node of the event of `id` that a part's recent events hold.
    func recentNode(of id: Int64) -> UInt32? {
      for (part, mapping) in zip(parts, mappings) {
        if let record = part.sink.recent.find(id) { return mapping[Int(record.node)] }
      }
      return nil
    }
    for (number, part) in parts.enumerated() {
      for (place, id) in part.sink.early.pendingIDs.enumerated() {
        if let node = recentNode(of: id) {
          nodes[number][place] = node
        } else if unfound.find(id) == nil {
          unfound.insert(id, none)
          unfoundIDs.append(id)
        }
      }
    }
    guard let spill = parts.first?.sink.ids, !unfoundIDs.isEmpty else { return nodes }
    for partition in Set(unfoundIDs.map { spill.partition(of: $0) }).sorted() {
      for (part, mapping) in zip(parts, mappings) {
        part.sink.ids.forEachBlock(inPartition: partition) { block in
          for record in block where unfound.find(record.id) != nil {
            unfound.insert(record.id, UInt64(mapping[Int(record.node)]))
          }
        }
      }
    }
    for (number, part) in parts.enumerated() {
      for (place, id) in part.sink.early.pendingIDs.enumerated() where nodes[number][place] == nil {
        if let node = unfound.find(id), node != none { nodes[number][place] = UInt32(node) }
      }
    }
    return nodes
  }
}
