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
    var rest = value
    var index = count
    // From the last digit back, a pair per division.
    while rest >= 100 {
      let pair = UInt8(truncatingIfNeeded: rest % 100)
      rest /= 100
      index &-= 2
      cursor[index] = pair / 10 &+ UInt8(ascii: "0")
      cursor[index &+ 1] = pair % 10 &+ UInt8(ascii: "0")
    }
    let last = UInt8(truncatingIfNeeded: rest)
    if last >= 10 {
      cursor[0] = last / 10 &+ UInt8(ascii: "0")
      cursor[1] = last % 10 &+ UInt8(ascii: "0")
    } else {
      cursor[0] = last &+ UInt8(ascii: "0")
    }
    return count
  }

  /// The number of decimal digits of `value` (1 for 0).
  @inlinable @inline(__always)
  package static func digitCount(_ value: UInt64) -> Int {
    // log10 from the bit length (1233 / 4096 is just under log10(2)): the count or one less.
    let bits = 64 &- (value | 1).leadingZeroBitCount
    let guess = (bits &* 1233) >> 12
    return guess == 0 || value >= powersOfTen[guess] ? guess &+ 1 : guess
  }

  /// `10^n` for n in `0...19`.
  @usableFromInline static let powersOfTen: [UInt64] = (0..<20).map { power in
    (0..<power).reduce(1) { value, _ in value * 10 }
  }
}
