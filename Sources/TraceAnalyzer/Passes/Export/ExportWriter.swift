import TraceModel

/// Builds export text as bytes and hands it on about every MiB: JSON pieces appended without a
/// `String` per value.
struct ExportWriter {
  static let flushSize = 1 << 20

  /// The buffer: ``flushSize`` plus room for the largest single append past it (grown when an
  /// append needs more, or always without a sink).
  private final class Storage {
    var capacity = ExportWriter.flushSize + (1 << 16)
    var base: UnsafeMutablePointer<UInt8>
    init() { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }

    func grow(toHold wanted: Int, keeping count: Int) {
      var next = capacity
      while next < wanted { next *= 2 }
      let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: next)
      bigger.update(from: base, count: count)
      base.deallocate()
      base = bigger
      capacity = next
    }
  }

  private let storage = Storage()
  private var count = 0
  /// Where full buffers go; nil keeps everything (see ``bytes``).
  private let sink: ((UnsafeRawBufferPointer) -> Bool)?
  /// Whether handing bytes on failed once; later bytes are dropped.
  private(set) var failed = false

  /// A writer that hands full buffers to `sink`, or keeps everything when `sink` is nil.
  init(sink: ((UnsafeRawBufferPointer) -> Bool)?) {
    self.sink = sink
  }

  /// The bytes kept so far (until the next append or ``removeAll()``).
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage.base, count: count) }

  mutating func removeAll() { count = 0 }

  /// Hands the bytes on when the buffer is full.
  @inline(__always)
  mutating func flushIfFull() {
    if count >= Self.flushSize && sink != nil { flush() }
  }

  mutating func flush() {
    guard let sink else { return }
    if !failed && count > 0 { failed = !sink(UnsafeRawBufferPointer(start: storage.base, count: count)) }
    count = 0
  }

  /// Appends `raw`, handing it to the sink as it is (after what is buffered) when there is one
  /// and it is large: a copy saved.
  mutating func append(large raw: UnsafeRawBufferPointer) {
    guard let sink, raw.count >= Self.flushSize / 4 else { return append(raw: raw) }
    flush()
    if !failed && raw.count > 0 { failed = !sink(raw) }
  }

  /// Appends raw bytes (flushing or growing first when they would not fit).
  @inline(__always)
  mutating func append(raw: UnsafeRawBufferPointer) {
    if count + raw.count > storage.capacity {
      if let sink, raw.count > storage.capacity {
        flush()
        if !failed { failed = !sink(raw) }
        return
      }
      makeRoom(raw.count)
    }
    guard let source = raw.baseAddress else { return }
    (storage.base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: raw.count)
    count += raw.count
  }

  private mutating func makeRoom(_ wanted: Int) {
    if sink != nil { flush() }
    if count + wanted > storage.capacity { storage.grow(toHold: count + wanted, keeping: count) }
  }

  /// Writes one piece of at most `length` bytes through a cursor: room checked once.
  @inline(__always)
  mutating func write(atMost length: Int, _ body: (inout ExportCursor) -> Void) {
    let start = room(length)
    var cursor = ExportCursor(start)
    body(&cursor)
    assert(cursor.pointer - start <= length, "an export piece outgrew the room reserved for it")
    count &+= cursor.pointer - start
  }

  /// Appends a literal; a short one byte by byte (a `memmove` call for each of an event's
  /// dozen pieces cost more than the copying).
  @inline(__always)
  mutating func append(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    guard length <= 32 else {
      return append(raw: UnsafeRawBufferPointer(start: text.utf8Start, count: length))
    }
    let target = room(length)
    let source = text.utf8Start
    for index in 0..<length { target[index] = source[index] }
    count &+= length
  }

  /// Where the next `length` bytes go (flushing or growing first when they would not fit).
  @inline(__always)
  private mutating func room(_ length: Int) -> UnsafeMutablePointer<UInt8> {
    if count + length > storage.capacity { makeRoom(length) }
    return storage.base + count
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
    write(atMost: 21) { $0.put(value) }
  }

  @inline(__always)
  mutating func append(_ value: Int) { append(Int64(value)) }

  @inline(__always)
  mutating func append(unsigned value: UInt64) {
    write(atMost: DecimalDigits.maxCount) { $0.put(unsigned: value) }
  }

  /// ns as µs with three decimals (see ``ExportCursor/put(microseconds:)``).
  @inline(__always)
  mutating func append(microseconds ns: Int64) {
    write(atMost: 25) { $0.put(microseconds: ns) }
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

  /// A frame's identity as the analysis contract spells it, then its number:
  /// `{"kind":"recorded","index":i},"frameNumber":n` or `{"kind":"grid","start":N},"frameNumber":n`
  /// (after a `"frame":` key).
  mutating func append(frame: FrameRef) {
    if let index = frame.recordedIndex {
      append("{\"kind\":\"recorded\",\"index\":")
      append(index)
    } else {
      append("{\"kind\":\"grid\",\"start\":")
      append(frame.start)
    }
    append("},\"frameNumber\":")
    append(frame.number)
  }

  /// The severity of a finished update (`"red"`, `"orange"` or `"none"`), counted in `result`.
  @inline(__always)
  mutating func append(
    severityOf duration: Int64, _ thresholds: Thresholds, counting result: inout ExportResult
  ) {
    write(atMost: 8) { $0.put(severityOf: duration, thresholds, counting: &result) }
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
