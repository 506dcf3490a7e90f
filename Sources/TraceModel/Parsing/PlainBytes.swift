/// Eight-bytes-at-a-time helpers of the object scanner (JSONLinesParser+Object.swift).
@usableFromInline
enum PlainBytes {
  /// The eight bytes at `pointer`, first byte lowest.
  @inlinable @inline(__always)
  static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  /// A mask of the lowest `count` bytes (`0...7`).
  @inlinable @inline(__always)
  static func lowBytes(_ count: Int) -> UInt64 {
    (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
  }

  /// A mask with the high bit set in each byte of `word` that is `"`, `\\`, below 0x20 or
  /// at least 0x80 (exact: no false positives).
  @inlinable @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    JSONScanner.specialBytes(word)
  }

  /// The length of the key at `key` (after its opening quote): the bytes before the first
  /// quote, backslash, control or non-ASCII byte.
  @inlinable @inline(__always)
  static func keyLength(_ key: UnsafePointer<UInt8>) -> Int {
    let special = specialBytes(load(key))
    if special != 0 { return special.trailingZeroBitCount >> 3 }
    return plainEnd(key, from: 8)
  }

  /// The offset of the first quote, backslash, control or non-ASCII byte at or after `start`.
  @inlinable @inline(__always)
  static func plainEnd(_ base: UnsafePointer<UInt8>, from start: Int) -> Int {
    var pointer = base + start
    while true {
      let special = specialBytes(load(pointer))
      if special != 0 { return base.distance(to: pointer) &+ special.trailingZeroBitCount >> 3 }
      pointer += 8
    }
  }

  /// The digit values of `word`'s bytes: below 10 exactly for ASCII digits.
  @inlinable @inline(__always)
  static func digitValues(_ word: UInt64) -> UInt64 {
    word ^ 0x3030_3030_3030_3030
  }

  /// The number of leading (lowest) bytes of `digits`, a ``digitValues(_:)`` word, that are
  /// digits (`0...8`).
  @inlinable @inline(__always)
  static func digitCount(_ digits: UInt64) -> Int {
    // The high bit of each byte of 10 or more: adding 0x76 to its low seven bits carries into
    // the high bit exactly when they are 10 or more (no carry crosses bytes).
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let notDigits = (((digits & low7) &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
    return notDigits.trailingZeroBitCount >> 3
  }

  /// The value of the lowest `count` (`1...8`) bytes of `digits`, a ``digitValues(_:)`` word.
  @inlinable @inline(__always)
  static func value(ofDigits digits: UInt64, count: Int) -> Int64 {
    // Shift the digits to the top, so the bytes below read as leading zeros.
    let shift = UInt64(truncatingIfNeeded: (8 &- count) &* 8)
    return JSONScanner.eightDigits(digits &<< shift)
  }

  /// The update kind spelled by the `count` bytes at `start`; nil for anything else.
  @inlinable @inline(__always)
  static func updateKind(_ start: UnsafePointer<UInt8>, _ count: Int32) -> UpdateKind? {
    // The spellings as little-endian words.
    let head = load(start)
    switch count {
    case 4 where head & 0xFFFF_FFFF == 0x7964_6F62: return .body
    case 5 where head & 0xFF_FFFF_FFFF == 0x72_6568_746F: return .other
    case 13 where head == 0x6E65_7365_7270_6572 && load(start + 8) & 0xFF_FFFF_FFFF == 0x65_6C62_6174:
      return .representable
    default: return nil
    }
  }

  /// Scans `true`, `false` or `null` at `index`, which it moves past the literal; nil for
  /// anything else (the caller then expects `,` or `}` next, so `truex` goes no further).
  @inlinable @inline(__always)
  static func literal(_ base: UnsafePointer<UInt8>, at index: inout Int) -> FieldTable.Value? {
    let start = index
    // The spellings as little-endian words.
    let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self)
    if word == 0x6575_7274 {
      index &+= 4
      return FieldTable.Value(tag: .bool, offset: start, integer: 1)
    }
    if word == 0x736C_6166 && base[start &+ 4] == UInt8(ascii: "e") {
      index &+= 5
      return FieldTable.Value(tag: .bool, offset: start, integer: 0)
    }
    if word == 0x6C6C_756E {
      index &+= 4
      return FieldTable.Value(tag: .null, offset: start)
    }
    return nil
  }

  /// Whether a line of unknown length ends at `index`, right after its object's `}` (a `\r`
  /// may come before the `\n`, and is part of the line); moves `index` to the `\n`.
  @inlinable @inline(__always)
  static func lineEnds(_ base: UnsafePointer<UInt8>, at index: inout Int) -> Bool {
    if base[index] == UInt8(ascii: "\r") { index &+= 1 }
    return base[index] == UInt8(ascii: "\n") && index < Int(Int32.max)
  }

  /// 10 to the power `exponent` (`0...7`).
  @inlinable @inline(__always)
  static func powerOfTen(_ exponent: Int) -> Int64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    default: 10_000_000
    }
  }

  /// Scans an integer of at most 15 digits at `index`, which it moves past the number; nil for
  /// anything else (`-` alone, a leading zero, 16 or more digits).
  ///
  /// A fraction or an exponent is left for the caller, which expects `,` or `}` next.
  @inlinable @inline(__always)
  static func integer(_ base: UnsafePointer<UInt8>, at index: inout Int) -> Int64? {
    var position = index
    let negative = base[position] == UInt8(ascii: "-")
    if negative { position &+= 1 }
    let digits = digitValues(load(base + position))
    let count = digitCount(digits)
    // No digit, or a leading zero (which JSON forbids).
    guard count > 0, count == 1 || digits & 0xFF != 0 else { return nil }
    var value = self.value(ofDigits: digits, count: count)
    position &+= count
    if count == 8 {
      let more = digitValues(load(base + position))
      let moreCount = digitCount(more)
      guard moreCount < 8 else { return nil }
      if moreCount > 0 {
        value = value &* powerOfTen(moreCount) &+ self.value(ofDigits: more, count: moreCount)
        position &+= moreCount
      }
    }
    index = position
    return negative ? 0 &- value : value
  }
}
