/// The keys the trace format defines, across every event type.
@usableFromInline
enum Field: UInt8, CaseIterable {
  case type, version, app, device, refreshRate, start, producer, deadline, id, label, duration, kind, view,
    module, thread, skipped, group, owner, property, user, time, backtrace, from, to, changed, valueType,
    narrative

  /// The field named by the `count` bytes at `key`, matched eight bytes at a time.
  ///
  /// Reads up to eight bytes past a short key (readers pad their buffers).
  @inlinable @inline(__always)
  static func match(_ key: UnsafePointer<UInt8>, _ count: Int) -> Field? {
    let raw = UnsafeRawPointer(key)
    let head = raw.loadUnaligned(as: UInt64.self)
    switch count {
    case 2:
      let word = head & 0xFFFF
      if word == 0x6469 { return .id }
      if word == 0x6F74 { return .to }
      return nil
    case 3:
      let word = head & 0xFFFFFF
      if word == 0x707061 { return .app }
      return nil
    case 4:
      let word = head & 0xFFFFFFFF
      if word == 0x65707974 { return .type }
      if word == 0x646E696B { return .kind }
      if word == 0x77656976 { return .view }
      if word == 0x72657375 { return .user }
      if word == 0x656D6974 { return .time }
      if word == 0x6D6F7266 { return .from }
      return nil
    case 5:
      let word = head & 0xFFFFFFFFFF
      if word == 0x7472617473 { return .start }
      if word == 0x6C6562616C { return .label }
      if word == 0x70756F7267 { return .group }
      if word == 0x72656E776F { return .owner }
      return nil
    case 6:
      let word = head & 0xFFFFFFFFFFFF
      if word == 0x656369766564 { return .device }
      if word == 0x656C75646F6D { return .module }
      if word == 0x646165726874 { return .thread }
      return nil
    case 7:
      let word = head & 0xFFFFFFFFFFFFFF
      if word == 0x6E6F6973726576 { return .version }
      if word == 0x64657070696B73 { return .skipped }
      if word == 0x6465676E616863 { return .changed }
      return nil
    case 8:
      let word = head
      if word == 0x72656375646F7270 { return .producer }
      if word == 0x656E696C64616564 { return .deadline }
      if word == 0x6E6F697461727564 { return .duration }
      if word == 0x79747265706F7270 { return .property }
      return nil
    case 9:
      let rest = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & 0xFF
      let word = head
      if word == 0x636172746B636162 && rest == 0x65 { return .backtrace }
      if word == 0x70795465756C6176 && rest == 0x65 { return .valueType }
      if word == 0x766974617272616E && rest == 0x65 { return .narrative }
      return nil
    case 11:
      let rest = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & 0xFFFFFF
      let word = head
      if word == 0x5268736572666572 && rest == 0x657461 { return .refreshRate }
      return nil
    default:
      return nil
    }
  }

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
