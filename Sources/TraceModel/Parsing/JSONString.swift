/// JSON string contents in both directions: unescaping what ``JSONScanner`` validated, and
/// quoting text for every JSON writer.
///
/// The one home of the escape rules: the trace reader, the budget reader, the JSON Lines
/// writer and the analyzer's JSON renderers all go through it.
package enum JSONString {
  // MARK: - Reading

  /// Appends the UTF-8 of validated, still-escaped string contents to `output`.
  ///
  /// `raw` must have been accepted by ``JSONScanner/scanString()``. A lone surrogate escape
  /// becomes U+FFFD.
  package static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    var index = 0
    while index < raw.count {
      let byte = raw[index]
      guard byte == 0x5C else {
        output.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case 0x62: output.append(0x08)
      case 0x66: output.append(0x0C)
      case 0x6E: output.append(0x0A)
      case 0x72: output.append(0x0D)
      case 0x74: output.append(0x09)
      case 0x75:
        var scalar = hex(raw, at: index)
        index += 4
        if scalar >= 0xD800 && scalar < 0xDC00 {
          if index + 5 < raw.count && raw[index] == 0x5C && raw[index + 1] == 0x75 {
            let low = hex(raw, at: index + 2)
            if low >= 0xDC00 && low < 0xE000 {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
              index += 6
            } else {
              scalar = 0xFFFD
            }
          } else {
            scalar = 0xFFFD
          }
        } else if scalar >= 0xDC00 && scalar < 0xE000 {
          scalar = 0xFFFD
        }
        output.appendUTF8(scalar)
      default: output.append(escape)
      }
    }
  }

  /// The decoded text of validated, still-escaped string contents.
  package static func decoded(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool = true) -> String {
    guard escaped else { return String(decoding: raw, as: UTF8.self) }
    var bytes: [UInt8] = []
    unescape(raw, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hex(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for offset in 0..<4 { value = value << 4 | UInt32(hexValue(raw[index + offset]) ?? 0) }
    return value
  }

  // MARK: - Writing

  /// Whether `byte` is escaped in a string literal: a quote, a backslash or a control character.
  @inlinable @inline(__always)
  package static func isEscaped(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// The most bytes ``quote(_:into:)`` writes for `count` bytes of text.
  @inlinable package static func quotedCapacity(_ count: Int) -> Int { 2 + 6 * count }

  /// Writes `text` (UTF-8) as a JSON string literal at `cursor`; returns the end of what it wrote.
  ///
  /// Quotes, backslashes and control characters are escaped (`\n`, `\t`, … or `\u00XX` in
  /// lower-case hex); everything else is copied. `cursor` must have room for
  /// ``quotedCapacity(_:)`` bytes.
  @inlinable
  package static func quote(_ text: UnsafeRawBufferPointer, into cursor: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var cursor = cursor
    cursor.pointee = UInt8(ascii: "\"")
    cursor += 1
    var plainStart = 0
    var index = 0
    while index < text.count {
      // Eight bytes at a time past what needs no escape (a word with a non-ASCII byte is
      // looked at byte by byte).
      if index &+ 8 <= text.count,
        JSONScanner.specialBytes(text.baseAddress!.loadUnaligned(fromByteOffset: index, as: UInt64.self)) == 0
      {
        index &+= 8
        continue
      }
      let value = text[index]
      index &+= 1
      guard isEscaped(value) else { continue }
      let escaped = index &- 1
      cursor = copy(text, plainStart..<escaped, to: cursor)
      plainStart = index
      cursor[0] = UInt8(ascii: "\\")
      let short: UInt8? =
        switch value {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        default: nil
        }
      if let short {
        cursor[1] = short
        cursor += 2
      } else {
        let digits: StaticString = "0123456789abcdef"
        cursor[1] = UInt8(ascii: "u")
        cursor[2] = UInt8(ascii: "0")
        cursor[3] = UInt8(ascii: "0")
        cursor[4] = digits.utf8Start[Int(value >> 4)]
        cursor[5] = digits.utf8Start[Int(value & 0xF)]
        cursor += 6
      }
    }
    cursor = copy(text, plainStart..<text.count, to: cursor)
    cursor.pointee = UInt8(ascii: "\"")
    return cursor + 1
  }

  /// `string` as a JSON string literal (see ``quote(_:into:)``).
  package static func quoted(_ string: String) -> String {
    var string = string
    return string.withUTF8 { text in
      String(unsafeUninitializedCapacity: quotedCapacity(text.count)) { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return base.distance(to: quote(UnsafeRawBufferPointer(text), into: base))
      }
    }
  }

  @inlinable @inline(__always)
  static func copy(
    _ text: UnsafeRawBufferPointer, _ range: Range<Int>, to cursor: UnsafeMutablePointer<UInt8>
  ) -> UnsafeMutablePointer<UInt8> {
    guard let base = text.baseAddress, !range.isEmpty else { return cursor }
    UnsafeMutableRawPointer(cursor).copyMemory(from: base + range.lowerBound, byteCount: range.count)
    return cursor + range.count
  }
}
