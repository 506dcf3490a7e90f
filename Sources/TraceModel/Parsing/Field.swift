/// The keys the trace format defines, across every event type.
@usableFromInline
enum Field: UInt8, CaseIterable, Sendable {
  case type, version, app, device, refreshRate, start, producer, deadline, id, label, duration, kind, view,
    module, thread, skipped, group, owner, property, user, time, backtrace, from, to, changed, valueType,
    narrative

  // MARK: - Perfect hash

  /// The multiplier of ``slot(ofHead:)``.
  ///
  /// It maps each case's first eight bytes (zero-padded, little-endian) to a different top six
  /// bits of the product, the index of ``FieldTable/keySlots``. Found by a search;
  /// ``FieldTable/Storage`` checks at startup that it still separates every case.
  @inlinable static var hashMultiplier: UInt64 { 0x1281_37EA_C090_BC85 }

  /// The slot (`0..<64`) of a key whose first eight bytes are `head`.
  @inlinable @inline(__always)
  static func slot(ofHead head: UInt64) -> Int {
    Int(truncatingIfNeeded: (head &* hashMultiplier) >> 58)
  }

  /// The case's position (0-based), without a switch.
  @inlinable @inline(__always) var index: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

  @inlinable @inline(__always) var bit: UInt32 { 1 &<< UInt32(truncatingIfNeeded: index) }

  /// The mask of `fields`.
  @inlinable static func mask(_ fields: Field...) -> UInt32 {
    fields.reduce(0) { $0 | $1.bit }
  }

  /// The field's name as written in traces.
  var name: String { String(describing: self) }
}
