/// Items indexed by an id with repeats allowed: one dictionary entry per distinct id, the
/// items of one id chained through an array (no array per id).
struct ChainedIndex<Item> {
  private var heads: [Int64: Int32] = [:]
  private var items: [Item] = []
  private var next: [Int32] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func insert(_ item: Item, key: Int64) {
    let position = Int32(items.count)
    items.append(item)
    next.append(heads[key] ?? -1)
    heads[key] = position
  }

  /// Calls `body` with every item of `key`, the last inserted first.
  @inline(__always)
  func forEach(key: Int64, _ body: (Item) -> Void) {
    guard var position = heads[key] else { return }
    while position >= 0 {
      body(items[Int(position)])
      position = next[Int(position)]
    }
  }

  mutating func removeAll() {
    heads.removeAll(keepingCapacity: true)
    items.removeAll(keepingCapacity: true)
    next.removeAll(keepingCapacity: true)
  }
}
