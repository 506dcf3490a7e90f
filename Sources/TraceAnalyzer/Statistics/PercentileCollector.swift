/// One part's share of a percentile scan: the durations each target collects, or its
/// sub-bucket counts.
///
/// Built by ``PercentileTargets/makeCollector(part:)`` for the current scan. Its memory is raw and
/// shared by copies; the targets free it in ``PercentileTargets/endScan(_:)``.
struct PercentileCollector: @unchecked Sendable {
  /// A target's range and where its values or counts go.
  struct Probe {
    var low: Int64
    /// `high - low`: a value is in range when `value - low`, unsigned, is at most this.
    var span: UInt64
    /// log2 of the sub-bucket width when counting.
    var shift: UInt64
    var isCounting: Bool
    var base: UnsafeMutablePointer<UInt32>
    /// The next free value slot (collecting).
    var cursor: UnsafeMutablePointer<UInt32>
    /// Values or sub-buckets `base` has room for.
    var capacity: Int
  }

  /// Each view's first slot; view `g` has slots `firstSlot[g] ..< firstSlot[g + 1]`.
  private let firstSlot: UnsafeMutableBufferPointer<Int32>
  private let probes: UnsafeMutableBufferPointer<Probe>
  private let storage: UnsafeMutablePointer<UInt32>

  /// `ranges`, by slot: the target's range, its sub-bucket shift when counting (nil when
  /// collecting) and the values or sub-buckets it needs room for.
  init(firstSlot: [Int32], ranges: [(low: Int64, high: Int64, shift: Int?, capacity: Int)]) {
    self.firstSlot = .allocate(capacity: firstSlot.count)
    _ = self.firstSlot.initialize(from: firstSlot)
    probes = .allocate(capacity: ranges.count)
    // One spare value a collecting slot: every record stores, a hit also moves the cursor.
    let total = ranges.reduce(0) { $0 + $1.capacity + 1 }
    storage = .allocate(capacity: total)
    var next = storage
    for (slot, range) in ranges.enumerated() {
      if range.shift != nil { next.initialize(repeating: 0, count: range.capacity) }
      probes.initializeElement(
        at: slot,
        to: Probe(
          low: range.low, span: UInt64(range.high - range.low), shift: UInt64(range.shift ?? 0),
          isCounting: range.shift != nil, base: next, cursor: next, capacity: range.capacity))
      next += range.capacity + 1
    }
  }

  func deallocate() {
    firstSlot.deallocate()
    probes.deallocate()
    storage.deallocate()
  }

  /// Offers the finished duration `value` of view `group` to the view's targets.
  @inline(__always)
  func add(group: Int, value: Int64) {
    var slot = Int(firstSlot[group])
    let end = Int(firstSlot[group &+ 1])
    while slot < end {
      let probe = probes.baseAddress.unsafelyUnwrapped + slot
      let offset = UInt64(bitPattern: value &- probe.pointee.low)
      let hit = offset <= probe.pointee.span
      if probe.pointee.isCounting {
        if hit { probe.pointee.base[Int(truncatingIfNeeded: offset >> probe.pointee.shift)] &+= 1 }
      } else {
        // Without a branch: whether a value is in range is a coin toss per record.
        probe.pointee.cursor.pointee = UInt32(truncatingIfNeeded: offset)
        probe.pointee.cursor += hit ? 1 : 0
      }
      slot &+= 1
    }
  }

  /// The values collected in `slot` (offsets from its low end), or its sub-bucket counts.
  func values(_ slot: Int) -> UnsafeMutableBufferPointer<UInt32> {
    let probe = probes[slot]
    return UnsafeMutableBufferPointer(
      start: probe.base, count: probe.isCounting ? probe.capacity : probe.base.distance(to: probe.cursor))
  }
}
