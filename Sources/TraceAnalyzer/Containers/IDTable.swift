/// An open-addressing hash map from a non-negative id to a 64-bit payload: the in-memory
/// table of one partition of a hash join, cleared and refilled partition after partition.
///
/// Linear probing, at most half full; memory is 16 bytes a slot (an id beside its payload, so a
/// lookup costs one cache miss, not two) and only grows to fit the largest partition.
final class IDTable {
  private static let empty: Int64 = -1

  private struct Slot {
    var key: Int64
    var value: UInt64
  }

  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>
  @exclusivity(unchecked) private var mask: Int
  @exclusivity(unchecked) private var shift: UInt64
  /// Ids held.
  @exclusivity(unchecked) private(set) var count = 0

  init(capacity: Int = 1024) {
    var size = 64
    var bits: UInt64 = 6
    while size < capacity * 2 {
      size <<= 1
      bits += 1
    }
    slots = .allocate(capacity: size)
    slots.initialize(repeating: Slot(key: Self.empty, value: 0), count: size)
    mask = size - 1
    shift = 64 - bits
  }

  /// A table of its own holding what this one holds.
  func copy() -> IDTable {
    let copy = IDTable()
    copy.slots.deallocate()
    copy.slots = .allocate(capacity: mask + 1)
    copy.slots.initialize(from: slots, count: mask + 1)
    (copy.mask, copy.shift, copy.count) = (mask, shift, count)
    return copy
  }

  deinit {
    slots.deallocate()
  }

  /// Empties the table.
  func removeAll() {
    if count > 0 { slots.update(repeating: Slot(key: Self.empty, value: 0), count: mask + 1) }
    count = 0
  }

  /// Makes room for `count` ids in all, so that filling the table does not grow it step by step.
  func reserve(_ count: Int) {
    while count * 2 > mask + 1 { grow() }
  }

  /// Sets the payload of `id` (which must be `>= 0`); returns the payload it replaces.
  @inline(__always) @discardableResult
  func insert(_ id: Int64, _ value: UInt64) -> UInt64? {
    if (count + 1) * 2 > mask + 1 { grow() }
    var slot = self.slot(of: id)
    while true {
      let key = slots[slot].key
      if key == Self.empty {
        slots[slot] = Slot(key: id, value: value)
        count += 1
        return nil
      }
      if key == id {
        defer { slots[slot].value = value }
        return slots[slot].value
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Adds `change` to the payload of `id`, or sets it to `value` when `id` (`>= 0`) is absent;
  /// returns the payload before (nil: absent).
  @inline(__always)
  func add(_ change: UInt64, to id: Int64, orInsert value: UInt64) -> UInt64? {
    if (count + 1) * 2 > mask + 1 { grow() }
    var slot = self.slot(of: id)
    while true {
      let key = slots[slot].key
      if key == id {
        let before = slots[slot].value
        slots[slot].value = before &+ change
        return before
      }
      if key == Self.empty {
        slots[slot] = Slot(key: id, value: value)
        count += 1
        return nil
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Calls `body` with every payload, in slot order, to change it.
  func updateEach(_ body: (inout UInt64) -> Void) {
    for slot in 0...mask where slots[slot].key != Self.empty { body(&slots[slot].value) }
  }

  /// The payload of `id`, if present.
  @inline(__always)
  func find(_ id: Int64) -> UInt64? {
    var slot = self.slot(of: id)
    while true {
      let key = slots[slot].key
      if key == id { return slots[slot].value }
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
    let old = slots
    let oldSize = mask + 1
    let size = oldSize * 2
    slots = .allocate(capacity: size)
    slots.initialize(repeating: Slot(key: Self.empty, value: 0), count: size)
    mask = size - 1
    shift -= 1
    count = 0
    for slot in 0..<oldSize where old[slot].key != Self.empty {
      insert(old[slot].key, old[slot].value)
    }
    old.deallocate()
  }
}
