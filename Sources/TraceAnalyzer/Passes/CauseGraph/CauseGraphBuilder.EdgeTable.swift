extension CauseGraphBuilder {
  struct EdgeKey: Hashable {
    var from: UInt32
    var to: UInt32
    var label: Int32
  }

  /// The join's edges in order of first sight, with their counts.
  ///
  /// An edge's index is its place in `keys` (resolved causes name it). Small keys are looked
  /// up in an ``IDTable`` by one packed integer rather than hashed as a struct. That table is
  /// a class: a copy shares it, so only one copy may be counted into.
  struct EdgeTable {
    /// Keys looked up ahead of counting them, by those who count many at once.
    static let lookAhead = 32

    private(set) var keys: [EdgeKey] = []
    private(set) var counts: [Int] = []
    private var packed = IDTable()
    private var others: [EdgeKey: Int] = [:]

    /// A copy that may be counted into beside this table (a plain copy shares its key table).
    func detached() -> EdgeTable {
      var copy = self
      copy.packed = packed.copy()
      return copy
    }

    /// Makes room for `count` edges in all.
    mutating func reserve(_ count: Int) {
      packed.reserve(count)
      keys.reserveCapacity(count)
      counts.reserveCapacity(count)
    }

    /// The index of `key`'s edge, if counted before.
    @inline(__always)
    func index(of key: EdgeKey) -> Int? {
      if let code = Self.code(key) { return packed.find(code).map { Int($0 & Self.indexMask) } }
      return others[key]
    }

    /// A packed key's payload: the edge's index in the low half, and in the high half the causes
    /// ``tally(_:)`` counted on it since the last ``settle()``.
    private static let indexMask: UInt64 = 0xFFFF_FFFF
    private static let unsettledCause: UInt64 = 1 << 32
    /// The causes a key's payload holds at most before ``tally(_:)`` settles the table (lower
    /// for tests).
    var settleAt: UInt64 = 0xFFFF_FFF0

    /// Counts one cause on `key` as ``count(_:causes:)`` does, beside the key in the table.
    ///
    /// One cache miss a cause, not two: ``counts`` lag until ``settle()``. Returns the edge's
    /// index.
    @inline(__always)
    mutating func tally(_ key: EdgeKey) -> Int {
      guard let code = Self.code(key) else { return count(key) }
      guard
        let before = packed.add(
          Self.unsettledCause, to: code, orInsert: UInt64(keys.count) | Self.unsettledCause)
      else {
        append(key)
        return keys.count - 1
      }
      if before >> 32 >= settleAt { settle() }
      return Int(before & Self.indexMask)
    }

    /// Moves the causes ``tally(_:)`` counted into ``counts``.
    mutating func settle() {
      packed.updateEach { value in
        counts[Int(value & Self.indexMask)] += Int(value >> 32)
        value &= Self.indexMask
      }
    }

    /// Counts `causes[i]` on `keys[i]` for each `i`, in order; returns the edges' indices.
    ///
    /// The keys are looked up a batch at a time before any is counted, so that the lookups'
    /// cache misses overlap.
    mutating func count(_ keys: [EdgeKey], causes: [Int]) -> [UInt32] {
      var indices: [UInt32] = []
      indices.reserveCapacity(keys.count)
      var found = [Int?](repeating: nil, count: Self.lookAhead)
      var start = 0
      while start < keys.count {
        let batch = start..<min(start + found.count, keys.count)
        for index in batch { found[index - start] = self.index(of: keys[index]) }
        for index in batch {
          let edge = found[index - start].map { count(at: $0, causes: causes[index]) }
          indices.append(UInt32(edge ?? count(keys[index], causes: causes[index])))
        }
        start = batch.upperBound
      }
      return indices
    }

    /// Counts `causes` (one by default) more on the edge at `index`; returns `index`.
    @inline(__always)
    mutating func count(at index: Int, causes: Int = 1) -> Int {
      counts[index] += causes
      return index
    }

    /// `key` packed in one integer, if its parts are small enough.
    @inline(__always)
    private static func code(_ key: EdgeKey) -> Int64? {
      guard key.from < 1 << 27 && key.to < 1 << 27 && key.label >= 0 && key.label < 1 << 8 else { return nil }
      return Int64(key.from) << 35 | Int64(key.to) << 8 | Int64(key.label)
    }

    /// Counts `causes` (one by default) on `key`; returns the edge's index.
    @inline(__always)
    mutating func count(_ key: EdgeKey, causes: Int = 1) -> Int {
      let index: Int
      if let code = Self.code(key) {
        if let found = packed.find(code) {
          index = Int(found & Self.indexMask)
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
      return count(at: index, causes: causes)
    }

    private mutating func append(_ key: EdgeKey) {
      keys.append(key)
      counts.append(0)
    }
  }
}
