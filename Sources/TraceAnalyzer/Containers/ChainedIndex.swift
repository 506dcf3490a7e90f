/// Items indexed by a non-negative id with repeats allowed: one ``IDTable`` entry per distinct
/// id, the items of one id chained through an array (no array per id).
final class ChainedIndex<Item> {
  /// Each id's last item.
  private let heads = IDTable()
  /// Each item, with the position of the item inserted before it under the same id (-1: none).
  @exclusivity(unchecked) private var entries: [(item: Item, next: Int32)] = []

  var isEmpty: Bool { entries.isEmpty }

  init() {}

  func insert(_ item: Item, key: Int64) {
    let previous = heads.insert(key, UInt64(entries.count)).map { Int32($0) } ?? -1
    entries.append((item, previous))
  }

  /// Calls `body` with every item of `key`, the last inserted first; `body` must not insert
  /// into this index (the items are read in place).
  @inline(__always)
  func forEach(key: Int64, _ body: (Item) -> Void) {
    guard let head = heads.find(key) else { return }
    entries.withUnsafeBufferPointer { entries in
      var position = Int(head)
      while position >= 0 {
        body(entries[position].item)
        position = Int(entries[position].next)
      }
    }
  }

  func removeAll() {
    heads.removeAll()
    entries.removeAll(keepingCapacity: true)
  }
}
