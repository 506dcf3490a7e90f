/// Writes unsigned integers in decimal, two digits at a time: the one number routine of the
/// JSON Lines writer and the exports.
@usableFromInline package enum DecimalDigits {
  /// The most bytes ``write(_:to:)`` writes.
  @inlinable package static var maxCount: Int { 20 }

  /// Writes the digits of `value` at `cursor`, which has room for ``maxCount`` bytes; returns
  /// how many it wrote.
  @inlinable @inline(__always)
  package static func write(_ value: UInt64, to cursor: UnsafeMutablePointer<UInt8>) -> Int {
    let count = digitCount(value)
    // "00" to "99" in a literal: constant bytes, with no lazy initializer to check.
    let pairs: StaticString = """
      00010203040506070809101112131415161718192021222324252627282930313233343536373839\
      40414243444546474849505152535455565758596061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """
    let table = UnsafeRawPointer(pairs.utf8Start)
    var rest = value
    var index = count
    // From the last digit back, a pair per division, copied from the table.
    while rest >= 100 {
      let pair = Int(truncatingIfNeeded: rest % 100)
      rest /= 100
      index &-= 2
      UnsafeMutableRawPointer(cursor + index).copyMemory(from: table + 2 &* pair, byteCount: 2)
    }
    if rest >= 10 {
      UnsafeMutableRawPointer(cursor).copyMemory(from: table + 2 &* Int(rest), byteCount: 2)
    } else {
      cursor[0] = UInt8(truncatingIfNeeded: rest) &+ UInt8(ascii: "0")
    }
    return count
  }

  /// The number of decimal digits of `value` (1 for 0).
  @inlinable @inline(__always)
  package static func digitCount(_ value: UInt64) -> Int {
    // Comparisons with literals: a global table would be reached through its lazy
    // initializer's check at every number (a call, from another module).
    if value < 100_000_000 { return digitCount(belowE8: value) }
    if value < 10_000_000_000_000_000 { return 8 &+ digitCount(belowE8: value / 100_000_000) }
    return 16 &+ digitCount(belowE8: value / 10_000_000_000_000_000)
  }

  /// The number of decimal digits of `value`, which is below 10^8.
  @inlinable @inline(__always)
  static func digitCount(belowE8 value: UInt64) -> Int {
    if value < 10_000 {
      if value < 100 { return value < 10 ? 1 : 2 }
      return value < 1_000 ? 3 : 4
    }
    if value < 1_000_000 { return value < 100_000 ? 5 : 6 }
    return value < 10_000_000 ? 7 : 8
  }
}
