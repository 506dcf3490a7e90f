/// The rule of a well-formed UTF-8 sequence (RFC 3629), shared by the JSON scanner and the XML
/// text decoder.
enum UTF8Sequence {
  /// The length of the well-formed sequence that starts at `index` of the `count` bytes at
  /// `base` with a byte of 0x80 or more, or nil when the bytes there break UTF-8 (an overlong
  /// form, a surrogate, a code point above U+10FFFF, a stray or missing continuation byte).
  @inline(__always)
  static func length(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
    let length: Int
    // The range of the second byte; the others are 0x80...0xBF.
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch base[index] {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return nil
    }
    for offset in 1..<length {
      let position = index + offset
      guard position < count else { return nil }
      let byte = base[position]
      let (lowest, highest) = offset == 1 ? (low, high) : (0x80, 0xBF)
      guard byte >= lowest && byte <= highest else { return nil }
    }
    return length
  }
}
