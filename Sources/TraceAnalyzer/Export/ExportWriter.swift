/// Builds export text as bytes and hands it on about every MiB: JSON pieces appended without a
/// `String` per value.
struct ExportWriter {
  static let flushSize = 1 << 20

  private var bytes: [UInt8] = []
  private let sink: (UnsafeRawBufferPointer) -> Bool
  /// Whether handing bytes on failed once; later bytes are dropped.
  private(set) var failed = false

  init(sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.sink = sink
    bytes.reserveCapacity(Self.flushSize + 4096)
  }

  /// Hands the bytes on when the buffer is full.
  @inline(__always)
  mutating func flushIfFull() {
    if bytes.count >= Self.flushSize { flush() }
  }

  mutating func flush() {
    if !failed && !bytes.isEmpty { failed = !bytes.withUnsafeBytes(sink) }
    bytes.removeAll(keepingCapacity: true)
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  mutating func append(bytes other: [UInt8]) {
    bytes.append(contentsOf: other)
  }

  /// `string` as a JSON string literal.
  mutating func append(quoted string: String) {
    bytes.append(contentsOf: ExportWriter.quoted(string))
  }

  /// A decimal integer.
  @inline(__always)
  mutating func append(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    append(unsigned: value.magnitude)
  }

  @inline(__always)
  mutating func append(_ value: Int) { append(Int64(value)) }

  @inline(__always)
  private mutating func append(unsigned value: UInt64) {
    var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes, filled from the end
    var rest = value
    var count = 0
    withUnsafeMutableBytes(of: &digits) { raw in
      repeat {
        count += 1
        raw[32 - count] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(32 - count)...]))
    }
  }

  /// ns as µs with three decimals (`1000100.001`): exact, and sums of such values stay exact
  /// once read back as ns.
  @inline(__always)
  mutating func append(microseconds ns: Int64) {
    if ns < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = ns.magnitude
    append(unsigned: magnitude / 1000)
    let fraction = magnitude % 1000
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
    bytes.append(UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 48)
    bytes.append(UInt8(truncatingIfNeeded: fraction % 10) &+ 48)
  }

  @inline(__always)
  mutating func append(_ value: Bool) {
    if value { append("true") } else { append("false") }
  }

  /// `string` as the bytes of a JSON string literal (quotes included).
  static func quoted(_ string: String) -> [UInt8] {
    Array(JSONWriter.quoted(string).utf8)
  }
}
