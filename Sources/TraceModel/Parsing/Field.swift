/// The keys the trace format defines, across every event type.
@usableFromInline
enum Field: Int, CaseIterable {
  case type, version, app, device, refreshRate, start, producer, deadline, id, label, duration, kind, view, module, thread, skipped, group, owner, property, user, time, backtrace, from, to, changed, valueType, narrative

  /// The field named by the `count` bytes at `key`, matched eight bytes at a time.
  ///
  /// Reads up to eight bytes past a short key (readers pad their buffers).
  @inlinable
  static func match(_ key: UnsafePointer<UInt8>, _ count: Int) -> Field? {
    guard count >= 2 && count <= 11 else { return nil }
    let raw = UnsafeRawPointer(key)
    let head = raw.loadUnaligned(as: UInt64.self)
    let headMask: UInt64 = count >= 8 ? ~0 : (1 << UInt64(count * 8)) - 1
    let first = head & headMask
    var rest: UInt64 = 0
    if count > 8 {
      rest = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & ((1 << UInt64((count - 8) * 8)) - 1)
    }
    switch (count, first, rest) {
    case (2, 0x6469, 0x0): return .id
    case (2, 0x6F74, 0x0): return .to
    case (3, 0x707061, 0x0): return .app
    case (4, 0x65707974, 0x0): return .type
    case (4, 0x646E696B, 0x0): return .kind
    case (4, 0x77656976, 0x0): return .view
    case (4, 0x72657375, 0x0): return .user
    case (4, 0x656D6974, 0x0): return .time
    case (4, 0x6D6F7266, 0x0): return .from
    case (5, 0x7472617473, 0x0): return .start
    case (5, 0x6C6562616C, 0x0): return .label
    case (5, 0x70756F7267, 0x0): return .group
    case (5, 0x72656E776F, 0x0): return .owner
    case (6, 0x656369766564, 0x0): return .device
    case (6, 0x656C75646F6D, 0x0): return .module
    case (6, 0x646165726874, 0x0): return .thread
    case (7, 0x6E6F6973726576, 0x0): return .version
    case (7, 0x64657070696B73, 0x0): return .skipped
    case (7, 0x6465676E616863, 0x0): return .changed
    case (8, 0x72656375646F7270, 0x0): return .producer
    case (8, 0x656E696C64616564, 0x0): return .deadline
    case (8, 0x6E6F697461727564, 0x0): return .duration
    case (8, 0x79747265706F7270, 0x0): return .property
    case (9, 0x636172746B636162, 0x65): return .backtrace
    case (9, 0x70795465756C6176, 0x65): return .valueType
    case (9, 0x766974617272616E, 0x65): return .narrative
    case (11, 0x5268736572666572, 0x657461): return .refreshRate
    default: return nil
    }
  }

  @inlinable var bit: UInt32 { 1 << UInt32(rawValue) }

  /// The mask of `fields`.
  @inlinable static func mask(_ fields: Field...) -> UInt32 {
    fields.reduce(0) { $0 | $1.bit }
  }

  /// The field's name as written in traces.
  var name: String { String(describing: self) }
}
