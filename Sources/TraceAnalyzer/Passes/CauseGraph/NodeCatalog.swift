import TraceModel

/// The graph's nodes over all reader parts: merges the parts' ``LocalNodeTable``s by the
/// nodes' strings, and adds an `unknown #ID` node for each dangling id a join meets.
struct NodeCatalog {
  private struct Identity: Hashable {
    var kind: CauseGraph.Node.Kind
    var name: String
    var module: String?
  }

  private(set) var nodes: [CauseGraph.Node] = []
  private(set) var tallies: [LocalNodeTable.Tally] = []
  private var index: [Identity: Int] = [:]
  private var unknowns: [Int64: Int] = [:]

  /// Adds a part's nodes; returns the catalog index of each of the part's nodes.
  mutating func merge(_ table: LocalNodeTable, symbols: SymbolTable) -> [UInt32] {
    var mapping: [UInt32] = []
    mapping.reserveCapacity(table.keys.count)
    for (local, key) in table.keys.enumerated() {
      let node: CauseGraph.Node
      if let kind = key.updateKind {
        let module = key.module >= 0 ? symbols[Symbol(rawValue: key.module)] : ""
        let name = key.name >= 0 ? symbols[Symbol(rawValue: key.name)] : ViewKey.unnamed
        node = CauseGraph.Node(
          kind: .update(kind), name: name, module: module, user: CauseGraph.Node.isUserModule(module))
      } else {
        let kind = key.sourceKind ?? .other
        node = CauseGraph.Node(kind: .source(kind), name: symbols[Symbol(rawValue: key.name)])
      }
      let position = add(node, identity: Identity(kind: node.kind, name: node.name, module: node.module))
      tallies[position].add(table.tallies[local])
      mapping.append(UInt32(position))
    }
    return mapping
  }

  /// The `unknown #ID` node of dangling `id`.
  mutating func unknown(_ id: Int64) -> Int {
    if let found = unknowns[id] { return found }
    let position = nodes.count
    nodes.append(.unknown(id))
    tallies.append(LocalNodeTable.Tally())
    unknowns[id] = position
    return position
  }

  /// The `unknown #ID` node of `id`, if one was made.
  func unknownNode(_ id: Int64) -> Int? { unknowns[id] }

  private mutating func add(_ node: CauseGraph.Node, identity: Identity) -> Int {
    if let found = index[identity] { return found }
    let position = nodes.count
    nodes.append(node)
    tallies.append(LocalNodeTable.Tally())
    index[identity] = position
    return position
  }

  /// The nodes with their counts filled in, in listing order, and each catalog index's
  /// position in that order.
  ///
  /// With a bounded range a node counts its updates in the range; it is dimmed when all of
  /// those were skipped (when none is in the range, when all of its updates were).
  func finished(bounded: Bool) -> (nodes: [CauseGraph.Node], position: [Int]) {
    var filled = nodes
    for index in filled.indices {
      let tally = tallies[index]
      if case .source = filled[index].kind { filled[index].user = tally.user }
      filled[index].events = bounded ? tally.eventsInRange : tally.events
      filled[index].skipped = bounded ? tally.skippedInRange : tally.skipped
      if filled[index].isUpdate {
        filled[index].dimmed =
          bounded && tally.eventsInRange > 0
          ? tally.skippedInRange == tally.eventsInRange : tally.events > 0 && tally.skipped == tally.events
      }
    }
    let order = Self.listingOrder(filled)
    var position = [Int](repeating: 0, count: filled.count)
    for (rank, index) in order.enumerated() { position[index] = rank }
    return (order.map { filled[$0] }, position)
  }

  /// The indices of `nodes` sorted by ``CauseGraph/Node/listedBefore(_:_:)``.
  static func listingOrder(_ nodes: [CauseGraph.Node]) -> [Int] {
    // Names and modules are compared as ranges of one byte buffer (comparing the nodes copied
    // two of them, strings and all, per comparison).
    var bytes: [UInt8] = []
    var names: [Range<Int>] = []
    var modules: [Range<Int>] = []
    for node in nodes {
      let start = bytes.count
      bytes.append(contentsOf: node.name.utf8)
      names.append(start..<bytes.count)
      let moduleStart = bytes.count
      bytes.append(contentsOf: (node.module ?? "").utf8)
      modules.append(moduleStart..<bytes.count)
    }
    let kinds = nodes.map(\.kind)
    let ids = nodes.map(\.unknownID)
    return bytes.withUnsafeBufferPointer { bytes in
      /// Whether bytes `a` come before bytes `b` (by code unit, a prefix first), nil when equal.
      func precedes(_ a: Range<Int>, _ b: Range<Int>) -> Bool? {
        for (left, right) in zip(bytes[a], bytes[b]) where left != right { return left < right }
        return a.count == b.count ? nil : a.count < b.count
      }
      return nodes.indices.sorted { a, b in
        if kinds[a] != kinds[b] { return kinds[a] < kinds[b] }
        if let left = ids[a], let right = ids[b] { return left < right }
        if let byName = precedes(names[a], names[b]) { return byName }
        return precedes(modules[a], modules[b]) ?? false
      }
    }
  }
}
