/// Writes trace events as trace-format JSON Lines (version 1), one object per line.
///
/// The lines it writes, by example:
///
///     {"type":"trace","version":1,"app":"MyApp","refreshRate":120,"producer":"tracecli import xctrace"}
///     {"type":"update","id":1001,"kind":"body","view":"ContentView","module":"MyApp","start":1234567000,"duration":2430000}
///     {"type":"source","id":100,"kind":"environmentWriter","label":"EnvironmentWriter: ForegroundStyle"}
///     {"type":"cause","from":100,"to":1001,"label":"update","time":1234567000}
///
/// Keys come in a fixed order, `type` first; optional keys are left out when absent (and
/// `skipped`/`user` when false, `thread` on the main thread). Strings are escaped as JSON
/// requires (`"`, `\`, control characters); other characters are written as UTF-8.
@usableFromInline package struct JSONLinesWriter: Sendable {
  /// Zero-filled storage; the first ``count`` bytes are written lines.
  private var storage: [UInt8] = []
  /// Bytes written so far.
  @usableFromInline package private(set) var count = 0

  @usableFromInline package init() {}

  /// The bytes written so far (whole lines).
  @usableFromInline package var bytes: [UInt8] { Array(storage[0..<count]) }

  /// Calls `body` with the bytes written so far.
  @usableFromInline package func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
  }

  /// Forgets the bytes written (after the caller has stored them).
  @usableFromInline package mutating func removeAll() {
    count = 0
  }

  /// The line of one event, without its line end.
  @usableFromInline package static func line(for event: TraceEvent, symbols: SymbolTable) -> String {
    var writer = JSONLinesWriter()
    writer.append(event, symbols: symbols)
    return writer.withBytes { String(decoding: $0.dropLast(), as: UTF8.self) }
  }

  // MARK: - Events

  /// Appends the header line.
  @usableFromInline package mutating func append(_ header: TraceHeader) {
    let strings =
      [header.app, header.device, header.producer, header.refreshRateSource].compactMap { $0 }
      + (header.recorded ?? []).map { $0 + "\",\"" }
    write(reserving: strings.reduce(0) { $0 + $1.utf8.count }) { out in
      out.open("trace")
      out.integer("version", header.version)
      if let app = header.app { out.string("app", app) }
      if let device = header.device { out.string("device", device) }
      if let rate = header.refreshRate { out.number("refreshRate", rate) }
      if let source = header.refreshRateSource { out.string("refreshRateSource", source) }
      if let start = header.start { out.integer("start", start) }
      if let recorded = header.recorded {
        out.key("recorded")
        out.byte(UInt8(ascii: "["))
        for (index, item) in recorded.enumerated() {
          if index > 0 { out.byte(UInt8(ascii: ",")) }
          var item = item
          item.withUTF8 { out.quoted(UnsafeRawBufferPointer($0)) }
        }
        out.byte(UInt8(ascii: "]"))
      }
      if let producer = header.producer { out.string("producer", producer) }
      out.close()
    }
  }

  /// Appends the line of `event`, whose symbols belong to `symbols`.
  @usableFromInline package mutating func append(_ event: TraceEvent, symbols: SymbolTable) {
    switch event {
    case .header(let header):
      append(header)
    case .frame(let frame):
      write(reserving: 0) { out in
        out.open("frame")
        out.integer("start", frame.start)
        out.integer("deadline", frame.deadline)
        out.close()
      }
    case .group(let group):
      write(reserving: length(group.label, symbols)) { out in
        out.open("group")
        if let id = group.id { out.integer("id", id) }
        out.integer("start", group.start)
        out.integer("duration", group.duration)
        out.symbol("label", group.label, symbols)
        out.close()
      }
    case .update(let update):
      append(update, symbols: symbols)
    case .source(let source):
      let backtrace = source.backtrace.reduce(0) { $0 + $1.utf8.count + 3 }
      let strings =
        length(source.label, symbols) + length(source.owner, symbols) + length(source.property, symbols)
      write(reserving: strings + backtrace) { out in
        out.open("source")
        out.integer("id", source.id)
        out.literal("kind", source.kind.description)
        out.symbol("label", source.label, symbols)
        out.symbol("owner", source.owner, symbols)
        out.symbol("property", source.property, symbols)
        if source.user { out.literal("user", "true", quoted: false) }
        if let time = source.time { out.integer("time", time) }
        if !source.backtrace.isEmpty {
          out.key("backtrace")
          out.byte(UInt8(ascii: "["))
          for (index, frame) in source.backtrace.enumerated() {
            if index > 0 { out.byte(UInt8(ascii: ",")) }
            var frame = frame
            frame.withUTF8 { out.quoted(UnsafeRawBufferPointer($0)) }
          }
          out.byte(UInt8(ascii: "]"))
        }
        out.close()
      }
    case .cause(let cause):
      let strings =
        length(cause.label, symbols) + length(cause.changed, symbols) + length(cause.valueType, symbols)
      write(reserving: strings) { out in
        out.open("cause")
        out.integer("from", cause.from)
        out.integer("to", cause.to)
        out.symbol("label", cause.label, symbols)
        if let time = cause.time { out.integer("time", time) }
        out.symbol("changed", cause.changed, symbols)
        out.symbol("valueType", cause.valueType, symbols)
        out.close()
      }
    case .hitch(let hitch):
      write(reserving: length(hitch.narrative, symbols) + length(hitch.cause, symbols)) { out in
        out.open("hitch")
        out.integer("start", hitch.start)
        out.integer("duration", hitch.duration)
        out.symbol("narrative", hitch.narrative, symbols)
        if hitch.system { out.literal("system", "true", quoted: false) }
        out.symbol("cause", hitch.cause, symbols)
        out.close()
      }
    case .hang(let hang):
      write(reserving: length(hang.kind, symbols)) { out in
        out.open("hang")
        out.integer("start", hang.start)
        out.integer("duration", hang.duration)
        out.symbol("kind", hang.kind, symbols)
        out.close()
      }
    case .interval(let interval):
      let strings =
        length(interval.name, symbols) + length(interval.subsystem, symbols)
        + length(interval.category, symbols)
      write(reserving: strings) { out in
        out.open("interval")
        out.symbol("name", interval.name, symbols)
        out.integer("start", interval.start)
        out.integer("duration", interval.duration)
        out.symbol("subsystem", interval.subsystem, symbols)
        out.symbol("category", interval.category, symbols)
        out.close()
      }
    case .symbol(let symbol):
      write(reserving: length(symbol.name, symbols) + length(symbol.binary, symbols)) { out in
        out.open("symbol")
        out.integer("id", symbol.id)
        out.symbol("name", symbol.name, symbols)
        out.symbol("binary", symbol.binary, symbols)
        if symbol.user { out.literal("user", "true", quoted: false) }
        out.close()
      }
    case .sample(let sample):
      let thread = sample.isMainThread ? nil : sample.thread
      // Each id takes at most 20 digits and a comma: room for four string bytes.
      write(reserving: length(thread, symbols) + 4 * sample.stack.count) { out in
        out.open("sample")
        out.integer("time", sample.time)
        out.integer("weight", sample.weight)
        out.symbol("thread", thread, symbols)
        out.key("stack")
        out.byte(UInt8(ascii: "["))
        for (index, id) in sample.stack.enumerated() {
          if index > 0 { out.byte(UInt8(ascii: ",")) }
          out.decimal(id)
        }
        out.byte(UInt8(ascii: "]"))
        out.close()
      }
    }
  }

  /// Appends the line of an update (the common case, without going through ``TraceEvent``).
  @usableFromInline package mutating func append(_ update: Update, symbols: SymbolTable) {
    let thread = update.isMainThread ? nil : update.thread
    let strings =
      length(update.view, symbols) + length(update.label, symbols) + length(update.module, symbols)
      + length(thread, symbols)
    write(reserving: strings) { out in
      out.open("update")
      out.integer("id", update.id)
      out.literal("kind", update.kind.description)
      out.symbol("view", update.view, symbols)
      out.symbol("label", update.label, symbols)
      out.symbol("module", update.module, symbols)
      out.integer("start", update.start)
      out.integer("duration", update.duration)
      out.symbol("thread", thread, symbols)
      if update.skipped { out.literal("skipped", "true", quoted: false) }
      if let group = update.group { out.integer("group", group) }
      out.close()
    }
  }

  // MARK: - Storage

  @inline(__always)
  private func length(_ symbol: Symbol?, _ symbols: SymbolTable) -> Int {
    guard let symbol else { return 0 }
    return symbols.withBytes(of: symbol) { $0.count }
  }

  /// Makes room for one line with `stringBytes` bytes of strings (escaped, at most six bytes
  /// each) and writes it through `body`.
  @inline(__always)
  private mutating func write(reserving stringBytes: Int, _ body: (inout Output) -> Void) {
    let needed = count + 320 + 6 * stringBytes
    if storage.count < needed {
      storage += [UInt8](repeating: 0, count: max(needed, storage.count * 2, 1024) - storage.count)
    }
    let start = count
    count = storage.withUnsafeMutableBufferPointer { buffer in
      var out = Output(cursor: buffer.baseAddress! + start)
      body(&out)
      return buffer.baseAddress!.distance(to: out.cursor)
    }
  }

  /// A write position in storage known to have room.
  private struct Output {
    var cursor: UnsafeMutablePointer<UInt8>

    @inline(__always) mutating func byte(_ value: UInt8) {
      cursor.pointee = value
      cursor += 1
    }

    @inline(__always) mutating func raw(_ text: StaticString) {
      cursor.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
      cursor += text.utf8CodeUnitCount
    }

    @inline(__always) mutating func raw(_ text: UnsafeRawBufferPointer) {
      guard let base = text.baseAddress, text.count > 0 else { return }
      UnsafeMutableRawPointer(cursor).copyMemory(from: base, byteCount: text.count)
      cursor += text.count
    }

    @inline(__always) mutating func open(_ type: StaticString) {
      raw(#"{"type":""#)
      raw(type)
      byte(UInt8(ascii: "\""))
    }

    @inline(__always) mutating func close() {
      raw("}\n")
    }

    @inline(__always) mutating func key(_ name: StaticString) {
      raw(#",""#)
      raw(name)
      raw(#"":"#)
    }

    @inline(__always) mutating func integer(_ name: StaticString, _ value: Int64) {
      key(name)
      decimal(value)
    }

    mutating func decimal(_ value: Int64) {
      if value < 0 { byte(UInt8(ascii: "-")) }
      cursor += DecimalDigits.write(value.magnitude, to: cursor)
    }

    mutating func number(_ name: StaticString, _ value: Double) {
      key(name)
      if value == value.rounded() && abs(value) < 1e15 {
        decimal(Int64(value))
      } else {
        var text = value.description
        text.withUTF8 { raw(UnsafeRawBufferPointer($0)) }
      }
    }

    @inline(__always) mutating func literal(_ name: StaticString, _ value: String, quoted: Bool = true) {
      key(name)
      if quoted { byte(UInt8(ascii: "\"")) }
      var value = value
      value.withUTF8 { raw(UnsafeRawBufferPointer($0)) }
      if quoted { byte(UInt8(ascii: "\"")) }
    }

    mutating func string(_ name: StaticString, _ value: String) {
      key(name)
      var value = value
      value.withUTF8 { quoted(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always) mutating func symbol(_ name: StaticString, _ value: Symbol?, _ symbols: SymbolTable) {
      guard let value else { return }
      key(name)
      symbols.withBytes(of: value) { quoted($0) }
    }

    /// `text` (UTF-8) as a JSON string literal (``JSONString/quote(_:into:)``).
    @inline(__always) mutating func quoted(_ text: UnsafeRawBufferPointer) {
      cursor = JSONString.quote(text, into: cursor)
    }
  }
}
