import Testing

@testable import TraceModel

/// The reader's fastest paths, ``JSONLinesParser/orderedUpdate(_:into:)`` and
/// ``JSONLinesParser/orderedCause(_:into:)``: which lines they take (what they make of them is
/// the differential test's part), and the keys they compare.
struct OrderedReadTests {
  /// The keys of an update after its type, in order.
  private let updateKeys: [FieldTable.KeyPrediction] = [
    RecorderOrder.id, RecorderOrder.kind, RecorderOrder.view, RecorderOrder.label, RecorderOrder.module,
    RecorderOrder.start, RecorderOrder.duration, RecorderOrder.thread, RecorderOrder.skipped,
    RecorderOrder.group,
  ]
  /// The keys of a cause after its type, in order.
  private let causeKeys: [FieldTable.KeyPrediction] = [
    RecorderOrder.from, RecorderOrder.to, RecorderOrder.label, RecorderOrder.time, RecorderOrder.changed,
    RecorderOrder.valueType,
  ]

  /// The line as the reader holds it: then `end` (`\n`, or `0` where the data ends) and zeros.
  private func padded(_ line: String, end: UInt8 = UInt8(ascii: "\n")) -> [UInt8] {
    Array(line.utf8) + [end] + [UInt8](repeating: 0, count: 16)
  }

  /// The length `orderedUpdate` gives `line` (-1: declined), and the update it made.
  private func ordered(
    _ line: String, end: UInt8 = UInt8(ascii: "\n"), parser: inout JSONLinesParser
  ) -> (Int, Update) {
    let bytes = padded(line, end: end)
    var update = Update(id: -9, kind: .body, start: 0, duration: 0)
    let length = bytes.withUnsafeBufferPointer { parser.orderedUpdate($0.baseAddress!, into: &update) }
    return (length, update)
  }

  private func ordered(_ line: String, end: UInt8 = UInt8(ascii: "\n")) -> Int {
    var parser = JSONLinesParser()
    return ordered(line, end: end, parser: &parser).0
  }

  /// The length `orderedCause` gives `line` (-1: declined), and the cause it made.
  private func orderedCause(_ line: String, parser: inout JSONLinesParser) -> (Int, Cause) {
    let bytes = padded(line)
    var cause = Cause(from: -9, to: -9, label: Symbol(rawValue: 0))
    let length = bytes.withUnsafeBufferPointer { parser.orderedCause($0.baseAddress!, into: &cause) }
    return (length, cause)
  }

  /// Each key's constant words spell `,"key":`, and a string's key ends with the value's quote.
  @Test func theKeysSpellTheFieldNames() {
    #expect(
      updateKeys.map(\.field) == [
        .id, .kind, .view, .label, .module, .start, .duration, .thread, .skipped, .group,
      ])
    #expect(causeKeys.map(\.field) == [.from, .to, .label, .time, .changed, .valueType])
    for key in updateKeys + causeKeys {
      let quote = RecorderOrder.isString(key.field) ? "\"" : ""
      let spelled = Array(",\"\(key.field.name)\":\(quote)".utf8)
      let bytes = spelled + [UInt8](repeating: UInt8(ascii: "x"), count: 16)
      #expect(key.length == spelled.count, "\(key.field)")
      #expect(bytes.withUnsafeBufferPointer { key.matches($0.baseAddress!) }, "\(key.field)")
      // One byte off anywhere, and it no longer matches.
      for index in spelled.indices {
        var wrong = bytes
        wrong[index] ^= 0x01
        #expect(!wrong.withUnsafeBufferPointer { key.matches($0.baseAddress!) }, "\(key.field) byte \(index)")
      }
    }
  }

  /// Every combination of the optional keys, in the recorders' order, takes the path, and the
  /// update holds what the line says.
  @Test func everyRecorderLayoutIsTaken() {
    var parser = JSONLinesParser()
    var id = 0
    for mask in 0..<64 {
      id += 1
      let has = { (bit: Int) in mask & 1 << bit != 0 }
      var line = #"{"type":"update","id":\#(id),"kind":"\#(has(0) ? "other" : "body")""#
      if !has(0) || has(1) { line += #","view":"V\#(id)""# }
      if has(2) { line += #","label":"L""# }
      if has(3) { line += #","module":"M""# }
      line += #","start":\#(id * 10),"duration":\#(id * 3)"#
      if has(4) { line += #","thread":"\#(id % 2 == 0 ? "main" : "worker")""# }
      if has(5) { line += #","skipped":\#(id % 2 == 0)"# }
      if mask % 3 == 0 { line += #","group":7"# }
      line += "}"
      let (length, update) = ordered(line, parser: &parser)
      #expect(length == line.utf8.count, "\(line)")
      #expect(update.id == Int64(id) && update.start == Int64(id * 10) && update.duration == Int64(id * 3))
      #expect(update.kind == (has(0) ? .other : .body))
      #expect(update.view.map { parser.symbols[$0] } == (!has(0) || has(1) ? "V\(id)" : nil))
      #expect(update.label.map { parser.symbols[$0] } == (has(2) ? "L" : nil))
      #expect(update.module.map { parser.symbols[$0] } == (has(3) ? "M" : nil))
      #expect(update.isMainThread == (!has(4) || id % 2 == 0))
      #expect(update.skipped == (has(5) && id % 2 == 0))
      #expect(update.group == (mask % 3 == 0 ? 7 : nil))
    }
  }

  /// A `\r\n` line end counts the `\r` into the line, as the object scanner does; a line that
  /// runs into the end of the data (its `0`) is not taken, whole as it may look.
  @Test func lineEnds() {
    let line = #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1}"#
    #expect(ordered(line + "\r") == line.utf8.count + 1)
    #expect(ordered(line + "\r\r") == -1)
    #expect(ordered(line, end: 0) == -1)
    #expect(ordered(line + "\r", end: 0) == -1)
    var parser = JSONLinesParser()
    let cause = padded(#"{"type":"cause","from":1,"to":2}"#, end: 0)
    var made = Cause(from: 0, to: 0, label: Symbol(rawValue: 0))
    #expect(cause.withUnsafeBufferPointer { parser.orderedCause($0.baseAddress!, into: &made) } == -1)
  }

  /// A line given up late leaves the parser as it was: its id is free, no key was counted and
  /// no string interned.
  @Test func aDeclinedLineChangesNothing() {
    var parser = JSONLinesParser()
    let symbols = parser.symbols.count
    let late = #"{"type":"update","id":9,"kind":"body","view":"Late","module":"M","start":0,"duration":-1}"#
    #expect(ordered(late, parser: &parser).0 == -1)
    #expect(parser.unknownKeys == 0 && parser.symbols.count == symbols)
    let line = #"{"type":"update","id":9,"kind":"body","view":"V","start":0,"duration":1}"#
    #expect(ordered(line, parser: &parser).0 == line.utf8.count)
    #expect(parser.symbols.count == symbols + 1)
  }

  /// What is not plain, not in that order or against a rule is left to the object scanner.
  @Test(arguments: [
    // Another order, another key, whitespace, a missing required key.
    #"{"type":"update","kind":"body","id":1,"view":"V","start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","duration":1,"start":0}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"extra":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"group":1,"thread":"main"}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0, "duration":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1} "#,
    #"{"type":"update","id":1,"kind":"body","start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0}"#,
    // Values that are not plain or that break a rule.
    #"{"type":"update","id":1,"kind":"body","view":"V\u0041","start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"bod\u0079","view":"V","start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"gesture","view":"V","start":0,"duration":1}"#,
    #"{"type":"update","id":-1,"kind":"body","view":"V","start":0,"duration":1}"#,
    #"{"type":"update","id":01,"kind":"body","view":"V","start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0.5,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1e3}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":-1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1234567890123456}"#,
    #"{"type":"update","id":1,"kind":"body","view":7,"start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"skipped":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"skipped":null}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"group":-2}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"thread":"\u006dain"}"#,
    #"{"type":"update","id":1,"kind":"body","view":"é","start":0,"duration":1}"#,
    "{\"type\":\"update\",\"id\":1,\"kind\":\"body\",\"view\":\"V\u{1}\",\"start\":0,\"duration\":1}",
    "{\"type\":\"update\",\"id\":1,\"kind\":\"body\",\"view\":\"V\u{0}\",\"start\":0,\"duration\":1}",
    #"{"type":"update","id":1.,"kind":"body","view":"V","start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":5,"view":"V","start":0,"duration":1}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"skipped":truex}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"skipped":fals}"#,
    // Not one object.
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1}}"#,
    #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1"#,
  ])
  func otherLinesAreDeclined(_ line: String) {
    #expect(ordered(line) == -1)
  }

  /// A repeated id is declined (the object scanner then reports it), and the first one stays.
  @Test func aRepeatedIDIsDeclined() {
    var parser = JSONLinesParser()
    let line = #"{"type":"update","id":5,"kind":"body","view":"V","start":0,"duration":1}"#
    #expect(ordered(line, parser: &parser).0 == line.utf8.count)
    #expect(ordered(line, parser: &parser).0 == -1)
  }

  /// Every combination of a cause's optional keys, in the recorders' order, takes the path.
  @Test func everyRecorderCauseLayoutIsTaken() {
    var parser = JSONLinesParser()
    for mask in 0..<16 {
      let has = { (bit: Int) in mask & 1 << bit != 0 }
      var line = #"{"type":"cause","from":\#(mask),"to":\#(mask + 100)"#
      if has(0) { line += #","label":"\#(mask % 2 == 0 ? "update" : "gesture")""# }
      if has(1) { line += #","time":\#(mask * 7)"# }
      if has(2) { line += #","changed":"c\#(mask)""# }
      if has(3) { line += #","valueType":"Int""# }
      line += "}"
      let (length, cause) = orderedCause(line, parser: &parser)
      #expect(length == line.utf8.count, "\(line)")
      #expect(cause.from == Int64(mask) && cause.to == Int64(mask + 100))
      #expect(parser.symbols[cause.label] == (has(0) && mask % 2 == 1 ? "gesture" : "update"))
      #expect(cause.time == (has(1) ? Int64(mask * 7) : nil))
      #expect(cause.changed.map { parser.symbols[$0] } == (has(2) ? "c\(mask)" : nil))
      #expect(cause.valueType.map { parser.symbols[$0] } == (has(3) ? "Int" : nil))
    }
  }

  @Test(arguments: [
    #"{"type":"cause","to":2,"from":1}"#,
    #"{"type":"cause","from":1}"#,
    #"{"type":"cause","from":1,"to":2,"time":3,"label":"update"}"#,
    #"{"type":"cause","from":1,"to":2,"extra":3}"#,
    #"{"type":"cause","from":-1,"to":2}"#,
    #"{"type":"cause","from":1,"to":2.5}"#,
    #"{"type":"cause","from":1,"to":2,"label":"upd\u0061te"}"#,
    #"{"type":"cause","from":1,"to":2,"label":null}"#,
    #"{"type":"cause","from":1,"to":2,"time":1e3}"#,
    #"{"type":"cause","from":1,"to":2 }"#,
    #"{"type":"cause","from":1,"to":2}}"#,
  ])
  func otherCausesAreDeclined(_ line: String) {
    var parser = JSONLinesParser()
    #expect(orderedCause(line, parser: &parser).0 == -1)
  }
}
