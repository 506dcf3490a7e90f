/// Interns strings by their UTF-8 bytes so the reader allocates no `String` per field.
///
/// Symbols are dense (`0..<count`) in the order first seen. Lookup hashes the bytes and probes
/// an open-addressing table; a string is decoded into a `String` only when asked for.
public struct SymbolTable: Sendable {
  private var bytes: [UInt8] = []
  /// `offsets[i] ..< offsets[i + 1]` are the bytes of symbol `i`.
  private var offsets: [Int] = [0]
  private var hashes: [UInt64] = []
  /// Symbol index + 1 per slot; 0 is empty. Capacity is a power of two.
  private var slots: [Int32] = Array(repeating: 0, count: 64)

  public init() {}

  /// The number of distinct strings interned.
  public var count: Int { hashes.count }

  /// Interns `string`.
  public mutating func intern(_ string: String) -> Symbol {
    var string = string
    return string.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
  }

  /// Interns the UTF-8 bytes in `buffer` (which must be valid UTF-8).
  @inlinable public mutating func intern(_ buffer: UnsafeRawBufferPointer) -> Symbol {
    intern(buffer, hash: SymbolTable.hash(buffer))
  }

  /// Returns the symbol of `string` if it was interned, without interning it.
  public func lookup(_ string: String) -> Symbol? {
    var string = string
    return string.withUTF8 { utf8 -> Symbol? in
      let buffer = UnsafeRawBufferPointer(utf8)
      let hash = SymbolTable.hash(buffer)
      var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
      while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        let index = Int(entry - 1)
        if hashes[index] == hash && equals(index, buffer) { return Symbol(rawValue: entry - 1) }
        slot = (slot + 1) & (slots.count - 1)
      }
    }
  }

  /// The string of `symbol`.
  public subscript(symbol: Symbol) -> String {
    let range = offsets[symbol.index]..<offsets[symbol.index + 1]
    return bytes.withUnsafeBufferPointer { String(decoding: $0[range], as: UTF8.self) }
  }

  /// Calls `body` with the UTF-8 bytes of `symbol`.
  public func withBytes<R>(of symbol: Symbol, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    let range = offsets[symbol.index]..<offsets[symbol.index + 1]
    return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  // MARK: - Hashing and probing

  @usableFromInline
  mutating func intern(_ buffer: UnsafeRawBufferPointer, hash: UInt64) -> Symbol {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      let index = Int(entry - 1)
      if hashes[index] == hash && equals(index, buffer) { return Symbol(rawValue: entry - 1) }
      slot = (slot + 1) & mask
    }
    let index = hashes.count
    bytes.append(contentsOf: buffer)
    offsets.append(bytes.count)
    hashes.append(hash)
    slots[slot] = Int32(index + 1)
    if hashes.count * 2 > slots.count { grow() }
    return Symbol(rawValue: Int32(index))
  }

  private func equals(_ index: Int, _ buffer: UnsafeRawBufferPointer) -> Bool {
    let start = offsets[index]
    let length = offsets[index + 1] - start
    guard length == buffer.count else { return false }
    if length == 0 { return true }
    return bytes.withUnsafeBytes { stored in
      guard let base = buffer.baseAddress, let storedBase = stored.baseAddress else { return false }
      return memoryEquals(storedBase + start, base, length)
    }
  }

  private mutating func grow() {
    let capacity = slots.count * 2
    var newSlots = [Int32](repeating: 0, count: capacity)
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
      while newSlots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
      newSlots[slot] = Int32(index + 1)
    }
    slots = newSlots
  }

  /// A fast non-cryptographic hash of `buffer`, eight bytes at a time.
  @inlinable
  static func hash(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
    var offset = 0
    let count = buffer.count
    while offset + 8 <= count {
      let word = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 32
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < count {
      tail |= UInt64(buffer[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 29)
  }
}

/// Compares `count` bytes at two addresses.
@usableFromInline
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
    if lhs.load(fromByteOffset: offset, as: UInt8.self)
      != rhs.load(fromByteOffset: offset, as: UInt8.self)
    {
      return false
    }
    offset += 1
  }
  return true
}
