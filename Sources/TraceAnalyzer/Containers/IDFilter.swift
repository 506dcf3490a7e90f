/// Two fixed-size Bloom filters of ids, one for the ids causes come from and one for the ids
/// they go to: "certainly not" or "maybe" in each.
///
/// Blocked: an id's two probes in each filter fall in one 64-byte block that holds 256 bits of
/// each filter, so one lookup answers both with one cache miss (2^15 blocks, 2 MiB in all). The
/// cause-graph join asks it before putting an id in a hash table, which skips most updates
/// (causes name a small share of them). False positives only cost time; memory stays fixed
/// however many ids go in.
struct IDFilter: Sendable {
  /// What a cause may do with an id.
  struct Roles: OptionSet, Sendable {
    let rawValue: UInt64
    static let source = Roles(rawValue: 1)
    static let target = Roles(rawValue: 2)
  }

  private static let blockBits: UInt64 = 15

  /// Block `k` is words `8k ..< 8k + 8`: four of the source filter, then four of the target's.
  private var storage: [UInt64]

  init() {
    storage = [UInt64](repeating: 0, count: 8 << Self.blockBits)
  }

  /// The id's block's first word and its two bits (0-255) in each filter's half of the block.
  @inline(__always)
  private static func probes(_ id: Int64) -> (block: Int, first: Int, second: Int) {
    let hash = UInt64(bitPattern: id) &* 0xD6E8_FEB8_6659_FD93
    return (
      Int(truncatingIfNeeded: hash >> (64 - blockBits)) << 3, Int(truncatingIfNeeded: (hash >> 41) & 255),
      Int(truncatingIfNeeded: (hash >> 33) & 255)
    )
  }

  /// Notes that a cause comes from (`.source`) or goes to (`.target`) `id`.
  @inline(__always)
  mutating func insert(_ id: Int64, as role: Roles) {
    let (block, first, second) = Self.probes(id)
    let base = block + (role == .source ? 0 : 4)
    storage.withUnsafeMutableBufferPointer { words in
      words[base + first >> 6] |= 1 << UInt64(first & 63)
      words[base + second >> 6] |= 1 << UInt64(second & 63)
    }
  }

  /// The filter's words seen through a pointer: a plain value, so a closure that captures it
  /// retains nothing (capturing the filter retains its storage at each call).
  struct Lookup {
    fileprivate let words: UnsafeBufferPointer<UInt64>

    /// The roles `id` may have, as ``IDFilter/roles(of:)`` answers.
    @inline(__always)
    func roles(of id: Int64) -> Roles { IDFilter.roles(of: id, in: words) }
  }

  /// The roles `id` may have; an absent role was certainly never inserted.
  @inline(__always)
  func roles(of id: Int64) -> Roles {
    storage.withUnsafeBufferPointer { Self.roles(of: id, in: $0) }
  }

  /// Calls `body` with a ``Lookup`` of this filter, valid only inside it.
  func withLookup<Result>(_ body: (Lookup) throws -> Result) rethrows -> Result {
    try storage.withUnsafeBufferPointer { try body(Lookup(words: $0)) }
  }

  @inline(__always)
  private static func roles(of id: Int64, in words: UnsafeBufferPointer<UInt64>) -> Roles {
    let (block, first, second) = probes(id)
    let a = block + first >> 6
    let b = block + second >> 6
    let sources = (words[a] >> UInt64(first & 63)) & (words[b] >> UInt64(second & 63)) & 1
    let targets = (words[a + 4] >> UInt64(first & 63)) & (words[b + 4] >> UInt64(second & 63)) & 1
    return Roles(rawValue: sources | targets << 1)
  }

  /// Adds every id of `other`.
  mutating func formUnion(_ other: IDFilter) {
    storage.withUnsafeMutableBufferPointer { words in
      other.storage.withUnsafeBufferPointer { others in
        for index in words.indices { words[index] |= others[index] }
      }
    }
  }
}
