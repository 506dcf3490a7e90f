/// One resolved value of an `xctrace export` document (a cell, or an element inside one),
/// packed in 64 bits so the intern table costs eight bytes per `id`.
///
/// The low bits tell what it is: `100` empty (a `<sentinel/>`, or an element with neither
/// text nor `fmt`), `0` an undefined id, `…01` an integer of up to 62 bits, `…10` a text ``Symbol``, `…011` a composite
/// (an element with child elements), kept as the file offset of its `<` and read again when
/// its `fmt` or children are needed, `…111` an integer too wide for 62 bits.
struct XCTraceValue: Hashable, Sendable {
  var bits: UInt64

  /// An empty cell.
  static let empty = XCTraceValue(bits: 4)
  /// Marks an `id` not yet defined in the intern table (never a cell's value); zero, so a
  /// freshly mapped table is all undefined.
  static let undefined = XCTraceValue(bits: 0)

  @inline(__always) init(bits: UInt64) { self.bits = bits }

  /// A small integer, if it fits in 62 bits.
  @inline(__always) static func integer(_ value: Int64) -> XCTraceValue? {
    let shifted = value << 2
    guard shifted >> 2 == value else { return nil }
    return XCTraceValue(bits: UInt64(bitPattern: shifted) | 1)
  }

  @inline(__always) static func text(_ symbol: Symbol) -> XCTraceValue {
    XCTraceValue(bits: UInt64(UInt32(bitPattern: symbol.rawValue)) << 2 | 2)
  }

  /// The composite element starting at absolute file offset `offset`.
  @inline(__always) static func composite(at offset: Int64) -> XCTraceValue {
    XCTraceValue(bits: UInt64(offset) << 3 | 0b011)
  }

  @inline(__always) static func wideInteger(_ index: Int) -> XCTraceValue {
    XCTraceValue(bits: UInt64(index) << 3 | 0b111)
  }

  @inline(__always) var isEmpty: Bool { bits == 4 }

  /// The small integer, if this is one.
  @inline(__always) var smallInteger: Int64? {
    bits & 3 == 1 ? Int64(bitPattern: bits) >> 2 : nil
  }

  /// The text symbol, if this is text.
  @inline(__always) var symbol: Symbol? {
    bits & 3 == 2 ? Symbol(rawValue: Int32(truncatingIfNeeded: bits >> 2)) : nil
  }

  /// The file offset of a composite, if this is one.
  @inline(__always) var compositeOffset: Int64? {
    bits & 0b111 == 0b011 ? Int64(bits >> 3) : nil
  }

  /// The index of a wide integer, if this is one.
  @inline(__always) var wideIndex: Int? {
    guard bits & 0b111 == 0b111 else { return nil }
    return Int(bits >> 3)
  }
}
