/// Two fixed-size Bloom filters of ids, one for the ids causes come from and one for the ids
/// they go to: "certainly not" or "maybe" in each.
///
/// Two probes into 2^23 bits per filter (2 MiB in all); the two filters' words are
/// interleaved so that one lookup answers both with two cache misses. The cause-graph join
/// asks it before putting an id in a hash table, which skips most updates (causes name a
/// small share of them). False positives only cost time; memory stays fixed however many ids
/// go in.
struct IDFilter: Sendable {
  /// What a cause may do with an id.
  struct Roles: OptionSet, Sendable {
    let rawValue: UInt64
    static let source = Roles(rawValue: 1)
    static let target = Roles(rawValue: 2)
  }

  private static let bits: UInt64 = 23

  /// Word `2k` holds bits `64k ..< 64k + 64` of the source filter, word `2k + 1` the target's.
  private var storage: [UInt64]

  init() {
    storage = [UInt64](repeating: 0, count: 2 << (Self.bits - 6))
  }

  @inline(__always)
  private static func probes(_ id: Int64) -> (Int, Int) {
    let hash = UInt64(bitPattern: id) &* 0xD6E8_FEB8_6659_FD93
    let first = Int(truncatingIfNeeded: hash >> (64 - bits))
    return (first, Int(truncatingIfNeeded: (hash >> 12) & ((1 << bits) - 1)))
  }

  /// Notes that a cause comes from (`.source`) or goes to (`.target`) `id`.
  @inline(__always)
  mutating func insert(_ id: Int64, as role: Roles) {
    let (first, second) = Self.probes(id)
    let offset = role == .source ? 0 : 1
    storage.withUnsafeMutableBufferPointer { words in
      words[(first >> 6) << 1 + offset] |= 1 << UInt64(first & 63)
      words[(second >> 6) << 1 + offset] |= 1 << UInt64(second & 63)
    }
  }

  /// The roles `id` may have; an absent role was certainly never inserted.
  @inline(__always)
  func roles(of id: Int64) -> Roles {
    let (first, second) = Self.probes(id)
    return storage.withUnsafeBufferPointer { words in
      let a = (first >> 6) << 1
      let b = (second >> 6) << 1
      let sources = (words[a] >> UInt64(first & 63)) & (words[b] >> UInt64(second & 63)) & 1
      let targets = (words[a + 1] >> UInt64(first & 63)) & (words[b + 1] >> UInt64(second & 63)) & 1
      return Roles(rawValue: sources | targets << 1)
    }
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
