/// A key of a ``KeyIndex``: equality, a hash word and the name it is most often looked up by.
protocol IndexKey: Equatable {
  /// The key's name as a small non-negative number (from a symbol index + 1), which few other
  /// keys share, or -1 for keys not worth the name cache.
  var nameSlot: Int { get }
  /// The key's fields packed into a word; equal keys give equal words.
  var hashWord: UInt64 { get }
}

/// Numbers keys densely in the order they first appear, for the readers' per-event lookups.
///
/// Most names have one key, or one per module, so the first key seen with a name slot
/// (``IndexKey/nameSlot``) is tried first; the rest is an open-addressing table of indexes
/// probed linearly, with a multiplicative hash of ``IndexKey/hashWord`` (no `Hasher`: this runs
/// once per update of a multi-gigabyte trace).
struct KeyIndex<Key: IndexKey & Sendable>: Sendable {
  /// The keys by index.
  private(set) var keys: [Key] = []
  /// Index + 1 of the first key seen by ``IndexKey/nameSlot``; 0 for none.
  private var byName: [Int32] = []
  /// Index + 1 of a key, 0 for an empty slot; the count is a power of two.
  private var slots = [Int32](repeating: 0, count: 64)

  var count: Int { keys.count }

  /// The index of `key`, numbering it when new; nil when it is new and `limit` keys exist.
  @inline(__always)
  mutating func index(of key: Key, limit: Int = .max) -> (index: Int, isNew: Bool)? {
    let name = key.nameSlot
    if name >= 0 && name < byName.count {
      let candidate = Int(byName[name]) &- 1
      if candidate >= 0 && keys[candidate] == key { return (candidate, false) }
    }
    return slowIndex(of: key, name: name, limit: limit)
  }

  private mutating func slowIndex(of key: Key, name: Int, limit: Int) -> (index: Int, isNew: Bool)? {
    // Probed without writes (a write checks the array's uniqueness): most lookups find the key.
    let mask = slots.count &- 1
    var free = Self.slot(key.hashWord, mask: mask)
    var found = -1
    while slots[free] != 0 {
      let candidate = Int(slots[free]) &- 1
      if keys[candidate] == key {
        found = candidate
        break
      }
      free = (free &+ 1) & mask
    }
    if found >= 0 { return (found, false) }
    guard keys.count < limit else { return nil }
    let index = keys.count
    keys.append(key)
    slots[free] = Int32(keys.count)
    if keys.count &* 2 > slots.count { grow() }
    // The name's first key: one write per new key, none per lookup.
    if name >= 0 {
      if name >= byName.count { byName.append(contentsOf: repeatElement(0, count: name + 1 - byName.count)) }
      if byName[name] == 0 { byName[name] = Int32(index &+ 1) }
    }
    return (index, true)
  }

  private mutating func grow() {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    let mask = slots.count &- 1
    for (index, key) in keys.enumerated() {
      var slot = Self.slot(key.hashWord, mask: mask)
      while slots[slot] != 0 { slot = (slot &+ 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  @inline(__always)
  private static func slot(_ word: UInt64, mask: Int) -> Int {
    // Fibonacci hashing: the product's high bits depend on every bit of the word.
    Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }
}
