/// An open-addressing hash map from a non-negative id to a 64-bit payload: the in-memory
/// table of one partition of a hash join, cleared and refilled partition after partition.
///
/// Linear probing, at most half full; memory is 16 bytes a slot and only grows to fit the
/// largest partition.
final class IDTable {
  private static let empty: Int64 = -1

  @exclusivity(unchecked) private var keys: UnsafeMutablePointer<Int64>
  @exclusivity(unchecked) private var values: UnsafeMutablePointer<UInt64>
  @exclusivity(unchecked) private var mask: Int
  @exclusivity(unchecked) private var shift: UInt64
  /// Ids held.
  @exclusivity(unchecked) private(set) var count = 0

  init(capacity: Int = 1024) {
    var slots = 64
    var bits: UInt64 = 6
    while slots < capacity * 2 {
      slots <<= 1
      bits += 1
    }
    keys = .allocate(capacity: slots)
    keys.initialize(repeating: Self.empty, count: slots)
    values = .allocate(capacity: slots)
    mask = slots - 1
    shift = 64 - bits
  }

  deinit {
    keys.deallocate()
    values.deallocate()
  }

  /// Empties the table.
  func removeAll() {
    if count > 0 { keys.update(repeating: Self.empty, count: mask + 1) }
    count = 0
  }

  /// Sets the payload of `id` (which must be `>= 0`).
  @inline(__always)
  func insert(_ id: Int64, _ value: UInt64) {
    if (count + 1) * 2 > mask + 1 { grow() }
    var slot = self.slot(of: id)
    while true {
      let key = keys[slot]
      if key == Self.empty {
        keys[slot] = id
        values[slot] = value
        count += 1
        return
      }
      if key == id {
        values[slot] = value
        return
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// The payload of `id`, if present.
  @inline(__always)
  func find(_ id: Int64) -> UInt64? {
    var slot = self.slot(of: id)
    while true {
      let key = keys[slot]
      if key == id { return values[slot] }
      if key == Self.empty { return nil }
      slot = (slot &+ 1) & mask
    }
  }

  /// A hash unlike ``PartitionedSpill``'s, whose top bits are equal within a partition.
  @inline(__always)
  private func slot(of id: Int64) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0xC2B2_AE3D_27D4_EB4F) >> shift)
  }

  private func grow() {
    let oldKeys = keys
    let oldValues = values
    let oldSlots = mask + 1
    let slots = oldSlots * 2
    keys = .allocate(capacity: slots)
    keys.initialize(repeating: Self.empty, count: slots)
    values = .allocate(capacity: slots)
    mask = slots - 1
    shift -= 1
    count = 0
    for slot in 0..<oldSlots where oldKeys[slot] != Self.empty {
      insert(oldKeys[slot], oldValues[slot])
    }
    oldKeys.deallocate()
    oldValues.deallocate()
  }
}
