extension [UInt8] {
  /// Appends the UTF-8 form of `scalar`, a valid Unicode scalar value (decoded `\u` escapes
  /// and XML character references).
  mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case 0..<0x80:
      append(UInt8(scalar))
    case 0x80..<0x800:
      append(UInt8(0xC0 | scalar >> 6))
      append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      append(UInt8(0xE0 | scalar >> 12))
      append(UInt8(0x80 | scalar >> 6 & 0x3F))
      append(UInt8(0x80 | scalar & 0x3F))
    default:
      append(UInt8(0xF0 | scalar >> 18))
      append(UInt8(0x80 | scalar >> 12 & 0x3F))
      append(UInt8(0x80 | scalar >> 6 & 0x3F))
      append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
