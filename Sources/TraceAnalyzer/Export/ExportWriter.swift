import TraceModel

/// Builds export text as bytes and hands it on about every MiB: JSON pieces appended without a
/// `String` per value.
struct ExportWriter {
  static let flushSize = 1 << 20

  /// The buffer: ``flushSize`` plus room for the largest single append past it.
  private final class Storage {
    let capacity = ExportWriter.flushSize + (1 << 16)
    let base: UnsafeMutablePointer<UInt8>
    init() { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }
  }

  private let storage = Storage()
  private var count = 0
  private let sink: (UnsafeRawBufferPointer) -> Bool
  /// Whether handing bytes on failed once; later bytes are dropped.
  private(set) var failed = false

  init(sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
    self.sink = sink
  }

  /// Hands the bytes on when the buffer is full.
  @inline(__always)
  mutating func flushIfFull() {
    if count >= Self.flushSize { flush() }
  }

  mutating func flush() {
    if !failed && count > 0 { failed = !sink(UnsafeRawBufferPointer(start: storage.base, count: count)) }
    count = 0
  }

  /// Appends raw bytes (flushing first when they would not fit).
  @inline(__always)
  mutating func append(raw: UnsafeRawBufferPointer) {
    if count + raw.count > storage.capacity { flush() }
    if raw.count > storage.capacity {
      if !failed { failed = !sink(raw) }
      return
    }
    guard let source = raw.baseAddress else { return }
    (storage.base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: raw.count)
    count += raw.count
  }

  @inline(__always)
  private mutating func byte(_ value: UInt8) {
    if count == storage.capacity { flush() }
    storage.base[count] = value
    count += 1
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(raw: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always)
  mutating func append(bytes other: [UInt8]) {
    other.withUnsafeBytes { append(raw: $0) }
  }

  /// `string` as a JSON string literal.
  mutating func append(quoted string: String) {
    append(bytes: ExportWriter.quoted(string))
  }

  /// A decimal integer.
  @inline(__always)
  mutating func append(_ value: Int64) {
    if value < 0 { byte(UInt8(ascii: "-")) }
    append(unsigned: value.magnitude)
  }

  @inline(__always)
  mutating func append(_ value: Int) { append(Int64(value)) }

  @inline(__always)
  private mutating func append(unsigned value: UInt64) {
    var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes, filled from the end
    var rest = value
    var used = 0
    withUnsafeMutableBytes(of: &digits) { raw in
      repeat {
        used += 1
        raw[32 - used] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
        rest /= 10
      } while rest > 0
      append(raw: UnsafeRawBufferPointer(rebasing: raw[(32 - used)...]))
    }
  }

  /// ns as µs with three decimals (`1000100.001`): exact, and sums of such values stay exact
  /// once read back as ns.
  @inline(__always)
  mutating func append(microseconds ns: Int64) {
    if ns < 0 { byte(UInt8(ascii: "-")) }
    let magnitude = ns.magnitude
    append(unsigned: magnitude / 1000)
    let fraction = magnitude % 1000
    byte(UInt8(ascii: "."))
    byte(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
    byte(UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 48)
    byte(UInt8(truncatingIfNeeded: fraction % 10) &+ 48)
  }

  @inline(__always)
  mutating func append(_ value: Bool) {
    if value { append("true") } else { append("false") }
  }

  // MARK: - Shared pieces of the exports

  /// `"body"`, `"representable"` or `"other"`.
  @inline(__always)
  mutating func append(kind: UpdateKind) {
    switch kind {
    case .body: append("\"body\"")
    case .representable: append("\"representable\"")
    case .other: append("\"other\"")
    }
  }

  /// The severity of a finished update (`"red"`, `"orange"` or `"none"`), counted in `result`.
  @inline(__always)
  mutating func append(
    severityOf duration: Int64, _ thresholds: Thresholds, counting result: inout ExportResult
  ) {
    if duration > thresholds.red {
      append("\"red\"")
      result.red += 1
    } else if duration > thresholds.orange {
      append("\"orange\"")
      result.orange += 1
    } else {
      append("\"none\"")
    }
  }

  /// `,"pid":1,"tid":T,"ts":S,"dur":D` of a complete event (times in ns, written in µs).
  @inline(__always)
  mutating func append(track: Int64, start: Int64, duration: Int64) {
    append(",\"pid\":1,\"tid\":")
    append(track)
    append(",\"ts\":")
    append(microseconds: start)
    append(",\"dur\":")
    append(microseconds: duration)
  }

  /// `string` as the bytes of a JSON string literal (quotes included).
  static func quoted(_ string: String) -> [UInt8] {
    Array(JSONWriter.quoted(string).utf8)
  }
}
