/// Decodes XML character data: the five predefined entities and numeric character references.
enum XMLText {
  /// Why a stretch of character data is not valid XML, at a byte offset into it.
  struct Failure: Error {
    var offset: Int
    var message: String
  }

  /// Appends the decoded form of `count` raw bytes at `bytes` to `output`.
  ///
  /// `&lt; &gt; &amp; &quot; &apos;`, `&#NNN;` and `&#xHH;` are decoded; anything else after
  /// `&` is an error (an export declares no other entities).
  static func decode(_ bytes: UnsafePointer<UInt8>, count: Int, into output: inout [UInt8]) throws(Failure) {
    var index = 0
    while index < count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "&") else {
        output.append(byte)
        index += 1
        continue
      }
      var end = index + 1
      while end < count && bytes[end] != UInt8(ascii: ";") && end - index < 12 { end += 1 }
      guard end < count && bytes[end] == UInt8(ascii: ";") else {
        throw Failure(offset: index, message: "'&' must start an entity such as &amp; (or be written &amp;)")
      }
      let name = UnsafeBufferPointer(start: bytes + index + 1, count: end - index - 1)
      if let scalar = try reference(name, at: index) {
        output.appendUTF8(scalar)
      } else {
        throw Failure(offset: index, message: "unknown entity &\(String(decoding: name, as: UTF8.self));")
      }
      index = end + 1
    }
  }

  /// The scalar an entity name (between `&` and `;`) stands for; nil for an unknown name.
  private static func reference(_ name: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> UInt32?
  {
    switch String(decoding: name, as: UTF8.self) {
    case "lt": return 0x3C
    case "gt": return 0x3E
    case "amp": return 0x26
    case "quot": return 0x22
    case "apos": return 0x27
    default: break
    }
    guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
    var value: UInt32 = 0
    let hex = name[1] == UInt8(ascii: "x")
    let digits = name[(hex ? 2 : 1)...]
    guard !digits.isEmpty else { throw invalid(name, offset) }
    for digit in digits {
      guard let number = hexValue(digit), hex || number < 10 else { throw invalid(name, offset) }
      value = value * (hex ? 16 : 10) + UInt32(number)
      guard value <= 0x10FFFF else { throw invalid(name, offset) }
    }
    let allowed =
      value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value < 0xD800)
      || (value >= 0xE000 && value != 0xFFFE && value != 0xFFFF)
    guard allowed else { throw invalid(name, offset) }
    return value
  }

  private static func invalid(_ name: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Failure {
    Failure(
      offset: offset,
      message: "&\(String(decoding: name, as: UTF8.self)); is not a valid XML character reference")
  }

  /// The value of `count` decimal digits at `bytes`: 1 to 19 of them, at most `Int64.max`; nil
  /// for anything else (a sign, a space, nothing, more digits).
  @inline(__always)
  static func decimal(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int64? {
    guard count > 0 && count <= 19 else { return nil }
    var value: UInt64 = 0
    for index in 0..<count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value &* 10 &+ UInt64(digit)
    }
    guard count < 19 || value <= UInt64(Int64.max) else { return nil }
    return Int64(value)
  }

  /// ``decimal(_:count:)`` read eight bytes at a time: the 8 bytes after `bytes + count` must
  /// be readable (the chunk buffer's padding).
  @inline(__always)
  static func decimal(padded bytes: UnsafePointer<UInt8>, count: Int) -> Int64? {
    guard count > 0 && count <= 15 else { return decimal(bytes, count: count) }
    let head = min(count, 8)
    let digits = PlainBytes.digitValues(PlainBytes.load(bytes))
    guard PlainBytes.digitCount(digits) >= head else { return nil }
    let value = PlainBytes.value(ofDigits: digits, count: head)
    guard count > 8 else { return value }
    let more = PlainBytes.digitValues(PlainBytes.load(bytes + 8))
    guard PlainBytes.digitCount(more) >= count &- 8 else { return nil }
    return value &* PlainBytes.powerOfTen(count &- 8) &+ PlainBytes.value(ofDigits: more, count: count &- 8)
  }

  /// The offset of the first byte that breaks UTF-8 in `count` bytes at `bytes`, or nil.
  static func firstInvalidUTF8(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int? {
    var index = 0
    while index < count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      guard let length = UTF8Sequence.length(bytes, at: index, count: count) else { return index }
      index += length
    }
    return nil
  }
}
