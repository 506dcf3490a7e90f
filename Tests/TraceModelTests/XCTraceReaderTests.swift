import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// Keeps every event and its line.
private struct Collector: TraceSink {
  var events: [TraceEvent] = []
  var lines: [Int] = []

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    events.append(event)
    lines.append(line)
  }
}

struct XCTraceReaderTests {
  /// A scratch folder with `files` (name → text), removed by the caller.
  private func folder(_ files: [String: String]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("xctrace-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
    return path
  }

  private func read(_ paths: [String], chunkSize: Int = 1 << 20, readAhead: Bool = false) throws -> (
    TraceReading<Collector>, [String]
  ) {
    let reading = try XCTraceReader.read(paths: paths, chunkSize: chunkSize, readAhead: readAhead) {
      Collector()
    }
    let part = try #require(reading.parts.first)
    return (reading, part.sink.events.map { JSONLinesWriter.line(for: $0, symbols: part.symbols) })
  }

  private func schema(_ name: String?, _ columns: [String]) -> String {
    let cols = columns.map { "<col><mnemonic>\($0)</mnemonic></col>" }.joined()
    return "<schema\(name.map { " name=\"\($0)\"" } ?? "")>\(cols)</schema>"
  }

  private func document(_ nodes: String...) -> String {
    "<?xml version=\"1.0\"?>\n<trace-query-result>\n" + nodes.map { "<node>\($0)</node>\n" }.joined()
      + "</trace-query-result>\n"
  }

  private let updateColumns = [
    "start", "duration", "id", "update-type", "description", "module", "view-name", "thread",
  ]
  private let causeColumns = [
    "timestamp", "source-node-event-id", "source-node", "destination-node-event-id", "destination-node",
    "label",
    "value-type", "changed-properties",
  ]

  // MARK: - A generated export with heavy interning

  /// Writes `count` update rows the way Instruments does (every repeated value a `ref`, node
  /// cells whose children refer to description strings, threads holding processes, sentinels,
  /// entities), plus a causes table in the same document; returns the text and the lines
  /// tracecli must produce for it.
  private func heavyExport(count: Int) -> (text: String, expected: [String]) {
    var next = 1
    var ids: [String: Int] = [:]
    var rows = ""
    var expected: [String] = []
    func value(_ element: String, _ text: String, escaped: String? = nil) -> String {
      if let id = ids[element + text] { return "<\(element) ref=\"\(id)\"/>" }
      let id = next
      next += 1
      ids[element + text] = id
      let body = escaped ?? text
      return "<\(element) id=\"\(id)\" fmt=\"\(body)\">\(body)</\(element)>"
    }
    func fresh(_ element: String, _ text: String) -> String {
      defer { next += 1 }
      return "<\(element) id=\"\(next)\" fmt=\"\(text) ns\">\(text)</\(element)>"
    }
    var seed: UInt64 = 42
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let types = ["View Body Updates", "Other Updates", "Representable Updates", "View Body", "Layout"]
    for index in 0..<count {
      let view = "V\(random(40))"
      let type = types[random(types.count)]
      let start = 1_000_000_000 + Int64(index) * 10_000
      let unfinished = index % 97 == 5
      let duration: Int64 = unfinished ? 6_148_782_250_705_247_539 : Int64(1000 + random(900_000))
      let skipped = random(20) == 0
      let render = random(10) == 0
      let module = random(3) == 0 ? "Caf&#233; &amp; Co" : "App"
      let moduleText = module == "App" ? "App" : "Café & Co"
      rows += "<row>" + fresh("start-time", String(start)) + fresh("duration", String(duration))
      rows += value("uint32", String(index + 1)) + value("swiftui-update", type)
      let isBody = type.hasPrefix("View Body")
      var line = #"{"type":"update","id":\#(index + 1),"kind":""#
      switch type {
      case "View Body Updates", "View Body":
        let description = view + ".body" + (skipped ? " [skipped]" : "")
        rows += value("string", description) + value("string", moduleText, escaped: module) + "<sentinel/>"
        line += #"body","view":"\#(view)","module":"\#(moduleText)""#
      case "Representable Updates":
        rows +=
          value("string", "Map" + view) + value("string", moduleText, escaped: module)
          + value("string", "Map" + view)
        line += #"representable","view":"Map\#(view)","module":"\#(moduleText)""#
      default:
        let label = "Layout: \(view) &lt;Stack&gt;"
        rows += value("string", label) + value("string", moduleText, escaped: module) + value("string", view)
        line += #"other","view":"\#(view)","label":"Layout: \#(view) <Stack>","module":"\#(moduleText)""#
      }
      line += #","start":\#(start),"duration":\#(duration)"#
      let thread = render ? "com.apple.render (0x2f03) (App, pid: 1)" : "Main Thread (0x1e9000) (App, pid: 1)"
      if let id = ids["thread" + thread] {
        rows += "<thread ref=\"\(id)\"/>"
      } else {
        let id = next
        next += 1
        ids["thread" + thread] = id
        rows += "<thread id=\"\(id)\" fmt=\"\(thread)\">" + value("tid", render ? "12035" : "1994752")
        if let process = ids["process"] {
          rows += "<process ref=\"\(process)\"/></thread>"
        } else {
          ids["process"] = next
          next += 1
          rows += "<process id=\"\(next - 1)\" fmt=\"App (1)\">" + value("pid", "1") + "</process></thread>"
        }
      }
      if render { line += #","thread":"com.apple.render 0x2f03""# }
      if skipped && isBody { line += #","skipped":true"# }
      rows += "</row>\n"
      expected.append(line + "}")
    }
    // Causes in the same document: a gesture and a state change (sources) into updates 1 and 2,
    // and update 1 into update 2. The node cells refer to strings of the updates table.
    let gesture =
      "<typed-array id=\"\(next)\" fmt=\"Gesture: Tap, blue, hand.tap, n/a, n/a\">"
      + "<string id=\"\(next + 1)\">Gesture: Tap</string><string id=\"\(next + 2)\">blue</string><sentinel/></typed-array>"
    let gestureRef = next
    next += 3
    let state =
      "<typed-array id=\"\(next)\" fmt=\"@State x, gray\"><string>@State x</string><string>gray</string></typed-array>"
    next += 1
    let time = next
    let gestureID = next + 1
    next += 2
    let causes = [
      "<row><event-time id=\"\(time)\">5</event-time><uint32 id=\"\(gestureID)\">900000</uint32>"
        + "\(gesture)<uint32 ref=\"\(ids["uint321"]!)\"/><sentinel/><string>Update</string><sentinel/><sentinel/></row>",
      "<row><event-time ref=\"\(time)\"/><uint32 id=\"\(next)\">900001</uint32>\(state)"
        + "<uint32 ref=\"\(ids["uint322"]!)\"/><sentinel/><string>Creation</string><string>Int</string><string>x</string></row>",
      "<row><sentinel/><uint32 ref=\"\(ids["uint321"]!)\"/><typed-array ref=\"\(gestureRef)\"/>"
        + "<uint32 ref=\"\(ids["uint322"]!)\"/><sentinel/><string>Update</string><sentinel/><sentinel/></row>",
    ]
    let text = document(
      schema("swiftui-updates", updateColumns) + "\n" + rows,
      schema("swiftui-causes", causeColumns) + "\n" + causes.joined(separator: "\n"))
    return (text, expected)
  }

  @Test(arguments: [64, 997, 1 << 20], [false, true])
  func aGeneratedExportWithHeavyInterningImportsExactly(_ chunkSize: Int, readAhead: Bool) throws {
    let (text, expected) = heavyExport(count: 2000)
    let directory = try folder(["export.xml": text])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (reading, lines) = try read([directory + "/export.xml"], chunkSize: chunkSize, readAhead: readAhead)
    #expect(Array(lines.prefix(2000)) == expected)
    #expect(
      Array(lines.dropFirst(2000)) == [
        #"{"type":"cause","from":900000,"to":1,"label":"update","time":5}"#,
        #"{"type":"cause","from":900001,"to":2,"label":"creation","time":5,"changed":"x","valueType":"Int"}"#,
        #"{"type":"cause","from":1,"to":2,"label":"update"}"#,
        #"{"type":"source","id":900000,"kind":"gesture","label":"Gesture: Tap","user":true}"#,
        #"{"type":"source","id":900001,"kind":"state","label":"@State x","property":"x"}"#,
      ])
    #expect(reading.report.warnings.isEmpty)
    #expect(reading.header?.app == nil)
  }

  @Test func causesReadBeforeTheirUpdatesStillLinkToThem() throws {
    let updates = document(
      schema("swiftui-updates", updateColumns) + """
        <row><start-time>10</start-time><duration>5</duration><uint32>7</uint32><swiftui-update>View Body Updates</swiftui-update><string>A.body</string><sentinel/><sentinel/><sentinel/></row>
        """)
    // Not named as a causes table at its start, so the reader cannot put it last.
    let causes = document(
      "<schema><col><mnemonic>source-node-event-id</mnemonic></col><col><mnemonic>source-node</mnemonic></col><col><mnemonic>destination-node-event-id</mnemonic></col></schema>"
        + "<row><uint32>7</uint32><string>A</string><uint32>8</uint32></row>"
        + "<row><uint32>9</uint32><string>@Observable M.x</string><uint32>7</uint32></row>")
    let directory = try folder(["a-causes.xml": causes, "b-updates.xml": updates])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (_, lines) = try read([directory])
    #expect(
      lines == [
        #"{"type":"cause","from":7,"to":8,"label":"update"}"#,
        #"{"type":"cause","from":9,"to":7,"label":"update"}"#,
        #"{"type":"update","id":7,"kind":"body","view":"A","start":10,"duration":5}"#,
        #"{"type":"source","id":9,"kind":"observable","label":"@Observable M.x","owner":"M","property":"x"}"#,
      ])
  }

  @Test func causesFilesGoLastWhateverTheOrderGiven() throws {
    let paths = ["swiftui-causes.xml", "swiftui-updates.xml"].map { Fixture.path("xctrace/\($0)") }
    let (_, forward) = try read(paths)
    let (_, backward) = try read(paths.reversed())
    #expect(forward == backward)
    #expect(forward.first?.hasPrefix(#"{"type":"update""#) == true)
  }

  @Test func unknownAndUnusedTablesAreSkippedWithAWarning() throws {
    let (reading, lines) = try read(
      ["more/q-hitches-renders.xml", "swiftui-changes.xml"].map { Fixture.path("xctrace/\($0)") })
    #expect(lines.isEmpty)
    #expect(
      reading.report.warnings.map(\.message) == [
        #"table "hitches-renders" (12 rows) is not one tracecli reads; skipped"#,
        #"table "swiftui-changes" (4 rows) is not used by tracecli; skipped"#,
      ])
    #expect(reading.report.warnings.map(\.line) == [3, 3])
  }

  @Test func aMissingColumnNamesTheTableAndTheColumn() throws {
    let text = document(
      schema("hitches", ["start", "label"]) + "<row><start-time>1</start-time><string>x</string></row>")
    let directory = try folder(["h.xml": text])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(
      throws: TraceReadError.badData(
        TraceParseError(
          file: directory + "/h.xml", line: 3, column: 7,
          message: #"table "hitches" has no column "duration", which tracecli needs to read hitches"#))
    ) { try read([directory + "/h.xml"]) }
  }

  @Test func duplicateUpdateIdsAreSkippedWithAWarning() throws {
    let row =
      "<row><start-time>1</start-time><duration>2</duration><uint32>3</uint32><swiftui-update>Other Updates</swiftui-update><string>L</string><sentinel/><sentinel/><sentinel/></row>\n"
    let directory = try folder([
      "u.xml": document(schema("swiftui-updates", updateColumns) + "\n" + row + row)
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (reading, lines) = try read([directory + "/u.xml"])
    #expect(lines == [#"{"type":"update","id":3,"kind":"other","label":"L","start":1,"duration":2}"#])
    #expect(
      reading.report.warnings.map(\.message) == [
        #"table "swiftui-updates": skipped 1 updates whose id was already used (first: id 3 on line 5)"#
      ])
  }

  @Test func aRepresentableRowWithoutViewNameTakesTheViewFromItsDescription() throws {
    let rows = """
      <row><start-time>1</start-time><duration>2</duration><uint32>3</uint32><swiftui-update>Representable Updates</swiftui-update><string>MapView.update</string><string>App</string><sentinel/><sentinel/></row>
      <row><start-time>1</start-time><duration>2</duration><uint32>4</uint32><swiftui-update>Representable Updates</swiftui-update><string>Web</string><string>App</string><sentinel/><sentinel/></row>

      """
    let directory = try folder(["u.xml": document(schema("swiftui-updates", updateColumns) + "\n" + rows)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (_, lines) = try read([directory + "/u.xml"])
    #expect(
      lines == [
        #"{"type":"update","id":3,"kind":"representable","view":"MapView","label":"MapView.update","module":"App","start":1,"duration":2}"#,
        #"{"type":"update","id":4,"kind":"representable","view":"Web","module":"App","start":1,"duration":2}"#,
      ])
  }

  @Test func unknownUpdateTypesAndIncompleteRowsAreReported() throws {
    let rows = """
      <row><start-time>1</start-time><duration>2</duration><uint32>3</uint32><swiftui-update>Text Body Updates</swiftui-update><string>T.body</string><sentinel/><sentinel/><sentinel/></row>
      <row><start-time>1</start-time><sentinel/><uint32>4</uint32><swiftui-update>Other Updates</swiftui-update><string>L</string><sentinel/><sentinel/><sentinel/></row>
      <row><sentinel/><duration>2</duration><uint32>5</uint32><swiftui-update>Other Updates</swiftui-update><string>L</string><sentinel/><sentinel/><sentinel/></row>

      """
    let directory = try folder(["u.xml": document(schema("swiftui-updates", updateColumns) + "\n" + rows)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (reading, lines) = try read([directory + "/u.xml"])
    #expect(
      lines == [
        #"{"type":"update","id":3,"kind":"body","view":"T","start":1,"duration":2}"#,
        #"{"type":"update","id":4,"kind":"other","label":"L","start":1,"duration":3600000000000}"#,
      ])
    #expect(
      reading.report.warnings.map(\.message) == [
        #"table "swiftui-updates": skipped 1 rows without the start, duration or id tracecli needs"#,
        #"table "swiftui-updates": update type "Text Body Updates" is not one tracecli knows; read 1 rows by its words (body, representable, else other)"#,
      ])
  }

  @Test(arguments: [#"<duration fmt="2.43 ms"></duration>"#, "<duration>soon</duration>"])
  func aDurationThatIsNotANumberIsAnError(_ cell: String) throws {
    let row =
      "<row><start-time>1</start-time>\(cell)<uint32>3</uint32><swiftui-update>Other Updates</swiftui-update><string>L</string><sentinel/><sentinel/><sentinel/></row>\n"
    let directory = try folder(["u.xml": document(schema("swiftui-updates", updateColumns) + "\n" + row)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    do {
      _ = try read([directory + "/u.xml"])
      Issue.record("read a duration that is not a number")
    } catch let TraceReadError.badData(error) {
      #expect(error.message == #"table "swiftui-updates": a duration that is not a number of ns"#)
      #expect(error.file == directory + "/u.xml")
      #expect(error.line > 1)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func aDimmedNodeCellMarksABodyUpdateSkipped() throws {
    let columns = ["start", "duration", "id", "update-type", "description", "cause-graph-node"]
    let rows = """
      <row><start-time>1</start-time><duration>2</duration><uint32>3</uint32><swiftui-update id="1">View Body Updates</swiftui-update><string id="2">A.body</string><typed-array id="3" fmt="A [skipped], gray, square, n/a, n/a"><string id="4">A [skipped]</string><string id="5">gray</string></typed-array></row>
      <row><start-time>4</start-time><duration>5</duration><uint32>6</uint32><swiftui-update ref="1"/><sentinel/><typed-array ref="3"/></row>
      <row><start-time>7</start-time><duration>8</duration><uint32>9</uint32><swiftui-update ref="1"/><string ref="2"/><typed-array fmt="A, gray"><string>A</string></typed-array></row>

      """
    let directory = try folder(["u.xml": document(schema("swiftui-updates", columns) + "\n" + rows)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (_, lines) = try read([directory + "/u.xml"])
    #expect(
      lines == [
        #"{"type":"update","id":3,"kind":"body","view":"A","start":1,"duration":2,"skipped":true}"#,
        #"{"type":"update","id":6,"kind":"body","view":"A","start":4,"duration":5,"skipped":true}"#,
        #"{"type":"update","id":9,"kind":"body","view":"A","start":7,"duration":8}"#,
      ])
  }

  @Test func aTableExportedTwiceIsReadOnceAndTwoRecordingsAreRefused() throws {
    let updates = try String(contentsOfFile: Fixture.path("xctrace/swiftui-updates.xml"), encoding: .utf8)
    let other = updates.replacingOccurrences(of: ">1234567000<", with: ">1234567001<")
    #expect(other != updates)
    let directory = try folder(["a.xml": updates, "b.xml": updates, "c.xml": other])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (_, once) = try read([directory + "/a.xml", directory + "/b.xml"])
    let (_, alone) = try read([directory + "/a.xml"])
    #expect(once == alone && !once.isEmpty)
    #expect(throws: TraceReadError.self) { try self.read([directory + "/a.xml", directory + "/c.xml"]) }
    do {
      _ = try read([directory])
      Issue.record("a folder of two recordings was read")
    } catch let error as TraceReadError {
      guard case .ambiguousInput(let message) = error else { Issue.record("\(error)"); return }
      #expect(message.contains("c.xml") && message.contains("two exports of table swiftui-updates"))
    }
  }

  @Test func aTableWhoseGroupHasAPreferredOneIsLeftOutAndUnreadTablesAreNotCompared() throws {
    let vsyncs = try String(contentsOfFile: Fixture.path("xctrace/display-vsyncs-interval.xml"), encoding: .utf8)
    // The same vsyncs exported as `display-vsyncs` too (the printed loop exports both): read once.
    let alternative = vsyncs.replacingOccurrences(of: #"name="display-vsyncs-interval""#, with: #"name="display-vsyncs""#)
    #expect(alternative != vsyncs)
    let tick = { (value: Int) in
      #"<?xml version="1.0"?><trace-query-result><node><schema name="tick"><col><mnemonic>start</mnemonic></col></schema><row><start-time>\#(value)</start-time></row></node></trace-query-result>"#
    }
    let directory = try folder(["a.xml": vsyncs, "b.xml": alternative, "t1.xml": tick(1), "t2.xml": tick(2)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (_, both) = try read([directory])
    let (_, one) = try read([directory + "/a.xml"])
    #expect(both == one && !one.isEmpty)
  }

  @Test func tablesOfContentsOfTwoRecordingsAreRefused() throws {
    let toc = { (pid: Int) in
      """
      <?xml version="1.0"?><trace-toc><run number="1"><info><target>
      <device platform="iOS" model="iPhone 16 Pro"/><process name="MyApp" pid="\(pid)"/>
      </target></info></run></trace-toc>
      """
    }
    let directory = try folder(["toc-1.xml": toc(1001), "toc-2.xml": toc(2002), "same.xml": toc(1001)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let updates = Fixture.path("xctrace/swiftui-updates.xml")
    let (reading, _) = try read([directory + "/toc-1.xml", directory + "/same.xml", updates])
    #expect(reading.header?.app == "MyApp")
    do {
      _ = try read([directory + "/toc-1.xml", directory + "/toc-2.xml", updates])
      Issue.record("two recordings were read as one")
    } catch let error as TraceReadError {
      guard case .ambiguousInput(let message) = error else { Issue.record("\(error)"); return }
      #expect(message.contains("(MyApp (1001) on iPhone 16 Pro") && message.contains("and MyApp (2002)"), "\(message)")
    }
  }

  @Test func absurdDurationsAreCountedNeverTimed() throws {
    // A group of 6.1e18 ns (as one recorder wrote), and a hang longer than the 2 s recording
    // its table of contents gives.
    let groups =
      #"<?xml version="1.0"?><trace-query-result><node>"#
      + schema("swiftui-update-groups", ["start", "duration", "label"])
      + #"<row><start-time>1000000000</start-time><duration>6100000000000000000</duration><string>A</string></row>"#
      + #"<row><start-time>1500000000</start-time><duration>5000000</duration><string>B</string></row>"#
      + "</node></trace-query-result>"
    let hangs =
      #"<?xml version="1.0"?><trace-query-result><node>"# + schema("potential-hangs", ["start", "duration"])
      + #"<row><start-time>1200000000</start-time><duration>3000000000</duration></row>"#
      + #"<row><start-time>1300000000</start-time><duration>300000000</duration></row>"#
      + "</node></trace-query-result>"
    let toc =
      #"<?xml version="1.0"?><trace-toc><run number="1"><info><summary><duration>2.0</duration></summary></info></run></trace-toc>"#
    let directory = try folder(["groups.xml": groups, "hangs.xml": hangs, "toc.xml": toc])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (reading, lines) = try read([directory])
    #expect(
      lines == [
        #"{"type":"group","id":1,"start":1000000000,"duration":6100000000000000000,"label":"A"}"#,
        #"{"type":"group","id":2,"start":1500000000,"duration":5000000,"label":"B"}"#,
        #"{"type":"hang","start":1200000000,"duration":3600000000000}"#,
        #"{"type":"hang","start":1300000000,"duration":300000000}"#,
      ])
    let messages = reading.report.warnings.map(\.message)
    #expect(messages.contains { $0.contains("swiftui-update-groups\": 1 rows last longer than the recording or an hour (first: line") })
    #expect(messages.contains { $0.contains("potential-hangs\": 1 rows last longer than the recording") })
  }

  @Test func theHeaderTakesTheMainDisplaysRefreshRate() throws {
    let (reading, lines) = try read([Fixture.path("xctrace/device-display-info.xml")])
    #expect(lines.isEmpty)
    #expect(reading.header == TraceHeader(refreshRate: 120, start: 0, refreshRateSource: "display-max", recorded: []))
  }

  @Test func anUnusableRefreshRateIsIgnoredWithAWarning() throws {
    let text = try String(contentsOfFile: Fixture.path("xctrace/device-display-info.xml"), encoding: .utf8)
      .replacingOccurrences(
        of: #"<uint32 id="8" fmt="120">120</uint32>"#, with: #"<uint32 id="8">0</uint32>"#)
    let directory = try folder(["d.xml": text])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (reading, _) = try read([directory + "/d.xml"])
    #expect(reading.header == TraceHeader(refreshRate: 60, start: 0, refreshRateSource: "display-max", recorded: []))
    #expect(
      reading.report.warnings.map(\.message) == [
        #"table "device-display-info": ignored 1 displays whose max-refresh-rate is not a rate from 1 to 1000000000 Hz"#
      ])
  }

  @Test func vsyncsBecomeFramesFromOneVsyncToTheNext() throws {
    let (_, lines) = try read([Fixture.path("xctrace/display-vsyncs-interval.xml")])
    #expect(lines.count == 10)
    #expect(lines.first == #"{"type":"frame","start":481099833,"deadline":497766541}"#)
    #expect(lines.last == #"{"type":"frame","start":631099833,"deadline":647766458}"#)
    let rows = """
      <row><start-time>100</start-time><duration>16000</duration><string>Display 1</string></row>
      <row><start-time>105</start-time><duration>16000</duration><string>Display 2</string></row>
      <row><start-time>200</start-time><duration>16000</duration><string>Display 1</string></row>

      """
    let directory = try folder([
      "v.xml": document(
        schema("display-vsyncs-interval", ["timestamp", "duration", "display-name"]) + "\n" + rows)
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (reading, intervals) = try read([directory + "/v.xml"])
    #expect(
      intervals == [
        #"{"type":"frame","start":100,"deadline":16100}"#, #"{"type":"frame","start":200,"deadline":16200}"#,
      ])
    #expect(
      reading.report.warnings.first?.message.hasSuffix(
        "frames come from Display 1; ignored 1 vsyncs of other displays") == true)
  }

  @Test func aFolderWithoutExportsIsNoInput() throws {
    let directory = try folder(["notes.txt": "hello\n"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(
      throws: TraceReadError.noInput(path: directory, reason: "is a folder without xctrace XML exports")
    ) {
      try read([directory])
    }
  }

  @Test func everySampleReadsOrNamesAMissingColumn() throws {
    let root = Fixture.path("xctrace")
    let files =
      try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".xml") }
      + FileManager.default.contentsOfDirectory(atPath: root + "/more").map { "more/" + $0 }
    #expect(files.count == 16)
    for file in files {
      do {
        _ = try read([root + "/" + file], chunkSize: 64)
      } catch let error as TraceReadError {
        guard case .badData(let failure) = error else {
          Issue.record("\(file): \(error)")
          continue
        }
        #expect(failure.message.contains("has no column"), "\(file): \(failure)")
      }
    }
  }

  @Test func truncatedAndCorruptedSamplesNeverCrash() throws {
    let root = Fixture.path("xctrace")
    let names = [
      "swiftui-updates.xml", "swiftui-causes.xml", "more/q-swiftui-full-causes.xml",
      "display-vsyncs-interval.xml",
    ]
    var seed: UInt64 = 7
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
      var variants: [[UInt8]] = stride(from: 1, to: bytes.count, by: 29).map { Array(bytes.prefix($0)) }
      for _ in 0..<100 {
        var corrupted = bytes
        for _ in 0..<3 {
          seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          let position = Int((seed >> 33) % UInt64(bytes.count))
          corrupted[position] = Array("<>/\"=&#;x0 \n\u{C3}".utf8)[Int(seed >> 60) % 14]
        }
        variants.append(corrupted)
      }
      for variant in variants {
        let file = try TemporaryFile(bytes: variant, name: "v.xml")
        defer { file.remove() }
        // Reading ahead or not, the same events or the same error.
        let outcomes = [false, true].map { readAhead -> String in
          do {
            return try read([file.path], chunkSize: 64, readAhead: readAhead).1.joined(separator: "\n")
          } catch {
            return "error: \(error)"
          }
        }
        #expect(outcomes[0] == outcomes[1], "\(name): reading ahead changed the result")
        do {
          let (reading, lines) = try read([file.path], chunkSize: 64)
          // Whatever was read must make a valid trace.
          var writer = JSONLinesWriter()
          writer.append(reading.header ?? TraceHeader())
          let trace = try TemporaryFile(
            String(decoding: writer.bytes, as: UTF8.self) + lines.map { $0 + "\n" }.joined())
          defer { trace.remove() }
          _ = try JSONLinesReader.read(path: trace.path, threads: 1) { Collector() }
        } catch let error as TraceReadError {
          if case .noInput = error { Issue.record("\(name): \(error)") }
          if case .badData(let failure) = error, failure.file.hasSuffix(".jsonl") {
            Issue.record("\(name): the import is not a valid trace: \(failure)")
          }
        }
      }
    }
  }

  // MARK: - Names

  @Test(
    arguments: [
      ("Main Thread (0x1e9000) (MyApp, pid: 1001)", nil),
      ("main", nil),
      ("", nil),
      ("com.apple.render (0x2f03) (MyApp, pid: 1001)", "com.apple.render 0x2f03"),
      ("com.apple.SwiftUI.AsyncRenderer  0x3b3c8 (MyApp, pid: 12)", "com.apple.SwiftUI.AsyncRenderer 0x3b3c8"),
      ("main 0x1e9000", nil),
      ("main 0x1e9000 (MyApp, pid: 1001)", nil),
      ("Thread (0x5b1f) (MyApp, pid: 1001)", "Thread 0x5b1f"),
      ("com.apple.render", "com.apple.render"),
    ] as [(String, String?)])
  func threadNames(_ cell: String, _ name: String?) {
    #expect(XCTraceNames.thread(cell) == name)
  }

  @Test(arguments: [
    ("@State isOn", SourceKind.state), ("@Binding text", .state), ("@Observable Model.items", .observable),
    ("@Published AppState.toast", .observable), ("External Environment", .environment),
    ("External: EnvironmentValues", .environment), ("EnvironmentWriter: ForegroundStyle", .environmentWriter),
    ("Gesture: Tap", .gesture), ("Preference List", .preference), ("Transaction for Gesture", .transaction),
    ("View Creation / Reuse", .creation), ("ContentView", .other), ("<graph>", .other),
  ])
  func sourceKindsFromNodeLabels(_ label: String, _ kind: SourceKind) {
    #expect(SourceKind(nodeLabel: label) == kind)
  }

  @Test(arguments: [
    ("View Body Updates", UpdateKind.body, true), ("View Body", .body, true),
    ("Representable Updates", .representable, true),
    ("Representable", .representable, true), ("Other Updates", .other, true), ("Other", .other, true),
    ("Layout", .other, true), ("Text Updates", .other, false), ("Body Recomputation", .body, false),
  ])
  func updateKindsFromUpdateTypes(_ type: String, _ kind: UpdateKind, _ known: Bool) {
    #expect(XCTraceNames.updateKind(type) == (kind, known))
  }

  @Test func nodeCellsGivenOnlyAsFmt() {
    #expect(
      XCTraceNames.node(fmt: "DynamicBody<A, B>, gray, square, n/a, n/a") == ("DynamicBody<A, B>", "gray"))
    #expect(XCTraceNames.node(fmt: "Plain") == ("Plain", nil))
    #expect(XCTraceNames.app("MyApp (1001)") == "MyApp")
  }
}
