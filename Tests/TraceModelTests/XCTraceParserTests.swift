import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// Records what the parser hands a table handler, with cells rendered as text.
private struct RecordingHandler: XCTraceTableHandler {
  var schemas: [XCTraceSchema] = []
  var rows: [[String]] = []
  var lines: [Int] = []
  var ends: [Int] = []
  /// Also render the children of composite cells: `fmt{child|child}`.
  var children = true

  mutating func beginTable(_ schema: XCTraceSchema, line: Int, values: inout XCTraceValueTable)
    throws(XCTraceMappingError)
  {
    schemas.append(schema)
  }

  mutating func row(_ cells: UnsafeBufferPointer<XCTraceValue>, line: Int, values: inout XCTraceValueTable)
    throws(XCTraceMappingError)
  {
    rows.append(cells.map { render($0, &values) })
    lines.append(line)
  }

  mutating func endTable(rows: Int, line: Int, values: inout XCTraceValueTable) {
    ends.append(rows)
  }

  func render(_ value: XCTraceValue, _ values: inout XCTraceValueTable) -> String {
    if value.isEmpty { return "∅" }
    if let number = values.integer(value), value.symbol == nil { return "#\(number)" }
    let text = values.string(value) ?? ""
    guard children, value.compositeOffset != nil else { return text }
    let count = values.childCount(value)
    let parts = (0..<count).map { render(values.child(value, $0), &values) }
    return text + "{" + parts.joined(separator: "|") + "}"
  }
}

struct XCTraceParserTests {
  private func parse(_ text: String, chunkSize: Int = 1 << 20, name: String = "t.xml") throws
    -> RecordingHandler
  {
    let file = try TemporaryFile(text, name: name)
    defer { file.remove() }
    var parser = try XCTraceParser(path: file.path, name: name, symbols: SymbolTable(), chunkSize: chunkSize)
    var handler = RecordingHandler()
    try parser.parse(into: &handler)
    return handler
  }

  private func table(_ columns: [String], name: String? = "t", rows: String) -> String {
    let cols = columns.map { "<col><mnemonic>\($0)</mnemonic><name>\($0.uppercased())</name></col>" }.joined()
    let schemaName = name.map { " name=\"\($0)\"" } ?? ""
    return
      "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node><schema\(schemaName)>\(cols)</schema>\n\(rows)</node></trace-query-result>\n"
  }

  /// The message of the error `body` throws, as `file:line:column: message`.
  private func failure(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch let error as TraceReadError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  @Test func cellsAreMappedByPositionNotByElementName() throws {
    let handler = try parse(
      String(contentsOfFile: Fixture.path("xctrace/swiftui-update-groups-backtraces.xml"), encoding: .utf8))
    #expect(handler.schemas.first?.name == nil)
    #expect(handler.schemas.first?.columns.map(\.mnemonic) == ["label", "duration", "backtrace"])
    #expect(
      handler.rows == [
        ["Transaction for unknown action", "#2000000", "bt1{{∅}|{∅}}"],
        ["Transaction for unknown action", "#3000000", "bt1{{∅}|{∅}}"],
        ["Transaction for onChange", "#1000000", "bt2{{∅}|{∅}}"],
      ])
    #expect(handler.lines == [25, 30, 35])
  }

  @Test func refsResolveThroughChainsAndNestedIds() throws {
    let rows = """
      <row><string id="1" fmt="A">Alpha</string><typed-array id="2" fmt="Alpha, blue, square, n/a, n/a"><string ref="1"/><string id="3" fmt="blue">blue</string><sentinel/></typed-array><thread id="4" fmt="Main Thread (0x1) (App, pid: 7)"><tid id="5" fmt="0x1">1</tid><process id="6" fmt="App (7)"><pid id="7" fmt="7">7</pid></process></thread></row>
      <row><string id="8" ref="1"/><typed-array ref="2"/><process ref="6"/></row>
      <row><string ref="8"/><string ref="3"/><thread ref="4"/></row>

      """
    let handler = try parse(table(["a", "b", "c"], rows: rows))
    #expect(
      handler.rows == [
        [
          "Alpha", "Alpha, blue, square, n/a, n/a{Alpha|blue|∅}",
          "Main Thread (0x1) (App, pid: 7){#1|App (7){#7}}",
        ],
        ["Alpha", "Alpha, blue, square, n/a, n/a{Alpha|blue|∅}", "App (7){#7}"],
        ["Alpha", "blue", "Main Thread (0x1) (App, pid: 7){#1|App (7){#7}}"],
      ])
  }

  /// A reference tag reads the same in every spelling, whether the quick path for
  /// `<x ref="N"/>` takes it or the general one does (more digits, spaces, an end tag), and in
  /// read buffers that end anywhere in it.
  @Test(arguments: [1 << 20, 48, 61])
  func referencesReadAlikeInEverySpelling(_ chunkSize: Int) throws {
    let spellings = [
      #"<string ref="1"/>"#, #"<string ref="01"/>"#, #"<string ref="0000001"/>"#,
      #"<string ref="00000001"/>"#, #"<string ref="1" />"#, #"<string ref="1"></string>"#,
      #"<string  ref="1"/>"#, #"<s ref="1"/>"#, #"<a-long-element-name ref="1"/>"#,
    ]
    // Id 2 is what a misread "21" would name.
    var rows =
      #"<row><string id="1" fmt="A">Alpha</string><string id="2">Wrong</string><string id="21">Beta</string></row>"#
      + "\n"
    for (index, spelling) in spellings.enumerated() {
      rows += "<row>\(spelling)<string ref=\"21\"/>\(String(repeating: " ", count: index))</row>\n"
    }
    let handler = try parse(table(["a", "b"], rows: rows), chunkSize: chunkSize)
    #expect(handler.rows.count == spellings.count + 1)
    for row in handler.rows.dropFirst() { #expect(row == ["Alpha", "Beta"]) }
    #expect(
      failure { _ = try parse(table(["a"], rows: #"<row><string ref="3"/></row>"# + "\n")) }
        == "t.xml:4:6: ref=\"3\" names no earlier id in this document")
  }

  /// A leaf value reads the same whether the quick path for ` id="N" fmt="…">` takes it or the
  /// general one does (other order, spaces, more attributes, no `fmt`), in any read buffer.
  @Test(arguments: [1 << 20, 48, 61])
  func leavesReadAlikeInEverySpelling(_ chunkSize: Int) throws {
    let spellings = [
      #"<string id="ID" fmt="A">Alpha</string>"#, #"<string id="0ID" fmt="A &amp; B">Alpha</string>"#,
      #"<string fmt="A" id="ID">Alpha</string>"#, #"<string id="ID"  fmt="A">Alpha</string>"#,
      #"<string id="ID" fmt="A" >Alpha</string>"#, #"<string id="ID">Alpha</string>"#,
      #"<string id="ID" fmt="A" x="y">Alpha</string>"#, #"<string id="ID" fmt="">Alpha</string>"#,
    ]
    var rows = ""
    for (index, spelling) in spellings.enumerated() {
      let id = 10 + index
      rows += "<row>\(spelling.replacingOccurrences(of: "ID", with: "\(id)"))<string ref=\"\(id)\"/></row>\n"
    }
    let handler = try parse(table(["a", "b"], rows: rows), chunkSize: chunkSize)
    #expect(handler.rows.count == spellings.count)
    for row in handler.rows { #expect(row == ["Alpha", "Alpha"]) }
    // An empty leaf takes its `fmt`, whichever path reads it.
    let empty = try parse(table(["a"], rows: #"<row><string id="1" fmt="Fmt"></string></row>"# + "\n"))
    #expect(empty.rows == [["Fmt"]])
  }

  /// Ids far apart (kept aside), at a block's edges and past them resolve alike, and each may
  /// be defined once, wherever it is kept.
  @Test func idsAcrossBlocksAndFarApartResolve() throws {
    let ids = [5, 3_000_000_000, 262_143, 262_144, 262_145, 524_290, 40_000_000]
    var rows = ""
    for (index, id) in ids.enumerated() { rows += "<row><string id=\"\(id)\">v\(index)</string></row>\n" }
    for id in ids.reversed() { rows += "<row><string ref=\"\(id)\"/></row>\n" }
    let handler = try parse(table(["a"], rows: rows))
    #expect(
      handler.rows.map { $0[0] } == ids.indices.map { "v\($0)" } + ids.indices.reversed().map { "v\($0)" })
    for id in [262_144, 3_000_000_000] {
      let twice = #"<row><string id="\#(id)">x</string><string id="\#(id)">y</string></row>"# + "\n"
      #expect(
        failure { _ = try parse(table(["a", "b"], rows: twice)) }.hasSuffix(
          "id=\"\(id)\" is defined twice in this document"))
    }
  }

  @Test func entitiesCharacterReferencesCDATAAndCommentsAreText() throws {
    let rows = """
      <row><string id="1" fmt="x">caf&#233; &lt;b&gt; &amp; &quot;q&quot; &apos;s&apos; &#x1F600;</string><string fmt="&lt;graph&gt;"/><string id="2"><![CDATA[a <raw> & b]]></string><!-- a comment --><?pi data?><string>one<!-- c -->two</string></row>

      """
    let text =
      "<!DOCTYPE trace-query-result [ <!ELEMENT x ANY> ]>\n" + table(["a", "b", "c", "d"], rows: rows)
    let handler = try parse(text)
    #expect(handler.rows == [["café <b> & \"q\" 's' 😀", "<graph>", "a <raw> & b", "onetwo"]])
  }

  /// A composite's children are read again from the file; their CDATA and comments read as
  /// the parser reads them in a cell.
  @Test func childrenReadAgainTakeCDATAAndSkipComments() throws {
    let rows = """
      <row><typed-array id="1" fmt="T"><string><![CDATA[a<b]]></string><string>one<!-- c -->two &amp; three</string><string>x<?pi y?></string></typed-array></row>

      """
    let handler = try parse(table(["a"], rows: rows))
    #expect(handler.rows == [["T{a<b|onetwo & three|x}"]])
  }

  @Test func textWinsOverFmtAndSentinelsAreEmpty() throws {
    let rows = """
      <row><duration id="1" fmt="2.43 ms">2430000</duration><event-concept fmt="Low"/><sentinel/><string id="2" fmt=""></string><uint64 id="3" fmt="big">6148782250705247539</uint64></row>
      <row><duration ref="1"/></row>

      """
    let handler = try parse(table(["a", "b", "c", "d", "e"], rows: rows))
    #expect(
      handler.rows == [
        ["#2430000", "Low", "∅", "", "#6148782250705247539"], ["#2430000", "∅", "∅", "∅", "∅"],
      ])
  }

  @Test func twoTablesInOneDocumentShareTheirIds() throws {
    let text = """
      <?xml version="1.0"?>
      <trace-query-result>
      <node><schema name="one"><col><mnemonic>a</mnemonic></col></schema><row><string id="1">shared</string></row></node>
      <node><schema name="two"><col><mnemonic>b</mnemonic></col><col><mnemonic>c</mnemonic></col></schema><row><string ref="1"/><string id="2">x</string></row><row><string ref="2"/></row></node>
      </trace-query-result>

      """
    let handler = try parse(text)
    #expect(handler.schemas.map(\.name) == ["one", "two"])
    #expect(handler.rows == [["shared"], ["shared", "x"], ["x", "∅"]])
    #expect(handler.ends == [1, 2])
    #expect(handler.lines == [3, 4, 4])
  }

  @Test(arguments: [48, 64, 97, 256, 4096])
  func tinyReadBuffersGiveTheSameResult(_ chunkSize: Int) throws {
    var rows = ""
    for index in 0..<300 {
      let name = "View\(index % 17)&amp;Co"
      rows += "<row><start-time id=\"\(index * 3 + 10)\" fmt=\"t\">\(1_000_000 + index)</start-time>"
      rows +=
        index % 17 == index
        ? "<string id=\"\(index * 3 + 11)\" fmt=\"\(name)\">\(name)</string>"
        : "<string ref=\"\((index % 17) * 3 + 11)\"/>"
      rows += "<string>\(String(repeating: "long text ", count: index % 40))</string></row>\n"
    }
    let text = table(["start", "name", "text"], rows: rows)
    let reference = try parse(text)
    let small = try parse(text, chunkSize: chunkSize)
    #expect(small.rows == reference.rows)
    #expect(small.lines == reference.lines)
    #expect(reference.rows.count == 300)
    #expect(reference.rows[20] == ["#1000020", "View3&Co", String(repeating: "long text ", count: 20)])
  }

  @Test(arguments: [
    (
      "<trace-query-result><node><schema><col><mnemonic>a</mnemonic></col></schema>\n<row><string id=\"1\">x</string>",
      "t.xml:2:31: the file ends inside <row> (opened on line 2); the export looks truncated"
    ),
    (
      "<trace-query-result><node><schema><col><mnemonic>a</mnemonic></col></schema>\n<row><string id=\"1\">x</strin",
      "t.xml:2:22: the file ends inside a tag (inside <string>); the export looks truncated"
    ),
    (
      "<trace-query-result><node><schema></schema>\n<row><string>x</strong></row></node></trace-query-result>",
      "t.xml:2:15: </strong> does not close <string> (opened on line 2)"
    ),
    (
      "<trace-query-result><node><schema></schema>\n<row><string ref=\"9\"/></row></node></trace-query-result>",
      "t.xml:2:6: ref=\"9\" names no earlier id in this document"
    ),
    (
      "<trace-query-result><node><schema></schema>\n<row><a id=\"1\">x</a><b id=\"1\">y</b></row></node></trace-query-result>",
      "t.xml:2:21: id=\"1\" is defined twice in this document"
    ),
    (
      "<trace-query-result><node><schema></schema>\n<row><a>x &nbsp; y</a></row></node></trace-query-result>",
      "t.xml:2:11: unknown entity &nbsp;"
    ),
    (
      "<trace-query-result><node><schema></schema>\n<row><a>x &#0; y</a></row></node></trace-query-result>",
      "t.xml:2:11: &#0; is not a valid XML character reference"
    ),
    (
      "<trace-query-result><node><schema></schema>\n<row><a>x \u{FFFD}</a><b>\u{00}</b></row></node></trace-query-result>",
      "no error"
    ),
    (
      "<trace-query-result><node>\n<row><a>x</a></row></node></trace-query-result>",
      "t.xml:2:1: a <row> before the table's <schema>; not an xctrace export"
    ),
    (
      "<trace-query-result><node><schema></schema>\n<row><a id=\"x1\">x</a></row></node></trace-query-result>",
      "t.xml:2:13: id=\"x1\" is not a number"
    ),
    ("   \n", "t.xml:2:1: no XML element found; not an xctrace export"),
  ])
  func malformedDocumentsNameTheLineAndColumn(_ text: String, _ message: String) {
    #expect(failure { _ = try parse(text) } == message)
    #expect(failure { _ = try parse(text, chunkSize: 64) } == message)
  }

  @Test func invalidUTF8IsAnError() throws {
    var bytes = Array("<trace-query-result><node><schema></schema>\n<row><a>ab".utf8)
    bytes += [0xC3, 0x28]
    bytes += Array("</a></row></node></trace-query-result>".utf8)
    let file = try TemporaryFile(bytes: bytes, name: "t.xml")
    defer { file.remove() }
    let message = failure {
      var parser = try XCTraceParser(path: file.path, name: "t.xml", symbols: SymbolTable())
      var handler = RecordingHandler()
      try parser.parse(into: &handler)
    }
    #expect(message == "t.xml:2:11: invalid UTF-8 in text")
  }

  @Test func aTokenLongerThanTheBufferGrowsIt() throws {
    let long = String(repeating: "é", count: 5000)
    let handler = try parse(
      table(["a"], rows: "<row><string id=\"1\" fmt=\"\(long)\">\(long)</string></row>\n"), chunkSize: 64)
    #expect(handler.rows == [[long]])
  }
}
