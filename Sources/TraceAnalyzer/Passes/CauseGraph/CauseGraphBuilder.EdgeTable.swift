extension CauseGraphBuilder {
  struct EdgeKey: Hashable {
    var from: UInt32
    var to: UInt32
    var label: Int32
  }

  /// The join's edges in order of first sight, with their counts.
  ///
  /// An edge's index is its place in `keys` (resolved causes name it). Small keys are looked
  /// up in an ``IDTable`` by one packed integer rather than hashed as a struct.
  struct EdgeTable {
    private(set) var keys: [EdgeKey] = []
    private(set) var counts: [Int] = []
    private let packed = IDTable()
    private var others: [EdgeKey: Int] = [:]

    /// Makes room for `count` edges in all.
    mutating func reserve(_ count: Int) {
      packed.reserve(count)
      keys.reserveCapacity(count)
      counts.reserveCapacity(count)
    }

    /// Counts `causes` (one by default) on `key`; returns the edge's index.
    @inline(__always)
    mutating func count(_ key: EdgeKey, causes: Int = 1) -> Int {
      let index: Int
      if key.from < 1 << 27 && key.to < 1 << 27 && key.label >= 0 && key.label < 1 << 8 {
        let code = Int64(key.from) << 35 | Int64(key.to) << 8 | Int64(key.label)
        if let found = packed.find(code) {
          index = Int(found)
        } else {
          index = keys.count
          packed.insert(code, UInt64(index))
          append(key)
        }
      } else if let found = others[key] {
        index = found
      } else {
        index = keys.count
        others[key] = index
        append(key)
      }
      counts[index] += causes
      return index
    }

    private mutating func append(_ key: EdgeKey) {
      keys.append(key)
      counts.append(0)
    }
  }
}
