/// The distinct stacks of one reader thread's samples, each with where it was first sampled.
struct StackTable: Sendable {
  /// Symbol ids, leaf first, by stack index.
  private(set) var stacks: [[Int64]] = []
  /// By stack index: the 1-based line (within the part) of its first sample.
  private(set) var firstLines: [Int] = []
  private var index: [Key: Int] = [:]

  /// A stack with its hash computed once (a multiply-xor over its ids, not a `Hasher` per id).
  private struct Key: Hashable {
    let ids: [Int64]
    let hash: UInt64

    init(_ ids: [Int64]) {
      self.ids = ids
      var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(ids.count &+ 1)
      for id in ids { hash = (hash ^ UInt64(bitPattern: id)) &* 0xBF58_476D_1CE4_E5B9 }
      self.hash = hash
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.ids == b.ids }
  }

  /// The index of `stack`, added at `line` when new.
  mutating func intern(_ stack: [Int64], line: Int) -> Int {
    let key = Key(stack)
    if let found = index[key] { return found }
    let added = stacks.count
    stacks.append(stack)
    firstLines.append(line)
    index[key] = added
    return added
  }
}
