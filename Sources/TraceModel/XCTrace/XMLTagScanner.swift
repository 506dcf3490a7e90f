#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads XML markup in a byte buffer: start tags and their attributes, end tags, and the
/// processing instructions, comments, CDATA sections and declarations between them.
///
/// The scanner knows markup, not documents: it does not track nesting, and it leaves text and
/// attribute values undecoded. Positions are indices into the buffer; a read that runs past
/// ``count`` answers "need more" (nil or ``Item/needMore``), so a caller over a chunked file
/// refills and reads again from the same `<`. A malformed start tag throws a ``Failure`` at
/// the index where it goes wrong; end tags and other markup are only delimited.
///
/// The buffer must have ``padding`` readable bytes after ``count``: the word-at-a-time scans
/// and name comparisons load past the end (and ignore what they find there).
///
/// The reads a start tag makes per attribute are `@_transparent`, not `@inline(__always)`: the
/// optimizer ignores the latter for a callee of more than 64 SIL blocks in a caller of more
/// than 64, which ``XCTraceParser``'s start tag is (Scripts/bench/README.md, "Measures behind
/// the code").
struct XMLTagScanner {
  /// Why markup is not well-formed, at an index into the buffer.
  struct Failure: Error {
    var index: Int
    var message: String
  }

  /// What comes next inside a start tag.
  enum Item {
    /// An attribute: its name's start and length, and its value's bounds (between the quotes).
    case attribute(name: Int, nameLength: Int, value: Int, valueEnd: Int)
    /// The end of the tag (`>` or `/>`).
    case end(selfClosing: Bool)
    /// The tag runs past the buffer.
    case needMore
  }

  /// Markup other than an element's tags.
  enum Markup {
    /// Skipped markup, and the index after it.
    case skipped(next: Int)
    /// A CDATA section: its content's bounds, and the index after its `]]>`.
    case cdata(start: Int, end: Int, next: Int)
    /// The markup runs past the buffer.
    case needMore
  }

  /// The readable bytes a buffer needs after ``count``.
  static let padding = 8

  let bytes: UnsafePointer<UInt8>
  /// The number of bytes in the buffer.
  let count: Int

  init(bytes: UnsafePointer<UInt8>, count: Int) {
    self.bytes = bytes
    self.count = count
  }

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  // MARK: - Tags

  /// The end of the element name that starts at `start` (the byte after `<`); nil when the
  /// buffer ends first.
  @inline(__always)
  func nameEnd(from start: Int) -> Int? {
    var index = start
    // Eight bytes at a time while they are in the buffer: the first byte that is `/`, `>` or at
    // most a space (the masks may flag bytes after the first, never before it).
    while index &+ 8 <= count {
      let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
      let stops =
        Self.zeroBytes(word ^ 0x2F2F_2F2F_2F2F_2F2F) | Self.zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E)
        | ((word &- 0x2121_2121_2121_2121) & ~word & 0x8080_8080_8080_8080)
      if stops != 0 {
        index &+= stops.trailingZeroBitCount >> 3
        // A control byte other than white space is part of the name, as below.
        if bytes[index] > 0x20 || Self.isSpace(bytes[index]) { return index }
        index &+= 1
        break
      }
      index &+= 8
    }
    while index < count {
      let byte = bytes[index]
      // Letters (above `>`) go on at once; spaces, `/` and `>` are below it.
      if byte <= UInt8(ascii: ">")
        && (Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/"))
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// A mask with the high bit set in each zero byte of `word`, exact for the lowest one (a
  /// borrow may flag bytes above it).
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
  }

  /// ` id="`, ` ref="` and ` fmt="` as little-endian words: the attributes every value element
  /// has one of, matched a word at a time.
  static var idWord: (bits: UInt64, mask: UInt64) { (0x22_3D64_6920, 0xFF_FFFF_FFFF) }
  static var refWord: (bits: UInt64, mask: UInt64) { (0x223D_6665_7220, 0xFFFF_FFFF_FFFF) }
  static var fmtWord: (bits: UInt64, mask: UInt64) { (0x223D_746D_6620, 0xFFFF_FFFF_FFFF) }

  /// Whether the bytes at `index` begin with `word` (the buffer is padded: the load may run
  /// past its end).
  @inline(__always)
  func starts(with word: (bits: UInt64, mask: UInt64), at index: Int) -> Bool {
    UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self) & word.mask == word.bits
  }

  /// The attribute at `index` when it is ` id="…"`, ` ref="…"` or ` fmt="…"`, matched as one word.
  ///
  /// Every value element has one of them. Nil for anything else, and when the value's end is not
  /// in the buffer: ``item(at:nameStart:nameLength:)`` then reads it, to the same result. On a
  /// match, `index` moves past the attribute.
  @_transparent
  func commonAttribute(at index: inout Int) -> Item? {
    guard index < count else { return nil }
    let nameLength: Int
    if starts(with: Self.idWord, at: index) {
      nameLength = 2
    } else if starts(with: Self.fmtWord, at: index) || starts(with: Self.refWord, at: index) {
      nameLength = 3
    } else {
      return nil
    }
    let valueStart = index &+ nameLength &+ 3
    guard let valueEnd = find(UInt8(ascii: "\""), from: valueStart, to: count) else { return nil }
    let attribute = Item.attribute(
      name: index &+ 1, nameLength: nameLength, value: valueStart, valueEnd: valueEnd)
    index = valueEnd &+ 1
    return attribute
  }

  /// Reads ` ref="N"/>` with at most seven digits, the rest of half the tags of an export, at
  /// `index` (after the element name): the id named and the offset after the `/>`; nil for any
  /// other rest (which the caller then reads attribute by attribute, with its errors).
  ///
  /// The digits are read from one word, with no search for the closing quote.
  @inline(__always)
  func reference(at index: Int) -> (ref: Int64, end: Int)? {
    guard index &+ 16 <= count, starts(with: Self.refWord, at: index) else { return nil }
    let digitsStart = index &+ 6
    let digits = PlainBytes.digitValues(PlainBytes.load(bytes + digitsStart))
    let digitCount = PlainBytes.digitCount(digits)
    let close = digitsStart &+ digitCount
    guard digitCount > 0 && digitCount < 8, bytes[close] == UInt8(ascii: "\""),
      bytes[close &+ 1] == UInt8(ascii: "/"), bytes[close &+ 2] == UInt8(ascii: ">")
    else { return nil }
    return (PlainBytes.value(ofDigits: digits, count: digitCount), close &+ 3)
  }

  /// Reads ` id="N" fmt="…">`, the attributes of most leaf values (a third of the tags), at
  /// `index` (after the element name): the id, where the `fmt` value is, and the offset after
  /// the `>`; nil for anything else (read attribute by attribute by the caller).
  @inline(__always)
  func identifiedFormat(at index: Int) -> (id: Int64, fmtStart: Int, fmtEnd: Int, end: Int)? {
    guard index &+ 5 < count, starts(with: Self.idWord, at: index) else { return nil }
    let idStart = index &+ 5
    guard let idEnd = find(UInt8(ascii: "\""), from: idStart, to: count), idEnd &+ 7 < count,
      let id = XMLText.decimal(padded: bytes + idStart, count: idEnd &- idStart),
      starts(with: Self.fmtWord, at: idEnd &+ 1)
    else { return nil }
    let fmtStart = idEnd &+ 7
    guard let fmtEnd = find(UInt8(ascii: "\""), from: fmtStart, to: count), fmtEnd &+ 1 < count,
      bytes[fmtEnd &+ 1] == UInt8(ascii: ">")
    else { return nil }
    return (id, fmtStart, fmtEnd, fmtEnd &+ 2)
  }

  /// Reads the attributes of the start tag whose name ends at `index` through `attribute`
  /// (name, its length, value and value end), moving `index` past the tag; whether it closes
  /// itself, or nil when it is cut short or malformed.
  func attributes(
    at index: inout Int, nameStart: Int, nameLength: Int,
    _ attribute: (_ name: Int, _ length: Int, _ value: Int, _ valueEnd: Int) -> Void
  ) -> Bool? {
    while true {
      guard let item = try? item(at: &index, nameStart: nameStart, nameLength: nameLength) else { return nil }
      switch item {
      case .needMore: return nil
      case .end(let selfClosing): return selfClosing
      case .attribute(let name, let length, let value, let valueEnd): attribute(name, length, value, valueEnd)
      }
    }
  }

  /// Reads the next attribute or the end of a start tag from `index` (after the element name
  /// or an attribute), moving `index` past it.
  ///
  /// - Parameters:
  ///   - nameStart: Where the tag's element name starts, for the error message.
  ///   - nameLength: The name's length in bytes.
  @_transparent
  func item(at index: inout Int, nameStart: Int, nameLength: Int) throws(Failure) -> Item {
    while index < count && Self.isSpace(bytes[index]) { index += 1 }
    guard index < count else { return .needMore }
    let byte = bytes[index]
    if byte == UInt8(ascii: ">") {
      index += 1
      return .end(selfClosing: false)
    }
    if byte == UInt8(ascii: "/") {
      guard index + 1 < count else { return .needMore }
      guard bytes[index + 1] == UInt8(ascii: ">") else {
        throw Failure(index: index, message: "expected '>' after '/' in a tag")
      }
      index += 2
      return .end(selfClosing: true)
    }
    let attributeStart = index
    while index < count {
      let byte = bytes[index]
      if byte <= UInt8(ascii: ">")
        && (byte == UInt8(ascii: "=") || Self.isSpace(byte) || byte == UInt8(ascii: ">")
          || byte == UInt8(ascii: "/"))
      {
        break
      }
      index += 1
    }
    let attributeLength = index - attributeStart
    while index < count && Self.isSpace(bytes[index]) { index += 1 }
    guard index < count else { return .needMore }
    guard attributeLength > 0, bytes[index] == UInt8(ascii: "=") else {
      throw attributeExpected(at: index, nameStart: nameStart, nameLength: nameLength)
    }
    index += 1
    while index < count && Self.isSpace(bytes[index]) { index += 1 }
    guard index < count else { return .needMore }
    let quote = bytes[index]
    guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw Failure(index: index, message: "an attribute value must be quoted")
    }
    let valueStart = index + 1
    guard let valueEnd = find(quote, from: valueStart, to: count) else { return .needMore }
    index = valueEnd + 1
    return .attribute(
      name: attributeStart, nameLength: attributeLength, value: valueStart, valueEnd: valueEnd)
  }

  /// The failure for a start tag with something other than an attribute at `index`.
  ///
  /// Out of line, so the message's code stays out of every inlined
  /// ``item(at:nameStart:nameLength:)``.
  @inline(never)
  private func attributeExpected(at index: Int, nameStart: Int, nameLength: Int) -> Failure {
    Failure(
      index: index,
      message: "expected an attribute (name=\"value\") in <\(string(nameStart, nameLength))>")
  }

  /// The end tag at `start` (its `</`): its name's length and the index after its `>`; nil
  /// when the buffer ends first.
  @inline(__always)
  func endTag(at start: Int) -> (nameLength: Int, next: Int)? {
    let nameStart = start + 2
    guard let end = find(UInt8(ascii: ">"), from: nameStart, to: count) else { return nil }
    var nameEnd = nameStart
    while nameEnd < end && !Self.isSpace(bytes[nameEnd]) { nameEnd += 1 }
    return (nameEnd - nameStart, end + 1)
  }

  /// The end of the text from `start` when the end tag of the element named at `nameStart`
  /// follows it, with no markup between: the shape of a leaf element.
  @_transparent
  func leafTextEnd(from start: Int, nameStart: Int, nameLength: Int) -> Int? {
    guard let textEnd = find(UInt8(ascii: "<"), from: start, to: count),
      textEnd + 2 + nameLength < count,
      bytes[textEnd + 1] == UInt8(ascii: "/"), bytes[textEnd + 2 + nameLength] == UInt8(ascii: ">"),
      sameName(textEnd + 2, nameStart, nameLength)
    else { return nil }
    return textEnd
  }

  // MARK: - Other markup

  /// Reads the processing instruction (`<?`), comment, CDATA section or document type
  /// declaration (`<!`) at `start`.
  ///
  /// - Parameter atEnd: Whether the buffer holds the rest of the document.
  func markup(at start: Int, atEnd: Bool) -> Markup {
    if bytes[start + 1] == UInt8(ascii: "?") { return skip(from: start + 2, past: "?>") }
    if count - start < 9 && !atEnd { return .needMore }
    if count - start >= 4 && memcmp(bytes + start, "<!--", 4) == 0 {
      return skip(from: start + 4, past: "-->")
    }
    if count - start >= 9 && memcmp(bytes + start, "<![CDATA[", 9) == 0 {
      guard case .skipped(let next) = skip(from: start + 9, past: "]]>") else { return .needMore }
      return .cdata(start: start + 9, end: next - 3, next: next)
    }
    // A document type declaration, possibly with an internal subset in brackets; quoted
    // literals (`SYSTEM "a[b>"`) are skipped whole.
    var index = start + 2
    var bracket = false
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        guard let close = find(byte, from: index + 1, to: count) else { return .needMore }
        index = close + 1
        continue
      }
      if byte == UInt8(ascii: "[") { bracket = true }
      if byte == UInt8(ascii: "]") { bracket = false }
      if byte == UInt8(ascii: ">") && !bracket { return .skipped(next: index + 1) }
      index += 1
    }
    return .needMore
  }

  /// Moves past the first `terminator` at or after `from`.
  private func skip(from: Int, past terminator: StaticString) -> Markup {
    let last = terminator.utf8Start[terminator.utf8CodeUnitCount - 1]
    let length = terminator.utf8CodeUnitCount
    var index = from
    while index < count {
      guard let found = memchr(bytes + index, Int32(last), count - index) else { return .needMore }
      let end = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if end + 1 - length >= from && memcmp(bytes + end + 1 - length, terminator.utf8Start, length) == 0 {
        return .skipped(next: end + 1)
      }
      index = end + 1
    }
    return .needMore
  }

  // MARK: - Names

  /// The first 8 and last 8 bytes of the name at `start`, as end tags are compared.
  @inline(__always)
  func nameKey(_ start: Int, _ length: Int) -> (UInt64, UInt64) {
    let raw = UnsafeRawPointer(bytes + start)
    if length >= 8 {
      return (
        raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
      )
    }
    let mask: UInt64 = length == 0 ? 0 : ~0 >> UInt64(64 - 8 * length)
    return (raw.loadUnaligned(as: UInt64.self) & mask, 0)
  }

  /// Whether the name at `start` is `sentinel` (one load: the buffer is padded).
  @inline(__always)
  func isSentinel(_ start: Int, _ length: Int) -> Bool {
    // "sentinel" as a little-endian word.
    length == 8 && UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self) == 0x6C65_6E69_746E_6573
  }

  /// Whether the `length` bytes at `a` and at `b` are the same name (two words up to 16 bytes).
  @inline(__always)
  func sameName(_ a: Int, _ b: Int, _ length: Int) -> Bool {
    if length <= 16 { return nameKey(a, length) == nameKey(b, length) }
    return memcmp(bytes + a, bytes + b, length) == 0
  }

  /// Whether the `length` bytes at `start` are `literal`.
  @inline(__always)
  func nameIs(_ start: Int, _ length: Int, _ literal: StaticString) -> Bool {
    length == literal.utf8CodeUnitCount && memcmp(bytes + start, literal.utf8Start, length) == 0
  }

  /// The `length` bytes at `start` (cut at the end of the buffer) as a string, for messages.
  func string(_ start: Int, _ length: Int) -> String {
    String(
      decoding: UnsafeBufferPointer(start: bytes + start, count: max(0, min(length, count - start))),
      as: UTF8.self)
  }

  // MARK: - Search

  /// The index of the first `byte` in `[from, end)`; short distances, the usual case between
  /// tags, are scanned inline.
  @inline(__always)
  func find(_ byte: UInt8, from: Int, to end: Int) -> Int? {
    // Eight bytes at a time (the buffer is padded past its end), for the usual short distances.
    let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
    var index = from
    let inlineEnd = min(end, from + 64)
    while index < inlineEnd {
      let found = Self.zeroBytes(UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self) ^ pattern)
      if found != 0 {
        let match = index + found.trailingZeroBitCount / 8
        return match < end ? match : nil
      }
      index += 8
    }
    guard index < end, let found = memchr(bytes + index, Int32(byte), end - index) else { return nil }
    return bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}
