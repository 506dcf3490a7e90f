import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// The budget file's JSON parser: values with their locations, errors with line and column.
struct BudgetJSONTests {
  private func parse(_ text: String) throws(BudgetError) -> LocatedJSON {
    do {
      return try LocatedJSONParser.parse(Array(text.utf8))
    } catch {
      throw BudgetError(file: "b.json", error)
    }
  }

  @Test func recordsLinesColumnsAndRanges() throws {
    let text = """
      {
        "views": [ { "view": "Row", "p95": "2ms" } ],
        "frames": {"missed": 12}
      }
      """
    let root = try parse(text)
    let members = try #require(root.members)
    #expect(members.map(\.key) == ["views", "frames"])
    #expect(members[0].keyLocation == TextLocation(line: 2, column: 3, offset: 4))
    guard case .array(let views) = members[0].value.kind, let view = views.first?.members else {
      Issue.record("views is not an array of objects")
      return
    }
    let p95 = view[1].value
    #expect(p95.kind == .string("2ms"))
    #expect(p95.location.line == 2 && p95.location.column == 38)
    #expect(Array(Array(text.utf8)[p95.range]) == Array(#""2ms""#.utf8))
    let missed = try #require(members[1].value.members?.first?.value)
    #expect(missed.kind == .number("12", JSONScanner.Number(value: 12, isInteger: true, fits: true)))
    #expect(missed.location.line == 3 && missed.location.column == 24)
    #expect(missed.range.count == 2)
  }

  @Test func decodesEscapesAndUTF8() throws {
    let root = try parse(#"["a\"b\\c\/\n\u00e9\ud83d\ude00", "µs", "\ud800x"]"#)
    guard case .array(let values) = root.kind else {
      Issue.record("not an array")
      return
    }
    #expect(values.map(\.kind) == [.string("a\"b\\c/\né😀"), .string("µs"), .string("\u{FFFD}x")])
  }

  @Test func acceptsAByteOrderMark() throws {
    let root = try LocatedJSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
    #expect(root.members?.first?.value.location.column == 7)
  }

  /// The scanner's messages, as the trace reader gives them, at the budget's lines and columns.
  @Test(arguments: [
    ("", 1, 1, "the file is empty; expected a JSON object"),
    ("{\n  \"a\": 1,\n}", 3, 1, "expected a string key"),
    ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
    ("[1, 2", 1, 6, "unexpected end of file, expected ',' or ']'"),
    ("{\"a\": 01}", 1, 8, "invalid number: a leading zero must not be followed by digits"),
    ("{\"a\": 1.}", 1, 9, "invalid number: expected a digit after '.'"),
    ("{\"a\": tru}", 1, 10, "invalid literal"),
    ("{\"a\": \"x\ty\"}", 1, 9, "control character U+0009 in string must be escaped"),
    ("{\"a\": \"\\x\"}", 1, 9, "invalid escape '\\x'"),
    ("{\"a\": \"\\u12x4\"}", 1, 12, "invalid \\u escape: expected four hex digits"),
    ("{\"a\": 1} x", 1, 10, "unexpected data after the JSON value"),
    ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key \"a\" (first on line 1)"),
    ("{\"a\": \"unterminated\n}", 1, 20, "unterminated string"),
    ("{\"a\": [1, }", 1, 11, "expected a value"),
    ("{\"a\" 1}", 1, 6, "expected ':' after the key"),
  ])
  func reportsErrorsWithTheirLocation(text: String, line: Int, column: Int, message: String) {
    do {
      _ = try parse(text)
      Issue.record("'\(text)' must be rejected")
    } catch {
      #expect(error.location?.line == line, "\(error)")
      #expect(error.location?.column == column, "\(error)")
      #expect(error.message == message, "\(error)")
      #expect(error.description == "b.json:\(line):\(column): \(message)")
    }
  }

  @Test func rejectsInvalidUTF8InAString() {
    #expect(throws: LocatedJSONError.self) {
      try LocatedJSONParser.parse(Array(#"{"a": "x"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
    }
  }

  @Test func limitsTheNesting() throws {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: BudgetError.self) { try parse(deep) }
    let fine = String(repeating: "[", count: LocatedJSONParser.depthLimit) + String(repeating: "]", count: 64)
    _ = try parse(fine)
    let tooDeep = "[" + fine + "]"
    do {
      _ = try parse(tooDeep)
      Issue.record("nesting of 65 must be rejected")
    } catch {
      #expect(error.message.contains("nesting deeper than 64"))
    }
  }

  /// nst/JSONTestSuite: `y_` accepted (but duplicate keys, which a budget refuses), `n_`
  /// rejected with a location inside the file, `i_` either way without a crash.
  @Test(arguments: JSONSuite.cases)
  func followsJSONTestSuite(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(JSONSuite.directory)/\(name)")))
    let result = Result { () throws(LocatedJSONError) -> LocatedJSON in try LocatedJSONParser.parse(bytes) }
    switch name.first {
    case "y" where !name.contains("duplicated_key"):
      #expect(throws: Never.self, "\(name) must be accepted") { try result.get() }
    case "n":
      guard case .failure(let error) = result else {
        Issue.record("\(name) must be rejected")
        return
      }
      #expect((error.location?.offset ?? 0) <= bytes.count)
    default:
      _ = result
    }
  }
}

/// The JSONTestSuite files shipped in Fixtures/conformance.
enum JSONSuite {
  static let directory = Fixture.path("conformance/JSONTestSuite")

  static var cases: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }
}
