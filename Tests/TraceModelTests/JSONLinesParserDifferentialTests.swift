import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// The object scanner's plain mode (the fast path) against its strict mode: every line must give
/// the same event, or the same error (message, column and kind), whichever path reads it.
///
/// Three parsers read each sequence of lines: one through ``JSONLinesParser/parseStrictly(_:count:)``
/// (the strict scanner only), one through ``JSONLinesParser/parse(_:count:)`` (the fast path
/// first, for updates, sources and groups), and one through the reader's own per-line dispatch
/// (``JSONLinesParser/readLine(_:count:)``: its fast paths with the line's end unknown, each
/// trying its ordered path for lines in the recorders' key order before the object scanner,
/// then `parse` when those decline). Events are compared as the lines the writer
/// makes of them, with the update's thread, so each parser may number its symbols its own way.
struct JSONLinesParserDifferentialTests {
  @Test(arguments: everyJSONLinesFixture)
  func everyFixtureLine(_ relative: String) throws {
    let text = try Fixture.data(relative)
    let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    let mismatches = Self.compare(lines)
    #expect(mismatches.isEmpty, "\(relative): \(mismatches.prefix(3))")
    #expect(lines.count > 1)
  }

  @Test func theFixturesAreAllFound() {
    for folder in ["traces/", "traces/ci/", "traces/malformed/", "expected/xctrace."] {
      #expect(Self.everyJSONLinesFixture.contains { $0.hasPrefix(folder) }, "no \(folder)*.jsonl")
    }
  }

  @Test func everyJSONTestSuiteDocumentAsALineAndAsValues() throws {
    let directory = Fixture.path("conformance/JSONTestSuite")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasSuffix(".json")
    }
    #expect(names.count == 318)
    var mismatches: [String] = []
    for name in names.sorted() {
      // A line cannot hold a line feed: newlines between tokens become spaces.
      let document = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)")))
        .map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
      var lines = [document]
      for key in [
        "x", "type", "id", "kind", "view", "label", "module", "start", "duration", "group", "skipped",
        "thread",
      ] {
        lines.append(Self.update(setting: key, to: document))
      }
      lines.append(
        Array(#"{"type":"source","id":7,"kind":"state","label":"s","backtrace":"#.utf8) + document + [0x7D])
      lines.append(Array(#"{"type":"cause","from":1,"to":2,"changed":"#.utf8) + document + [0x7D])
      lines.append(Array(#"{"type":"conformance","value":"#.utf8) + document + [0x7D])
      for line in lines {
        mismatches += Self.compare([line]).map { "\(name): \($0)" }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(3))")
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func seededRandomAndDamagedTraces(seed: UInt64) {
    var random = SplitMix(seed: seed)
    var lines: [[UInt8]] = []
    for _ in 0..<3000 {
      var line = RandomLine.make(&random)
      if random.next() % 4 == 0 { RandomLine.damage(&line, &random) }
      lines.append(line)
    }
    let mismatches = Self.compare(lines)
    #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.count) mismatches: \(mismatches.prefix(3))")
  }

  /// The mutations of a line the differential test sees: each must reach both paths.
  @Test func randomLinesReachBothPathsAndBothOutcomes() {
    var random = SplitMix(seed: 42)
    var events = 0
    var errors = 0
    var fast = 0
    var ordered = 0
    var orderedCauses = 0
    var fastCauses = 0
    var fastSourcesAndGroups = 0
    for _ in 0..<2000 {
      var line = RandomLine.make(&random)
      if random.next() % 4 == 0 { RandomLine.damage(&line, &random) }
      var parser = JSONLinesParser()
      var reader = JSONLinesParser()
      var update = Update(id: 0, kind: .body, start: 0, duration: 0)
      let outcome = Self.withPadded(line) { base, count in
        // (Their callers match the line's head first: so do these calls.)
        let head = JSONLinesParser.lineHead(base)
        var inOrder = JSONLinesParser()
        if head == JSONLinesParser.updateHead && inOrder.orderedUpdate(base, into: &update) == count {
          ordered += 1
        }
        if reader.parseUpdate(base, into: &update) == count { fast += 1 }
        var cause = Cause(from: 0, to: 0, label: Symbol(rawValue: 0))
        if head == JSONLinesParser.causeHead && inOrder.orderedCause(base, into: &cause) == count {
          orderedCauses += 1
        }
        if reader.parseCause(base, into: &cause) == count { fastCauses += 1 }
        if reader.plainEvent(base, count: count) != nil { fastSourcesAndGroups += 1 }
        return Self.outcome(
          of: { () throws(LineError) in try parser.parseStrictly(base, count: count) }, parser)
      }
      if outcome.hasPrefix("error") { errors += 1 } else { events += 1 }
    }
    #expect(
      events > 500 && errors > 200 && fast > 100 && ordered > 100 && fast > ordered && fastCauses > 50
        && orderedCauses > 50 && fastCauses > orderedCauses && fastSourcesAndGroups > 100,
      """
      \(events) events, \(errors) errors, \(fast) fast updates (\(ordered) in order), \
      \(fastCauses) fast causes (\(orderedCauses) in order), \
      \(fastSourcesAndGroups) fast sources and groups
      """)
  }

  // MARK: - Comparing

  /// Every `.jsonl` file under `Fixtures/` (relative to it): the stories, the CI runs, the
  /// malformed traces and the import goldens.
  static let everyJSONLinesFixture: [String] = {
    let files = FileManager.default.enumerator(atPath: Fixture.path(""))?.allObjects as? [String] ?? []
    return files.filter { $0.hasSuffix(".jsonl") }.sorted()
  }()

  /// The lines (without line ends) on which the three parsers disagree, with what each gave.
  static func compare(_ lines: [[UInt8]]) -> [String] {
    var strict = JSONLinesParser()
    var fast = JSONLinesParser()
    var reader = JSONLinesParser()
    var mismatches: [String] = []
    for (index, line) in lines.enumerated() {
      let (expected, actual, read) = withPadded(line) { base, count in
        let expected = outcome(
          of: { () throws(LineError) in try strict.parseStrictly(base, count: count) }, strict)
        let actual = outcome(of: { () throws(LineError) in try fast.parse(base, count: count) }, fast)
        // The reader's own dispatch, and the length its path found.
        var length = count
        let read = outcome(
          of: { () throws(LineError) in
            let line = try reader.readLine(base, count: count)
            length = line.length
            return line.event
          }, reader)
        return (expected, actual, length == count ? read : "length \(length)")
      }
      if expected != actual || expected != read {
        let text = String(decoding: line, as: UTF8.self)
        mismatches.append(
          "line \(index + 1) \(text)\n  strict: \(expected)\n  fast:   \(actual)\n  reader: \(read)")
      }
    }
    let counts = [strict, fast, reader].map {
      "\($0.unknownKeys) \($0.unknownTypes.sorted { $0.key < $1.key })"
    }
    if Set(counts).count != 1 { mismatches.append("unknown keys and types: \(counts)") }
    return mismatches
  }

  /// An event as the line the writer makes of it (with an update's thread), or the error.
  static func outcome(of parse: () throws(LineError) -> TraceEvent?, _ parser: JSONLinesParser) -> String {
    do {
      guard let event = try parse() else { return "nothing" }
      var text = JSONLinesWriter.line(for: event, symbols: parser.symbols)
      if case .update(let update) = event, let thread = update.thread {
        text += " thread \(parser.symbols[thread]) main \(update.isMainThread)"
      }
      return text
    } catch {
      return "error \(error.column): \(error.message) (syntax: \(error.isSyntax))"
    }
  }

  /// Calls `body` with the line followed by its `\n` and the readers' padding of zeros.
  static func withPadded<R>(_ line: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
    let padded = line + [UInt8(ascii: "\n")] + [UInt8](repeating: 0, count: 24)
    return padded.withUnsafeBufferPointer { body($0.baseAddress!, line.count) }
  }

  /// A plain update line with `key` set to `value` (replacing the key's usual value).
  static func update(setting key: String, to value: [UInt8]) -> [UInt8] {
    let fields: [(String, String)] = [
      ("type", #""update""#), ("id", "1"), ("kind", #""body""#), ("view", #""V""#), ("label", #""L""#),
      ("module", #""M""#), ("start", "5"), ("duration", "7"),
    ]
    var line = Array("{".utf8)
    var replaced = false
    for (index, (name, text)) in fields.enumerated() {
      if index > 0 { line.append(UInt8(ascii: ",")) }
      line += Array("\"\(name)\":".utf8)
      if name == key {
        line += value
        replaced = true
      } else {
        line += Array(text.utf8)
      }
    }
    if !replaced { line += Array(",\"\(key)\":".utf8) + value }
    return line + Array("}".utf8)
  }
}

/// Random trace lines in the shapes recorders write and in many they do not.
enum RandomLine {
  /// A line: one in three is *wild* (any value for any key, escaped keys, whitespace, repeated
  /// and missing keys), the rest are in the recorders' shape with valid values.
  static func make(_ random: inout SplitMix) -> [UInt8] {
    if random.next() % 3 != 0 { return Array(clean(&random).utf8) }
    let types = [
      "update", "update", "update", "source", "cause", "frame", "group", "hitch", "hang", "trace", "zzz",
    ]
    let type = types[Int(random.next() % UInt64(types.count))]
    var members: [(String, String)] = [("type", quoted(type, &random))]
    let keys: [String] =
      switch type {
      case "update":
        ["id", "kind", "view", "label", "module", "start", "duration", "thread", "skipped", "group"]
      case "source": ["id", "kind", "label", "owner", "property", "user", "time", "backtrace"]
      case "cause": ["from", "to", "label", "time", "changed", "valueType"]
      case "frame": ["start", "deadline"]
      case "trace": ["version", "app", "device", "refreshRate", "start", "producer"]
      default: ["id", "start", "duration", "label", "narrative", "kind"]
      }
    for key in keys where random.next() % 8 != 0 {
      members.append((key, value(for: key, type: type, &random)))
    }
    if random.next() % 5 == 0 { members.append(("extra\(random.next() % 3)", anyValue(&random, depth: 0))) }
    if random.next() % 3 == 0 { members.shuffle(using: &random) }
    if random.next() % 20 == 0, let first = members.first { members.append(first) }
    let spaced = random.next() % 6 == 0
    let separator = spaced ? " , " : ","
    let colon = spaced ? " : " : ":"
    let body = members.map { key, value in quoted(key, &random) + colon + value }.joined(separator: separator)
    var line = (spaced ? " { " : "{") + body + (spaced ? " } " : "}")
    if random.next() % 30 == 0 { line += "\r" }
    return Array(line.utf8)
  }

  /// A valid line of a common type, keys in the recorders' order.
  static func clean(_ random: inout SplitMix) -> String {
    // Now and then a value at an edge: negative, zero, the 15/16-digit border, Int64's limits.
    let edges = ["-1", "0", "999999999999999", "1000000000000000", "\(Int64.max)", "\(Int64.min)", "-0"]
    func pick(_ usual: UInt64) -> String {
      random.next() % 16 == 0 ? edges[Int(random.next() % UInt64(edges.count))] : "\(usual)"
    }
    let id = random.next() % 100_000
    let start = pick(random.next() % 10_000_000_000)
    let duration = pick(random.next() % 5_000_000)
    let views = ["Row", "LandmarkListItemView", #"é\u00e9"#, #"A\\B"#, "😀"]
    let view = views[Int(random.next() % UInt64(views.count))]
    switch random.next() % 5 {
    case 0:
      return #"{"type":"cause","from":\#(id),"to":\#(id + 1),"label":"update","changed":"x"}"#
    case 1:
      let kind = ["state", "observable", "environment", "environmentWriter", #"st\u0061te"#][
        Int(random.next() % 5)]
      let owner = random.next() % 3 == 0 ? #","owner":"\#(view)","property":"p""# : ""
      let user = random.next() % 2 == 0 ? "true" : "false"
      return
        #"{"type":"source","id":\#(pick(id)),"kind":"\#(kind)","label":"@State \#(view)"\#(owner),"user":\#(user),"time":\#(start)}"#
    case 2:
      let groupID = random.next() % 4 == 0 ? "" : #","id":\#(pick(id % 50))"#
      return
        #"{"type":"group"\#(groupID),"start":\#(start),"duration":\#(duration),"label":"\#(view)"}"#
    default:
      let kind = ["body", "other", "representable"][Int(random.next() % 3)]
      // Now and then an `other` update with a label and no view.
      let unnamed = kind == "other" && random.next() % 3 == 0
      let named = unnamed ? "" : #","view":"\#(view)""#
      let label = unnamed || random.next() % 4 == 0 ? #","label":"\#(view)""# : ""
      let thread = [#","thread":"worker""#, #","thread":"main""#, "", "", ""][Int(random.next() % 5)]
      let skipped = random.next() % 6 == 0 ? #","skipped":\#(random.next() % 2 == 0)"# : ""
      let group = random.next() % 3 == 0 ? #","group":\#(pick(id % 50))"# : ""
      return
        #"{"type":"update","id":\#(pick(id)),"kind":"\#(kind)"\#(named)\#(label),"module":"M","start":\#(start),"duration":\#(duration)\#(thread)\#(skipped)\#(group)}"#
    }
  }

  static func value(for key: String, type: String, _ random: inout SplitMix) -> String {
    switch random.next() % 12 {
    case 0: return anyValue(&random, depth: 0)
    default: break
    }
    switch key {
    case "id", "from", "to", "group", "version":
      return ["1", "2", "3", "\(random.next() % 50)", "0", "-1", "01", "1.0", "\(Int64.max)"][
        Int(random.next() % 9)]
    case "start", "duration", "time", "deadline":
      return number(&random)
    case "kind":
      let kinds = ["body", "other", "representable", "state", "gesture", "Hang", "bogus", "bo\\u0064y"]
      return quoted(kinds[Int(random.next() % UInt64(kinds.count))], &random)
    case "skipped", "user":
      return ["true", "false", "null", "1"][Int(random.next() % 4)]
    case "thread":
      return quoted(["main", "worker", "ma\\u0069n", ""][Int(random.next() % 4)], &random)
    case "refreshRate":
      return ["60", "120", "0", "1e3", "59.94", "1e-10"][Int(random.next() % 6)]
    case "backtrace":
      return ["[]", #"["a","b"]"#, #"[ "a" , "\u00e9" ]"#, "[1]", #""a""#][Int(random.next() % 5)]
    default:
      return quoted(text(&random), &random)
    }
  }

  static func number(_ random: inout SplitMix) -> String {
    switch random.next() % 10 {
    case 0: return "-\(random.next() % 1000)"
    case 1: return "\(random.next() % 10).5"
    case 2: return "1e6"
    case 3: return String(repeating: "9", count: 14 + Int(random.next() % 8))
    case 4: return "\(Int64.min)"
    case 5: return "0"
    default: return "\(random.next() % 10_000_000_000)"
    }
  }

  static func text(_ random: inout SplitMix) -> String {
    let pieces = [
      "View", "Row", "é", "😀", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\ud800", " ", "a.b",
    ]
    return (0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
      .joined()
  }

  /// `text` (already escaped) as a string literal, sometimes with a key-like escape.
  static func quoted(_ text: String, _ random: inout SplitMix) -> String {
    if random.next() % 25 == 0, let first = text.unicodeScalars.first, first.isASCII {
      return "\"\\u00\(String(first.value, radix: 16))\(text.dropFirst())\""
    }
    return "\"" + text + "\""
  }

  static func anyValue(_ random: inout SplitMix, depth: Int) -> String {
    switch random.next() % (depth > 2 ? 5 : 7) {
    case 0: return "null"
    case 1: return random.next() % 2 == 0 ? "true" : "false"
    case 2: return number(&random)
    case 3: return quoted(text(&random), &random)
    case 4: return "-0.0e+1"
    case 5:
      return "["
        + (0..<Int(random.next() % 3)).map { _ in anyValue(&random, depth: depth + 1) }.joined(separator: ",")
        + "]"
    default:
      return "{"
        + (0..<Int(random.next() % 3)).map { index in "\"k\(index)\":" + anyValue(&random, depth: depth + 1) }
        .joined(separator: ",") + "}"
    }
  }

  /// Deletes, inserts, replaces or truncates at a random place.
  static func damage(_ line: inout [UInt8], _ random: inout SplitMix) {
    guard !line.isEmpty else { return }
    let at = Int(random.next() % UInt64(line.count))
    let bytes: [UInt8] = [
      0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x20, 0x09, 0x00, 0x0D, 0x31, 0x2D, 0x2E, 0x65, 0xC3,
      0xFF,
      0x80, 0x75, 0x78,
    ]
    let byte = bytes[Int(random.next() % UInt64(bytes.count))]
    switch random.next() % 4 {
    case 0: line.remove(at: at)
    case 1: line.insert(byte, at: at)
    case 2: line[at] = byte
    default: line.removeSubrange(at...)
    }
  }
}
