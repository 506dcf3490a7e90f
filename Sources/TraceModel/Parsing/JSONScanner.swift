/// A byte-level JSON scanner over one line (or one document) of UTF-8.
///
/// It validates strictly (RFC 8259: grammar, escapes, control characters, UTF-8) and allocates
/// nothing on the common path: strings are reported as byte ranges, numbers as `Int64` when they
/// are integers that fit. Nesting is tracked in a bit stack, so depth is bounded only by memory.
///
/// Contract: the byte at `base[count]` must be readable and must not be a JSON token byte or
/// whitespace other than `\n` (readers place the line's `\n` or a `0` there). Inner loops stop on
/// it instead of checking bounds.
@usableFromInline package struct JSONScanner {
  @usableFromInline let base: UnsafePointer<UInt8>
  @usableFromInline let count: Int
  /// The offset of the next byte to read.
  @usableFromInline package var position: Int = 0
  @usableFromInline var nesting = NestingStack()
  /// Whether the text is a whole document (a file) rather than one trace line: its end is the
  /// end of the file, and a line break in a string leaves the string unterminated.
  @usableFromInline package var readsDocument = false

  /// Scans the `count` bytes at `base`; see the type's contract about `base[count]`.
  @inlinable package init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  // MARK: - Whole documents

  /// Validates that `bytes` hold exactly one JSON value, with optional surrounding whitespace.
  @usableFromInline package static func validate(_ bytes: [UInt8]) throws(JSONScanError) {
    var padded = bytes
    padded.append(contentsOf: repeatElement(0, count: 16))
    let count = bytes.count
    let result = padded.withUnsafeBufferPointer { buffer -> JSONScanError? in
      guard let base = buffer.baseAddress else { return nil }
      var scanner = JSONScanner(base: base, count: count)
      do {
        scanner.skipWhitespace()
        try scanner.skipValue()
        scanner.skipWhitespace()
        if scanner.position != count {
          throw scanner.error("unexpected data after the JSON value")
        }
        return nil
      } catch let error as JSONScanError {
        return error
      } catch {
        return JSONScanError(offset: 0, message: "\(error)")
      }
    }
    if let result { throw result }
  }

  // MARK: - Tokens

  /// The byte at the current position (the sentinel at the end).
  @inlinable package var current: UInt8 { base[position] }

  /// Whether every byte has been consumed.
  @inlinable package var isAtEnd: Bool { position >= count }

  /// Skips spaces, tabs, carriage returns and line feeds.
  @inlinable @inline(__always) package mutating func skipWhitespace() {
    // Most JSON Lines have no whitespace between tokens.
    if base[position] > 0x20 { return }
    var index = position
    while index < count {
      let byte = base[index]
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        index += 1
      } else {
        break
      }
    }
    position = index
  }

  /// Consumes `byte` or throws `message`.
  @inlinable package mutating func expect(
    _ byte: UInt8, _ message: @autoclosure () -> String
  )
    throws(JSONScanError)
  {
    guard position < count, base[position] == byte else { throw error(message()) }
    position += 1
  }

  /// Makes an error at the current position.
  @usableFromInline package func error(_ message: String) -> JSONScanError {
    if position >= count {
      return JSONScanError(
        offset: count, message: "unexpected end of \(readsDocument ? "file" : "line"), \(message)")
    }
    if position + 2 < count && base[position] == 0xEF && base[position + 1] == 0xBB
      && base[position + 2] == 0xBF
    {
      return JSONScanError(
        offset: position,
        message:
          "a UTF-8 byte order mark (BOM) where \(message.replacing("expected ", with: "", maxReplacements: 1)) "
          + "should be; JSON has none: save the file as UTF-8 without a BOM")
    }
    return JSONScanError(offset: position, message: message)
  }

  /// Scans a string starting at its opening quote; returns the range of its raw (still escaped)
  /// contents and whether it holds escapes.
  @inlinable @inline(__always)
  package mutating func scanString() throws(JSONScanError) -> (
    range: Range<Int>, escaped: Bool
  ) {
    var index = position + 1
    let start = index
    var escaped = false
    while true {
      // Eight bytes at a time: stop at a quote, a backslash, a control or a non-ASCII byte.
      // Reads may run past the line into the reader's padding; the sentinel stops them.
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let special = JSONScanner.specialBytes(word)
      if special == 0 {
        index += 8
        continue
      }
      index += special.trailingZeroBitCount >> 3
      let byte = base[index]
      if byte == 0x22 {
        position = index + 1
        return (start..<index, escaped)
      }
      if index >= count {
        position = count
        throw JSONScanError(offset: count, message: "unterminated string")
      }
      if byte == 0x5C {
        escaped = true
        index = try scanEscape(at: index)
      } else if byte < 0x20 {
        throw controlCharacter(at: index)
      } else {
        index = try scanUTF8(at: index)
      }
    }
  }

  /// A mask with the high bit set in each byte of `word` that is `"`, `\\`, below 0x20 or
  /// at least 0x80 (exact: no false positives).
  @inlinable @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let low7 = word & ~highs
    // A byte of low7 is below 0x20 when adding 0x60 leaves its high bit clear.
    let notControl = (low7 &+ 0x6060_6060_6060_6060) & highs
    let quote = low7 ^ (0x22 &* ones)
    let backslash = low7 ^ (0x5C &* ones)
    let quoteZero = ~((quote &+ 0x7F7F_7F7F_7F7F_7F7F) | quote) & highs
    let backslashZero = ~((backslash &+ 0x7F7F_7F7F_7F7F_7F7F) | backslash) & highs
    return (word & highs) | (~notControl & highs) | quoteZero | backslashZero
  }

  @usableFromInline
  func controlCharacter(at index: Int) -> JSONScanError {
    if readsDocument && base[index] == UInt8(ascii: "\n") {
      return JSONScanError(offset: index, message: "unterminated string")
    }
    return JSONScanError(
      offset: index, message: "control character U+\(hex4(UInt16(base[index]))) in string must be escaped")
  }

  /// Validates the escape at `index` (a backslash); returns the offset after it.
  ///
  /// An error names the first byte that cannot continue the escape: the one after the
  /// backslash, or the first of the four `\u` digits that is not a hex digit.
  @usableFromInline
  func scanEscape(at index: Int) throws(JSONScanError) -> Int {
    guard index + 1 < count else { throw JSONScanError(offset: count, message: "unterminated string") }
    let next = base[index + 1]
    switch next {
    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: return index + 2
    case 0x75:
      for offset in 2...5 {
        guard index + offset < count, hexValue(base[index + offset]) != nil else {
          throw JSONScanError(
            offset: min(index + offset, count), message: "invalid \\u escape: expected four hex digits")
        }
      }
      return index + 6
    default:
      let message =
        next > 0x20 && next < 0x7F
        ? "invalid escape '\\\(Character(Unicode.Scalar(next)))'"
        : "invalid escape: byte 0x\(String(hex4(UInt16(next)).suffix(2))) after a backslash"
      throw JSONScanError(offset: index + 1, message: message)
    }
  }

  /// Validates the UTF-8 sequence starting at `index` (a byte >= 0x80); returns the offset after it.
  @usableFromInline
  func scanUTF8(at index: Int) throws(JSONScanError) -> Int {
    guard let length = UTF8Sequence.length(base, at: index, count: count) else {
      throw JSONScanError(offset: index, message: "invalid UTF-8")
    }
    return index + length
  }

  /// A scanned number: its value when it is an integer that fits in `Int64`.
  @usableFromInline package struct Number: Hashable, Sendable {
    /// The value; meaningful only when `isInteger && fits`.
    @usableFromInline package var value: Int64
    /// No fraction and no exponent.
    @usableFromInline package var isInteger: Bool
    /// The integer fits in `Int64`.
    @usableFromInline package var fits: Bool

    @inlinable package init(value: Int64, isInteger: Bool, fits: Bool) {
      self.value = value
      self.isInteger = isInteger
      self.fits = fits
    }
  }

  /// Moves past the white space and the comma after an object member's value; false at the
  /// object's end (for walks over a line the strict scan has accepted).
  @inlinable
  package mutating func skipToNextMember() -> Bool {
    skipWhitespace()
    guard position < count && base[position] == 0x2C else { return false }
    position += 1
    skipWhitespace()
    return true
  }

  /// Scans a number at the current position (strict JSON grammar).
  @inlinable @inline(__always)
  package mutating func scanNumber() throws(JSONScanError) -> Number {
    var index = position
    var negative = false
    if base[index] == 0x2D {
      negative = true
      index += 1
    }
    var value: Int64 = 0
    var fits = true
    let first = base[index]
    if first == 0x30 {
      index += 1
      if base[index] &- 0x30 <= 9 && index < count {
        position = index
        throw error("invalid number: a leading zero must not be followed by digits")
      }
    } else if first >= 0x31 && first <= 0x39 {
      // Up to 18 digits cannot overflow; check the rest. Accumulate negatively so Int64.min fits.
      let digitsStart = index
      // Eight digits at a time while they last (SWAR), then one at a time.
      while index - digitsStart <= 10 {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        // Every byte a digit: high nibble 3, and still 3 after adding 6.
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let check = (word & nibbles) | (((word &+ 0x0606_0606_0606_0606) & nibbles) >> 4)
        guard check == 0x3333_3333_3333_3333 else { break }
        value = value &* 100_000_000 &- JSONScanner.eightDigits(word &- 0x3030_3030_3030_3030)
        index += 8
      }
      while true {
        let digit = base[index] &- 0x30
        if digit > 9 { break }
        if index - digitsStart < 18 {
          value = value &* 10 &- Int64(digit)
        } else {
          let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
          let (next, overflow2) = times.subtractingReportingOverflow(Int64(digit))
          if overflow1 || overflow2 { fits = false } else { value = next }
        }
        index += 1
      }
    } else {
      position = index
      throw error("invalid number")
    }
    var isInteger = true
    if base[index] == 0x2E {
      isInteger = false
      index += 1
      guard base[index] &- 0x30 <= 9, index < count else {
        position = index
        throw error("invalid number: expected a digit after '.'")
      }
      while base[index] &- 0x30 <= 9 && index < count { index += 1 }
    }
    if base[index] | 0x20 == 0x65 && index < count {
      isInteger = false
      index += 1
      if base[index] == 0x2B || base[index] == 0x2D { index += 1 }
      guard base[index] &- 0x30 <= 9, index < count else {
        position = index
        throw error("invalid number: expected a digit in the exponent")
      }
      while base[index] &- 0x30 <= 9 && index < count { index += 1 }
    }
    if !negative {
      if value == .min { fits = false } else { value = -value }
    }
    position = index
    return Number(value: value, isInteger: isInteger, fits: fits)
  }

  /// The value of eight decimal digits (bytes 0...9, first digit in the lowest byte).
  @inlinable @inline(__always)
  static func eightDigits(_ digits: UInt64) -> Int64 {
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    var value = (digits &* 10) &+ (digits >> 8)
    value = ((value & mask) &* 0x000F_4240_0000_0064 &+ ((value >> 16) & mask) &* 0x0000_2710_0000_0001) >> 32
    return Int64(truncatingIfNeeded: value & 0xFFFF_FFFF)
  }

  /// Scans `true`, `false` or `null` at the current position; returns the boolean (nil for null).
  @inlinable
  package mutating func scanLiteral() throws(JSONScanError) -> Bool? {
    // The literals' bytes as little-endian words, checked byte by byte.
    let (word, length, value): (UInt64, Int, Bool?) =
      switch base[position] {
      case 0x74: (0x6575_7274, 4, true)
      case 0x66: (0x65_736C_6166, 5, false)
      default: (0x6C6C_756E, 4, nil)
      }
    for offset in 0..<length {
      let expected = UInt8(truncatingIfNeeded: word >> UInt64(offset * 8))
      guard position + offset < count, base[position + offset] == expected else {
        position += offset
        throw error("invalid literal")
      }
    }
    position += length
    return value
  }

  // MARK: - Skipping values

  /// Validates and skips one value of any depth, iteratively (no recursion).
  @usableFromInline package mutating func skipValue() throws(JSONScanError) {
    let floor = nesting.depth
    while true {
      // A value is expected here.
      skipWhitespace()
      guard position < count else { throw error("expected a value") }
      switch base[position] {
      case 0x7B:  // {
        position += 1
        skipWhitespace()
        if position < count && base[position] == 0x7D {
          position += 1
        } else {
          nesting.push(isObject: true)
          try scanKeyAndColon()
          continue
        }
      case 0x5B:  // [
        position += 1
        skipWhitespace()
        if position < count && base[position] == 0x5D {
          position += 1
        } else {
          nesting.push(isObject: false)
          continue
        }
      case 0x22: _ = try scanString()
      case 0x2D, 0x30...0x39: _ = try scanNumber()
      case 0x74, 0x66, 0x6E: _ = try scanLiteral()
      default: throw error("expected a value")
      }
      // After a value: close containers or move to the next element.
      var nextValue = false
      while nesting.depth > floor {
        skipWhitespace()
        guard position < count else {
          throw error(nesting.topIsObject ? "expected ',' or '}'" : "expected ',' or ']'")
        }
        let byte = base[position]
        if byte == 0x2C {
          position += 1
          if nesting.topIsObject {
            skipWhitespace()
            try scanKeyAndColon()
          }
          nextValue = true
          break
        } else if byte == (nesting.topIsObject ? 0x7D : 0x5D) {
          position += 1
          nesting.pop()
        } else {
          throw error(nesting.topIsObject ? "expected ',' or '}'" : "expected ',' or ']'")
        }
      }
      if !nextValue { return }
    }
  }

  /// Scans `"key" :` inside an object.
  @usableFromInline
  mutating func scanKeyAndColon() throws(JSONScanError) {
    guard position < count, base[position] == 0x22 else { throw error("expected a string key") }
    _ = try scanString()
    skipWhitespace()
    try expect(0x3A, "expected ':' after the key")
  }
}

// MARK: - Helpers

/// The value of an ASCII hex digit.
@inlinable func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case 0x30...0x39: byte - 0x30
  case 0x41...0x46: byte - 0x41 + 10
  case 0x61...0x66: byte - 0x61 + 10
  default: nil
  }
}

/// Four uppercase hex digits.
@usableFromInline func hex4(_ value: UInt16) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// A stack of container kinds (object or array): 64 levels in a word, deeper ones in an array.
@usableFromInline
struct NestingStack {
  @usableFromInline var depth = 0
  @usableFromInline var bits: UInt64 = 0
  @usableFromInline var deeper: [Bool] = []

  @usableFromInline init() {}

  @inlinable mutating func push(isObject: Bool) {
    if depth < 64 {
      if isObject { bits |= 1 << UInt64(depth) } else { bits &= ~(1 << UInt64(depth)) }
    } else {
      deeper.append(isObject)
    }
    depth += 1
  }

  @inlinable mutating func pop() {
    depth -= 1
    if depth >= 64 { deeper.removeLast() }
  }

  @inlinable var topIsObject: Bool {
    let top = depth - 1
    return top < 64 ? bits & (1 << UInt64(top)) != 0 : deeper[top - 64]
  }
}
