import TraceModel

/// Where the next byte of an event goes, in room ``ExportWriter/write(atMost:_:)`` reserved for
/// the whole event: its pieces are written without a check each.
struct ExportCursor {
  private(set) var pointer: UnsafeMutablePointer<UInt8>

  init(_ pointer: UnsafeMutablePointer<UInt8>) {
    self.pointer = pointer
  }

  /// Puts a literal: its length is known where it is inlined, so the copy is a few moves.
  @inline(__always)
  mutating func put(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    UnsafeMutableRawPointer(pointer).copyMemory(from: text.utf8Start, byteCount: length)
    pointer += length
  }

  /// Puts bytes ready to copy.
  @inline(__always)
  mutating func put(raw: UnsafeRawBufferPointer) {
    guard let source = raw.baseAddress else { return }
    UnsafeMutableRawPointer(pointer).copyMemory(from: source, byteCount: raw.count)
    pointer += raw.count
  }

  /// Puts one byte.
  @inline(__always)
  mutating func put(byte: UInt8) {
    pointer.pointee = byte
    pointer += 1
  }

  /// Puts the decimal digits of `value`: at most ``DecimalDigits/maxCount`` bytes.
  @inline(__always)
  mutating func put(unsigned value: UInt64) {
    pointer += DecimalDigits.write(value, to: pointer)
  }

  /// Puts a decimal integer: at most 20 bytes.
  @inline(__always)
  mutating func put(_ value: Int64) {
    if value < 0 { put(byte: UInt8(ascii: "-")) }
    put(unsigned: value.magnitude)
  }

  /// Puts the severity of a finished update (`"red"`, `"orange"` or `"none"`, at most 8 bytes),
  /// counted in `result`.
  @inline(__always)
  mutating func put(
    severityOf duration: Int64, _ thresholds: Thresholds, counting result: inout ExportResult
  ) {
    switch thresholds.classify(duration) {
    case .red:
      put("\"red\"")
      result.red += 1
    case .orange:
      put("\"orange\"")
      result.orange += 1
    case nil:
      put("\"none\"")
    }
  }

  /// Puts ns as µs with three decimals (`1000100.001`), at most 21 bytes: exact, and sums of
  /// such values stay exact once read back as ns.
  @inline(__always)
  mutating func put(microseconds ns: Int64) {
    if ns < 0 { put(byte: UInt8(ascii: "-")) }
    let magnitude = ns.magnitude
    put(unsigned: magnitude / 1000)
    let fraction = magnitude % 1000
    pointer[0] = UInt8(ascii: ".")
    pointer[1] = UInt8(truncatingIfNeeded: fraction / 100) &+ 48
    pointer[2] = UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 48
    pointer[3] = UInt8(truncatingIfNeeded: fraction % 10) &+ 48
    pointer += 4
  }
}
