import TraceModel

/// Builds JSON text with keys in the order written: deterministic output for golden files.
///
/// The text is built as UTF-8 bytes (a summary of a few thousand views writes tens of thousands
/// of keys) and becomes a `String` once, in ``text``.
struct JSONWriter {
  private var bytes: [UInt8] = []
  private var indent: Int
  private var level = 0
  private var needsComma = [false]

  /// `indent` 0 writes one line; otherwise nested values go on lines of their own.
  init(indent: Int = 2) {
    self.indent = indent
  }

  /// The JSON written so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func object(_ body: (inout JSONWriter) -> Void) {
    open("{")
    body(&self)
    close("}")
  }

  mutating func array(_ body: (inout JSONWriter) -> Void) {
    open("[")
    body(&self)
    close("]")
  }

  mutating func key(_ name: String) {
    separate()
    appendQuoted(name)
    bytes.append(UInt8(ascii: ":"))
    if indent > 0 { bytes.append(UInt8(ascii: " ")) }
    needsComma[needsComma.count - 1] = false
    pendingKey = true
  }

  mutating func value(_ string: String) {
    separate()
    appendQuoted(string)
    needsComma[needsComma.count - 1] = true
  }
  mutating func value(_ number: Int64) { scalar(String(number)) }
  mutating func value(_ number: Int) { scalar(String(number)) }
  mutating func value(_ bool: Bool) { scalar(bool ? "true" : "false") }
  mutating func value(_ number: Double) {
    scalar(number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number))
  }
  mutating func null() { scalar("null") }

  /// `"name": value` pairs.
  mutating func field(_ name: String, _ string: String) { key(name); value(string) }
  mutating func field(_ name: String, _ number: Int64) { key(name); value(number) }
  mutating func field(_ name: String, _ number: Int) { key(name); value(number) }
  mutating func field(_ name: String, _ bool: Bool) { key(name); value(bool) }
  mutating func field(_ name: String, _ number: Double) { key(name); value(number) }
  mutating func field(_ name: String, _ string: String?) {
    key(name)
    if let string { value(string) } else { null() }
  }
  mutating func field(_ name: String, _ number: Double?) {
    key(name)
    if let number { value(number) } else { null() }
  }
  mutating func field(_ name: String, _ bool: Bool?) {
    key(name)
    if let bool { value(bool) } else { null() }
  }
  mutating func field(_ name: String, _ number: Int64?) {
    key(name)
    if let number { value(number) } else { null() }
  }
  mutating func field(_ name: String, object body: (inout JSONWriter) -> Void) { key(name); object(body) }
  /// `"name": ["a", "b"]`.
  mutating func field(_ name: String, strings: some Sequence<String>) {
    field(name, array: { json in for string in strings { json.value(string) } })
  }
  /// `"name": [1, 2]`.
  mutating func field(_ name: String, integers: some Sequence<Int64>) {
    field(name, array: { json in for number in integers { json.value(number) } })
  }
  mutating func field(_ name: String, array body: (inout JSONWriter) -> Void) { key(name); array(body) }

  /// Writes the elements of `count` items into the array being written, `body` writing those
  /// of a range of them into a writer of its own, the ranges on up to `threads` threads at
  /// once; the text is what one writer would write going through them in order.
  ///
  /// `body` writes at least one element for each item.
  mutating func elements(
    count: Int, threads: Int, _ body: @Sendable (Range<Int>, inout JSONWriter) -> Void
  ) {
    let chunks = max(1, min(threads, count))
    let start = self
    let pieces = concurrentMap(Array(0..<chunks)) { chunk in
      var writer = start
      writer.bytes = []
      // After the first range, an element has been written before.
      if chunk > 0 { writer.needsComma[writer.needsComma.count - 1] = true }
      body(count * chunk / chunks..<count * (chunk + 1) / chunks, &writer)
      return writer
    }
    for piece in pieces { bytes += piece.bytes }
    if let last = pieces.last {
      needsComma = last.needsComma
      pendingKey = last.pendingKey
    }
  }

  // MARK: - Layout

  private var pendingKey = false

  private mutating func separate() {
    if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
    if indent > 0 && level > 0 && !pendingKey { newLine() }
    pendingKey = false
  }

  /// A line end and the current level's indentation.
  private mutating func newLine() {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * indent))
  }

  private mutating func scalar(_ literal: String) {
    separate()
    var literal = literal
    literal.withUTF8 { bytes.append(contentsOf: $0) }
    needsComma[needsComma.count - 1] = true
  }

  private mutating func open(_ bracket: String) {
    separate()
    bytes.append(contentsOf: bracket.utf8)
    level += 1
    needsComma.append(false)
  }

  private mutating func close(_ bracket: String) {
    let hadItems = needsComma.removeLast()
    level -= 1
    if indent > 0 && hadItems { newLine() }
    bytes.append(contentsOf: bracket.utf8)
    needsComma[needsComma.count - 1] = true
  }

  /// `string` as a JSON string literal (control characters, quotes and backslashes escaped).
  static func quoted(_ string: String) -> String { JSONString.quoted(string) }

  /// Appends `string` as a JSON string literal: its bytes between quotes when none needs an
  /// escape (keys and most names), else ``quoted(_:)``.
  private mutating func appendQuoted(_ string: String) {
    var string = string
    let plain = string.withUTF8 { utf8 in
      guard !utf8.contains(where: JSONString.isEscaped) else { return false }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: utf8)
      bytes.append(UInt8(ascii: "\""))
      return true
    }
    if !plain { bytes.append(contentsOf: JSONString.quoted(string).utf8) }
  }
}
