import Testing

@testable import TraceModel

/// ``DecimalDigits`` against `String(value)`: every power of ten and its neighbours, and the
/// limits.
struct DecimalDigitsTests {
  @Test func writesAsStringDoes() {
    var values: [UInt64] = [
      0, 1, 9, 10, 11, 99, 100, 101, UInt64(Int64.max), UInt64(Int64.max) + 1, .max, .max - 1,
    ]
    var power: UInt64 = 1
    for _ in 0..<20 {
      values += [power - 1, power, power + 1, power / 2 * 3]
      if power > UInt64.max / 10 { break }
      power *= 10
    }
    for bit in 0..<64 { values += [1 << UInt64(bit), (1 << UInt64(bit)) - 1] }
    for value in values {
      let digits = [UInt8](unsafeUninitializedCapacity: DecimalDigits.maxCount) { buffer, count in
        count = DecimalDigits.write(value, to: buffer.baseAddress!)
      }
      #expect(String(decoding: digits, as: UTF8.self) == String(value))
      #expect(DecimalDigits.digitCount(value) == String(value).count)
    }
  }
}
