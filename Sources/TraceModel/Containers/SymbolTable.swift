/// Interns strings by their UTF-8 bytes so the reader allocates no `String` per field.
///
/// Symbols are dense (`0..<count`) in the order first seen. Lookup hashes the bytes and probes
/// an open-addressing table; a string is decoded into a `String` only when asked for. A table
/// belongs to one reader thread while it is filled, and is only read afterwards.
@usableFromInline package final class SymbolTable: @unchecked Sendable {
  @usableFromInline
  struct Entry {
    @usableFromInline var hash: UInt64
    @usableFromInline var offset: Int
    @usableFromInline var length: Int
  }

  @exclusivity(unchecked) @usableFromInline var bytes: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) @usableFromInline var byteCount = 0
  @exclusivity(unchecked) @usableFromInline var byteCapacity = 4096
  @exclusivity(unchecked) @usableFromInline var entries: UnsafeMutablePointer<Entry>
  @exclusivity(unchecked) @usableFromInline var entryCount = 0
  @exclusivity(unchecked) @usableFromInline var entryCapacity = 64
  /// Symbol index + 1 per slot, 0 when empty: `mask + 1` slots, a power of two.
  @exclusivity(unchecked) @usableFromInline var slots: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) @usableFromInline var mask = 127
  /// A direct-mapped cache of recent strings in front of the table (see ``intern(padded:count:)``).
  let recent: UnsafeMutablePointer<Recent>

  @usableFromInline package init() {
    // Eight bytes of padding after the capacity, for ``paddedEquals(_:_:_:)``.
    bytes = .allocate(capacity: byteCapacity + 8)
    entries = .allocate(capacity: entryCapacity)
    slots = .allocate(capacity: mask + 1)
    slots.initialize(repeating: 0, count: mask + 1)
    recent = .allocate(capacity: SymbolTable.recentCount)
    recent.initialize(repeating: Recent(), count: SymbolTable.recentCount)
  }

  deinit {
    bytes.deallocate()
    entries.deallocate()
    slots.deallocate()
    recent.deallocate()
  }

  /// The number of distinct strings interned.
  @usableFromInline package var count: Int { entryCount }

  /// Interns `string`.
  @discardableResult
  @usableFromInline package func intern(_ string: String) -> Symbol {
    var string = string
    return string.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
  }

  /// Interns the UTF-8 bytes in `buffer` (which must be valid UTF-8).
  @inlinable @inline(__always)
  package func intern(_ buffer: UnsafeRawBufferPointer) -> Symbol {
    let hash = SymbolTable.hash(buffer)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return insert(buffer, hash: hash, slot: slot) }
      let index = Int(entry &- 1)
      let stored = entries[index]
      if stored.hash == hash && stored.length == buffer.count
        && (buffer.count == 0 || memoryEquals(bytes + stored.offset, buffer.baseAddress!, buffer.count))
      {
        return Symbol(rawValue: entry &- 1)
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Interns the `count` UTF-8 bytes at `start`, reading up to eight bytes past them (the
  /// reader's padding): the parser's hot path.
  ///
  /// Strings are first looked up in ``recent``, by their first and last eight bytes and their
  /// length: that identifies strings of at most 16 bytes (most view, module and label names);
  /// longer ones are then compared in the middle.
  @inline(__always)
  func intern(padded start: UnsafePointer<UInt8>, count: Int) -> Symbol {
    var first = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
    var last: UInt64 = 0
    if count >= 8 {
      last = UnsafeRawPointer(start + count - 8).loadUnaligned(as: UInt64.self)
    } else {
      first &= (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
    }
    let recent = self.recent + SymbolTable.recentSlot(first: first, last: last)
    if recent.pointee.first == first && recent.pointee.last == last && recent.pointee.length == count
      && (count <= 16
        || paddedEquals(bytes + entries[recent.pointee.symbol.index].offset + 8, start + 8, count &- 16))
    {
      return recent.pointee.symbol
    }
    let symbol = intern(padded: start, count: count, first: first, last: last)
    recent.pointee = Recent(first: first, last: last, length: count, symbol: symbol)
    return symbol
  }

  /// Interns the `count` bytes at `start` (padded), whose first and last eight bytes are given.
  @inline(never)
  func intern(padded start: UnsafePointer<UInt8>, count: Int, first: UInt64, last: UInt64) -> Symbol {
    let hash = SymbolTable.hash(first: first, last: last, count: count)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 {
        return insert(UnsafeRawBufferPointer(start: start, count: count), hash: hash, slot: slot)
      }
      let stored = entries[Int(entry &- 1)]
      if stored.hash == hash && stored.length == count && paddedEquals(bytes + stored.offset, start, count) {
        return Symbol(rawValue: entry &- 1)
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// A recently interned string: its first and last eight bytes (zero-padded below eight bytes),
  /// its length and its symbol.
  struct Recent {
    var first: UInt64 = 0
    var last: UInt64 = 0
    /// `Int.max` in an empty slot.
    var length = Int.max
    var symbol = Symbol(rawValue: 0)
  }

  /// The number of ``recent`` slots (a power of two).
  static var recentCount: Int { 4096 }

  @inline(__always)
  static func recentSlot(first: UInt64, last: UInt64) -> Int {
    Int(truncatingIfNeeded: ((first &+ last &* 0x9E37_79B9_7F4A_7C15) &* 0xFF51_AFD7_ED55_8CCD) >> 52)
  }

  /// Returns the symbol of `string` if it was interned, without interning it.
  @usableFromInline package func lookup(_ string: String) -> Symbol? {
    var string = string
    return string.withUTF8 { utf8 -> Symbol? in
      let buffer = UnsafeRawBufferPointer(utf8)
      let hash = SymbolTable.hash(buffer)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        let stored = entries[Int(entry - 1)]
        if stored.hash == hash && stored.length == buffer.count
          && (buffer.count == 0 || memoryEquals(bytes + stored.offset, buffer.baseAddress!, buffer.count))
        {
          return Symbol(rawValue: entry - 1)
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The string of `symbol`.
  @usableFromInline package subscript(symbol: Symbol) -> String {
    precondition(symbol.index >= 0 && symbol.index < entryCount, "symbol of another table")
    let entry = entries[symbol.index]
    return String(
      decoding: UnsafeBufferPointer(start: bytes + entry.offset, count: entry.length), as: UTF8.self)
  }

  /// Calls `body` with the UTF-8 bytes of `symbol`.
  @usableFromInline package func withBytes<R>(of symbol: Symbol, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    precondition(symbol.index >= 0 && symbol.index < entryCount, "symbol of another table")
    let entry = entries[symbol.index]
    return body(UnsafeRawBufferPointer(start: bytes + entry.offset, count: entry.length))
  }

  // MARK: - Growing

  @usableFromInline
  func insert(_ buffer: UnsafeRawBufferPointer, hash: UInt64, slot: Int) -> Symbol {
    if byteCount + buffer.count > byteCapacity {
      let capacity = max(byteCapacity * 2, byteCount + buffer.count)
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 8)
      grown.update(from: bytes, count: byteCount)
      bytes.deallocate()
      bytes = grown
      byteCapacity = capacity
    }
    if let base = buffer.baseAddress {
      (bytes + byteCount).update(from: base.assumingMemoryBound(to: UInt8.self), count: buffer.count)
    }
    if entryCount == entryCapacity {
      let grown = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
      grown.moveInitialize(from: entries, count: entryCount)
      entries.deallocate()
      entries = grown
      entryCapacity *= 2
    }
    let index = entryCount
    (entries + index).initialize(to: Entry(hash: hash, offset: byteCount, length: buffer.count))
    entryCount += 1
    byteCount += buffer.count
    slots[slot] = Int32(index + 1)
    if entryCount * 2 > mask + 1 { rehash() }
    return Symbol(rawValue: Int32(index))
  }

  private func rehash() {
    let capacity = (mask + 1) * 2
    let grown = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    grown.initialize(repeating: 0, count: capacity)
    for index in 0..<entryCount {
      var slot = Int(truncatingIfNeeded: entries[index].hash) & (capacity - 1)
      while grown[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
      grown[slot] = Int32(index + 1)
    }
    slots.deallocate()
    slots = grown
    mask = capacity - 1
  }

  /// A fast hash of `buffer` from its length and its first and last eight bytes (equality is
  /// checked byte by byte on lookup, so collisions cost time only).
  @inlinable @inline(__always)
  static func hash(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    let count = buffer.count
    var first: UInt64 = 0
    var last: UInt64 = 0
    if count >= 8 {
      first = buffer.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
      last = buffer.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else {
      for offset in 0..<count { first |= UInt64(buffer[offset]) << UInt64(offset * 8) }
    }
    return hash(first: first, last: last, count: count)
  }

  /// Mixes the first and last eight bytes (zero-padded when shorter) and the length.
  @inlinable @inline(__always)
  static func hash(first: UInt64, last: UInt64, count: Int) -> UInt64 {
    var hash = (first ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15) &* 0xFF51_AFD7_ED55_8CCD
    hash ^= (last ^ (hash >> 29)) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 32)
  }
}

/// Compares `count` bytes at two addresses, reading up to eight bytes past each.
@inlinable @inline(__always)
func paddedEquals(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
  var offset = 0
  while offset &+ 8 < count {
    if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset &+= 8
  }
  // The last one to eight bytes.
  let difference =
    lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    ^ rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  let rest = UInt64(truncatingIfNeeded: count &- offset)
  return rest == 0 || difference & (~0 &>> (64 &- rest &* 8)) == 0
}

/// Compares `count` bytes at two addresses.
@inlinable @inline(__always)
func memoryEquals(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Bool {
  var offset = 0
  while offset + 8 <= count {
    if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < count {
    if lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) {
      return false
    }
    offset += 1
  }
  return true
}
