/// Items indexed by a non-negative id with repeats allowed: one ``IDTable`` entry per distinct
/// id, the items of one id chained through an array (no array per id).
final class ChainedIndex<Item> {
  /// Each id's last item.
  private let heads = IDTable()
  private var items: [Item] = []
  private var next: [Int32] = []

  var isEmpty: Bool { items.isEmpty }

  init() {}

  func insert(_ item: Item, key: Int64) {
    let position = Int32(items.count)
    items.append(item)
    next.append(heads.insert(key, UInt64(position)).map { Int32($0) } ?? -1)
  }

  /// Calls `body` with every item of `key`, the last inserted first.
  @inline(__always)
  func forEach(key: Int64, _ body: (Item) -> Void) {
    guard let head = heads.find(key) else { return }
    var position = Int32(head)
    while position >= 0 {
      body(items[Int(position)])
      position = next[Int(position)]
    }
  }

  func removeAll() {
    heads.removeAll()
    items.removeAll(keepingCapacity: true)
    next.removeAll(keepingCapacity: true)
  }
}
