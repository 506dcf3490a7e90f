import TraceModel

/// Builds JSON text with keys in the order written: deterministic output for golden files.
struct JSONWriter {
  private(set) var text = ""
  private var indent: Int
  private var level = 0
  private var needsComma = [false]

  /// `indent` 0 writes one line; otherwise nested values go on lines of their own.
  init(indent: Int = 2) {
    self.indent = indent
  }

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
    text += JSONWriter.quoted(name)
    text += indent > 0 ? ": " : ":"
    needsComma[needsComma.count - 1] = false
    pendingKey = true
  }

  mutating func value(_ string: String) { scalar(JSONWriter.quoted(string)) }
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

  // MARK: - Layout

  private var pendingKey = false

  private mutating func separate() {
    if needsComma[needsComma.count - 1] { text += "," }
    if indent > 0 && level > 0 && !pendingKey { newLine() }
    pendingKey = false
  }

  /// A line end and the current level's indentation.
  private mutating func newLine() {
    while indents.count <= level {
      indents.append("\n" + String(repeating: " ", count: indents.count * indent))
    }
    text += indents[level]
  }

  /// A line end and the indentation of each level so far.
  private var indents: [String] = []

  private mutating func scalar(_ literal: String) {
    separate()
    text += literal
    needsComma[needsComma.count - 1] = true
  }

  private mutating func open(_ bracket: String) {
    separate()
    text += bracket
    level += 1
    needsComma.append(false)
  }

  private mutating func close(_ bracket: String) {
    let hadItems = needsComma.removeLast()
    level -= 1
    if indent > 0 && hadItems { newLine() }
    text += bracket
    needsComma[needsComma.count - 1] = true
  }

  /// `string` as a JSON string literal (control characters, quotes and backslashes escaped).
  static func quoted(_ string: String) -> String { JSONString.quoted(string) }
}
