import Testing

@testable import TraceModel

struct JSONLinesParserTests {
  /// Parses one line (without its line end) with a fresh or given parser.
  private func parse(_ line: String, with parser: inout JSONLinesParser) throws(LineError) -> TraceEvent? {
    var bytes = Array(line.utf8)
    let count = bytes.count
    bytes += [UInt8](repeating: 0, count: 16)
    return try bytes.withUnsafeBufferPointer { buffer throws(LineError) -> TraceEvent? in
      try parser.parse(buffer.baseAddress!, count: count)
    }
  }

  private func parse(_ line: String) throws(LineError) -> (TraceEvent?, JSONLinesParser) {
    var parser = JSONLinesParser()
    let event = try parse(line, with: &parser)
    return (event, parser)
  }

  private func error(_ line: String, after previous: [String] = []) -> LineError? {
    var parser = JSONLinesParser()
    do {
      for earlier in previous { _ = try parse(earlier, with: &parser) }
      _ = try parse(line, with: &parser)
      return nil
    } catch {
      return error
    }
  }

  @Test func theHeaderSaysWhereItsRateCameFrom() throws {
    let (event, _) = try parse(
      #"{"type":"trace","version":1,"refreshRate":120,"refreshRateSource":"vsyncs","x":{"y":[1]}}"#)
    guard case .header(let header) = event else {
      Issue.record("not a header: \(String(describing: event))"); return
    }
    #expect(header.refreshRate == 120 && header.refreshRateSource == "vsyncs")
    let (plain, _) = try parse(#"{"type":"trace","version":1,"refreshRate":60}"#)
    guard case .header(let noSource) = plain else { Issue.record("not a header"); return }
    #expect(noSource.refreshRateSource == nil)
    // Past values of any depth, and the last of a repeated key.
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    let (nested, parser) = try parse(
      #"{"type":"trace","version":1,"refreshRateSource":"vsyncs","x":"# + deep
        + #","refreshRateSource":"display-max"}"#)
    guard case .header(let last) = nested else { Issue.record("not a header"); return }
    #expect(last.refreshRateSource == "display-max" && parser.unknownKeys == 1)
    let wrong = error(#"{"type":"trace","version":1,"refreshRateSource":120}"#)
    #expect(wrong?.column == 49 && wrong?.message == #""refreshRateSource" must be a string, found a number"#)
  }

  @Test func anIntervalIsANamedStretchOfTime() throws {
    let (event, parser) = try parse(
      #"{"type":"interval","name":"Scroll Feed","start":5,"duration":8,"subsystem":"com.example","category":"PointsOfInterest","x":1}"#
    )
    guard case .interval(let interval) = event else { Issue.record("not an interval"); return }
    #expect(parser.symbols[interval.name] == "Scroll Feed" && interval.start == 5 && interval.end == 13)
    #expect(interval.subsystem.map { parser.symbols[$0] } == "com.example")
    #expect(interval.category.map { parser.symbols[$0] } == "PointsOfInterest")
    #expect(parser.unknownKeys == 1)
    let (plain, _) = try parse(#"{"type":"interval","name":"Open","start":0,"duration":0}"#)
    guard case .interval(let bare) = plain else { Issue.record("not an interval"); return }
    #expect(bare.subsystem == nil && bare.category == nil)
    #expect(
      error(#"{"type":"interval","start":5,"duration":8}"#)?.message
        == #"missing required key "name" in a "interval" event"#)
    #expect(
      error(#"{"type":"interval","name":3,"start":5,"duration":8}"#)?.message
        == #""name" must be a string, found a number"#)
    #expect(error(#"{"type":"interval","name":"A","duration":8}"#)?.message.contains("\"start\"") == true)
    #expect(error(#"{"type":"interval","name":"A","start":5,"duration":-1}"#) != nil)
    #expect(error(#"{"type":"interval","name":"A","start":5,"duration":8,"subsystem":true}"#) != nil)
  }

  @Test func aHitchSaysWhoseItIsAndWhatWasLate() throws {
    let (event, parser) = try parse(
      #"{"type":"hitch","start":5,"duration":8,"system":true,"cause":"Commit to Render latency","x":1}"#)
    guard case .hitch(let hitch) = event else { Issue.record("not a hitch"); return }
    #expect(hitch.system && parser.symbols[hitch.cause!] == "Commit to Render latency")
    #expect(parser.unknownKeys == 1)
    let (plain, _) = try parse(#"{"type":"hitch","start":5,"duration":8}"#)
    guard case .hitch(let app) = plain else { Issue.record("not a hitch"); return }
    #expect(!app.system && app.cause == nil)
    #expect(
      error(#"{"type":"hitch","start":5,"duration":8,"system":"yes"}"#)?.message
        == #""system" must be a boolean, found a string"#)
    // A repeated key: the last one counts; of several wrong keys, the first in the event's order.
    let (repeated, _) = try parse(#"{"type":"trace","version":1,"recorded":5,"recorded":["hitches"]}"#)
    guard case .header(let header) = repeated else { Issue.record("not a header"); return }
    #expect(header.recorded == ["hitches"])
    #expect(error(#"{"type":"hitch","start":0,"duration":5,"cause":1,"system":"x"}"#)?.column == 59)
    #expect(error(#"{"type":"hitch","start":5,"duration":8,"cause":2}"#)?.column == 48)
  }

  @Test func unknownTypesStillSayWhenTheyHappened() throws {
    var parser = JSONLinesParser()
    for line in [
      #"{"type":"signpost","time":-5,"weight":1}"#, #"{"type":"region","start":7}"#,
      #"{"type":"marker","start":1.5}"#, #"{"type":"marker","time":-99999999999999999999}"#,
    ] {
      #expect(try parse(line, with: &parser) == nil)
    }
    #expect(parser.unknownEarliest == -5)
    #expect(parser.unknownTypes == ["signpost": 1, "region": 1, "marker": 2])
  }

  @Test func decodesSamplesAndSymbols() throws {
    let (event, parser) = try parse(
      #"{"type":"sample","time":5,"weight":1000000,"thread":"worker","stack":[3, -1,7]}"#)
    guard case .sample(let sample) = event else { Issue.record("not a sample"); return }
    #expect(sample.time == 5 && sample.weight == 1_000_000 && sample.stack == [3, -1, 7])
    #expect(sample.thread.map { parser.symbols[$0] } == "worker" && !sample.isMainThread)
    guard
      case .sample(let onMain) = try parse(
        #"{"type":"sample","stack":[],"time":1,"weight":1,"thread":"main"}"#
      ).0
    else { Issue.record("not a sample"); return }
    #expect(onMain.isMainThread && onMain.stack.isEmpty)
    let (symbolEvent, symbolParser) = try parse(
      #"{"type":"symbol","id":4,"name":"-[NSNumberFormatter init]","binary":"Foundation","user":false}"#)
    guard case .symbol(let symbol) = symbolEvent else { Issue.record("not a symbol"); return }
    #expect(symbol.id == 4 && symbolParser.symbols[symbol.name] == "-[NSNumberFormatter init]")
    #expect(symbol.binary.map { symbolParser.symbols[$0] } == "Foundation" && !symbol.user)
  }

  @Test func rejectsBrokenSamplesAndSymbols() {
    #expect(error(#"{"type":"sample","time":1,"weight":0,"stack":[]}"#)?.column == 36)
    #expect(
      error(#"{"type":"sample","time":1,"weight":0,"stack":[]}"#)?.message.contains("must be positive")
        == true)
    #expect(error(#"{"type":"sample","time":1,"weight":5,"stack":[1,"a"]}"#)?.column == 49)
    #expect(
      error(#"{"type":"sample","time":1,"weight":5,"stack":[1.5]}"#)?.message.contains("array of integers")
        == true)
    #expect(
      error(#"{"type":"sample","time":1,"stack":[]}"#)?.message
        == #"missing required key "weight" in a "sample" event"#)
    #expect(
      error(#"{"type":"sample","time":1,"weight":1}"#)?.message
        == #"missing required key "stack" in a "sample" event"#)
    #expect(
      error(#"{"type":"sample","weight":1,"stack":[]}"#)?.message
        == #"missing required key "time" in a "sample" event"#)
    #expect(
      error(#"{"type":"symbol","id":1}"#)?.message == #"missing required key "name" in a "symbol" event"#)
    #expect(error(#"{"type":"symbol","id":1,"name":2}"#)?.message.contains("must be a string") == true)
    // Symbol ids are an id space of their own: an update may share one, a symbol may not.
    #expect(
      error(
        #"{"type":"symbol","id":1,"name":"x"}"#,
        after: [#"{"type":"update","id":1,"kind":"other","start":0,"duration":1}"#]) == nil)
    #expect(
      error(#"{"type":"symbol","id":1,"name":"y"}"#, after: [#"{"type":"symbol","id":1,"name":"x"}"#])?.column
        == 23)
  }

  @Test func decodesAnUpdateWithEveryField() throws {
    let (event, parser) = try parse(
      #"{"type":"update","id":100,"kind":"body","view":"LandmarkListItemView","label":"x","module":"Landmarks","start":1000100000,"duration":1400000,"thread":"com.apple.render","skipped":true,"group":1}"#
    )
    guard case .update(let update) = event else {
      Issue.record("not an update: \(String(describing: event))")
      return
    }
    #expect(update.id == 100)
    #expect(update.kind == .body)
    #expect(update.view.map { parser.symbols[$0] } == "LandmarkListItemView")
    #expect(update.module.map { parser.symbols[$0] } == "Landmarks")
    #expect(update.label.map { parser.symbols[$0] } == "x")
    #expect(update.start == 1_000_100_000)
    #expect(update.duration == 1_400_000)
    #expect(update.thread.map { parser.symbols[$0] } == "com.apple.render")
    #expect(!update.isMainThread)
    #expect(update.skipped)
    #expect(update.group == 1)
  }

  @Test func keysInAnyOrderWithWhitespaceAndEscapes() throws {
    let (event, parser) = try parse(
      " { \"duration\" : 5 , \"start\":-3,\t\"view\":\"Caf\\u00e9\\\"\\ud83d\\ude00\", \"kind\":\"representable\",\"id\":7,\"typ\\u0065\":\"update\", \"thread\" : \"main\" } \r"
    )
    guard case .update(let update) = event else {
      Issue.record("not an update")
      return
    }
    #expect(update.kind == .representable)
    #expect(update.view.map { parser.symbols[$0] } == "Café\"😀")
    #expect(update.start == -3)
    #expect(update.isMainThread)
  }

  /// The strict mode learns the bytes around a key, whitespace included, and must still skip
  /// the whitespace after them when the next line repeats them.
  @Test func aRepeatedLayoutWithWhitespaceReadsTheSameTwice() throws {
    var parser = JSONLinesParser()
    let line = #"{"type": "source", "id": 1, "kind": "state", "label": "a", "time": 1.5e3}"#
    #expect(throws: LineError.self) { _ = try parse(line, with: &parser) }
    let next = #"{"type": "source", "id": 2, "kind": "state", "label": "b"}"#
    guard case .source(let source) = try parse(next, with: &parser) else {
      Issue.record("not a source")
      return
    }
    #expect(source.id == 2 && parser.symbols[source.label] == "b")
    let error = self.error(
      #"{"type": "source", "id": 3, "kind": "state", "label": "c", "time": 1.5}"#, after: [next])
    #expect(error?.column == 68 && error?.message.contains("integer") == true, "\(String(describing: error))")
  }

  /// Key orders that alternate after a key (`view` or `label` after `kind`, three endings after
  /// `duration`) keep two predictions a slot; every line still reads as its own keys say.
  @Test func alternatingKeyOrdersReadRightOnTheFastPath() {
    let layouts = [
      #"{"type":"update","id":%d,"kind":"body","view":"V%d","module":"M","start":%d,"duration":7,"group":1}"#,
      #"{"type":"update","id":%d,"kind":"other","label":"L%d","module":"M","start":%d,"duration":7}"#,
      #"{"type":"update","id":%d,"kind":"body","view":"W%d","start":%d,"duration":7,"thread":"main","group":2}"#,
    ]
    var parser = JSONLinesParser()
    for id in 1...30 {
      let text = layouts[id % 3].replacing("%d", with: "\(id)")
      let padded = Array(text.utf8) + [UInt8(ascii: "\n")] + [UInt8](repeating: 0, count: 16)
      var update = Update(id: 0, kind: .body, start: 0, duration: 0)
      let length = padded.withUnsafeBufferPointer { parser.parseUpdate($0.baseAddress!, into: &update) }
      #expect(length == text.utf8.count, "line \(id)")
      let name = update.view.map { parser.symbols[$0] } ?? update.label.map { parser.symbols[$0] }
      #expect(update.id == Int64(id) && update.start == Int64(id) && name?.hasSuffix("\(id)") == true)
      #expect(update.group == [Int64(1), nil, 2][id % 3] && (update.module != nil) == (id % 3 != 2))
    }
  }

  /// An escaped thread spelling `main` is the main thread, on either path.
  @Test func anEscapedMainThreadIsMain() throws {
    let (event, parser) = try parse(
      #"{"type":"update","id":1,"kind":"body","view":"V","start":0,"duration":1,"thread":"ma\u0069n"}"#)
    guard case .update(let update) = event else {
      Issue.record("not an update")
      return
    }
    #expect(update.isMainThread && update.thread.map { parser.symbols[$0] } == "main")
  }

  @Test(arguments: [("120", 120.0), ("59.94", 59.94), ("1.2e2", 120), ("0.001", 0.001), ("1000000000", 1e9)])
  func aRefreshRateIsAnyNumberInItsRange(_ text: String, _ rate: Double) throws {
    var parser = JSONLinesParser()
    let header = try parse(#"{"type":"trace","version":1,"refreshRate":"# + text + "}", with: &parser)
    #expect(header == .header(TraceHeader(refreshRate: rate)))
  }

  @Test func decodesEveryOtherEventType() throws {
    var parser = JSONLinesParser()
    let header = try parse(
      #"{"type":"trace","version":1,"app":"Landmarks","device":"iPhone","refreshRate":120,"start":5,"producer":"p"}"#,
      with: &parser)
    #expect(
      header
        == .header(TraceHeader(app: "Landmarks", device: "iPhone", refreshRate: 120, start: 5, producer: "p"))
    )
    #expect(
      try parse(#"{"type":"frame","start":1,"deadline":2}"#, with: &parser)
        == .frame(Frame(start: 1, deadline: 2)))
    guard
      case .source(let source) = try parse(
        #"{"type":"source","id":10,"kind":"environmentWriter","label":"EnvironmentWriter: X","owner":"O","property":"p","user":true,"time":9,"backtrace":["a","b\n"]}"#,
        with: &parser)
    else {
      Issue.record("not a source")
      return
    }
    #expect(source.kind == .environmentWriter)
    #expect(parser.symbols[source.label] == "EnvironmentWriter: X")
    #expect(source.user && source.time == 9)
    #expect(source.backtrace == ["a", "b\n"])
    guard
      case .cause(let cause) = try parse(
        #"{"type":"cause","from":10,"to":11,"changed":"isOn","valueType":"Bool"}"#, with: &parser)
    else {
      Issue.record("not a cause")
      return
    }
    #expect(parser.symbols[cause.label] == "update")
    #expect(cause.changed.map { parser.symbols[$0] } == "isOn")
    guard
      case .hitch(let hitch) = try parse(
        #"{"type":"hitch","start":1,"duration":2,"narrative":"n"}"#, with: &parser),
      case .hang(let hang) = try parse(
        #"{"type":"hang","start":1,"duration":2,"kind":"Hang"}"#, with: &parser),
      case .group(let group) = try parse(
        #"{"type":"group","start":1,"duration":2,"label":"T"}"#, with: &parser)
    else {
      Issue.record("hitch, hang or group not decoded")
      return
    }
    #expect(hitch.duration == 2 && hang.kind.map { parser.symbols[$0] } == "Hang" && group.id == nil)
  }

  @Test func unknownTypesAndKeysAreSkippedAndCounted() throws {
    var parser = JSONLinesParser()
    #expect(try parse(#"{"type":"futureThing","value":[1,{"deep":[[[]]]},1e999]}"#, with: &parser) == nil)
    _ = try parse(#"{"type":"frame","start":1,"deadline":2,"extra":{"a":1},"id":3}"#, with: &parser)
    #expect(parser.unknownTypes == ["futureThing": 1])
    #expect(parser.unknownKeys == 2)
  }

  @Test func blankLinesAreNotEvents() throws {
    #expect(try parse(" \t ").0 == nil)
    #expect(try parse("").0 == nil)
  }

  @Test(arguments: [
    (#"{"type":"update","id":1,"kind":"body","view":"V","start":1 "duration":2}"#, 60, "expected ',' or '}'"),
    (#"[1,2]"#, 1, "expected a JSON object"),
    (#"{"id":1}"#, 1, "missing required key \"type\""),
    (#"{"type":7}"#, 9, "\"type\" must be a string"),
    (#"{"type":"update","id":1,"kind":"body","view":"V","start":1}"#, 1, "missing required key \"duration\""),
    (
      #"{"type":"update","id":1,"kind":"body","view":"V","start":1,"duration":"2"}"#, 71, "must be an integer"
    ),
    (
      #"{"type":"update","id":1,"kind":"body","view":"V","start":1.5,"duration":2}"#, 58,
      "no fraction or exponent"
    ),
    (
      #"{"type":"update","id":1,"kind":"body","view":"V","start":1,"duration":1e6}"#, 71,
      "no fraction or exponent"
    ),
    (
      #"{"type":"update","id":1,"kind":"body","view":"V","start":99999999999999999999,"duration":1}"#, 58,
      "64-bit"
    ),
    (
      #"{"type":"update","id":1,"kind":"bogus","view":"V","start":1,"duration":1}"#, 32,
      "body, representable or other"
    ),
    (#"{"type":"update","id":1,"kind":"body","start":1,"duration":1}"#, 1, "\"view\""),
    (#"{"type":"update","id":-1,"kind":"other","start":1,"duration":1}"#, 23, "must not be negative"),
    (#"{"type":"update","id":1,"kind":"other","start":1,"duration":-5}"#, 61, "must not be negative"),
    (#"{"type":"update","id":1,"kind":"other","start":1,"duration":5,"skipped":"yes"}"#, 73, "true or false"),
    (
      #"{"type":"update","id":1,"kind":"other","start":1,"duration":5,"module":null}"#, 72, "must be a string"
    ),
    (#"{"type":"source","id":1,"kind":"button","label":"x"}"#, 32, "source \"kind\""),
    (#"{"type":"source","id":1,"kind":"state"}"#, 1, "\"label\""),
    (#"{"type":"source","id":1,"kind":"state","label":"x","backtrace":[1]}"#, 65, "array of strings"),
    (#"{"type":"frame","start":5,"deadline":5}"#, 38, "later than"),
    (#"{"type":"trace","version":2}"#, 27, "unsupported trace format version 2"),
    (#"{"type":"trace","version":1,"refreshRate":0}"#, 43, "from 0.001 to 1000000000"),
    (#"{"type":"trace","version":1,"refreshRate":3e9}"#, 43, "from 0.001 to 1000000000"),
    (#"{"type":"trace","version":1,"refreshRate":1e-10}"#, 43, "from 0.001 to 1000000000"),
    (#"{"type":"trace","version":1,"refreshRate":-60}"#, 43, "from 0.001 to 1000000000"),
    (#"{"type":"trace","version":1,"refreshRate":99999999999999999999}"#, 43, "from 0.001 to 1000000000"),
    (#"{"type":"trace","version":1,"refreshRate":"60"}"#, 43, "from 0.001 to 1000000000"),
    (#"{"type":"cause","from":1}"#, 1, "\"to\""),
    (#"{"type":"cause","from":-1,"to":2}"#, 24, "ids are non-negative"),
    (#"{"type":"cause","from":1,"to":-2}"#, 31, "ids are non-negative"),
    (#"{"type":"group","id":-1,"start":1,"duration":1}"#, 22, "ids are non-negative"),
    (
      #"{"type":"update","id":1,"kind":"other","start":1,"duration":1,"group":-3}"#, 71,
      "ids are non-negative"
    ),
    (
      #"{"type":"update","id":1,"kind":"other","label":"a\x","start":1,"duration":1}"#, 51,
      #"invalid escape '\x'"#
    ),
  ])
  func reportsEachErrorWithItsColumn(_ line: String, column: Int, message: String) {
    let error = error(line)
    #expect(error?.column == column, "\(line): \(String(describing: error))")
    #expect(error?.message.contains(message) == true, "\(String(describing: error?.message))")
  }

  @Test func invalidUTF8IsAnError() {
    var bytes = Array(#"{"type":"update","id":1,"kind":"body","view":"A"#.utf8) + [0xC3, 0x28]
    bytes += Array(#"","start":1,"duration":1}"#.utf8)
    let count = bytes.count
    bytes += [UInt8](repeating: 0, count: 16)
    var parser = JSONLinesParser()
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(LineError) -> TraceEvent? in try parser.parse(buffer.baseAddress!, count: count) }
    }
    guard case .failure(let error) = result else {
      Issue.record("accepted invalid UTF-8")
      return
    }
    #expect(error.message == "invalid UTF-8")
    #expect(error.column == 48)
  }

  @Test func duplicateIDsAcrossUpdatesAndSourcesAreErrors() {
    let first = #"{"type":"update","id":2,"kind":"other","start":1,"duration":1}"#
    let error = error(#"{"type":"source","id":2,"kind":"state","label":"x"}"#, after: [first])
    #expect(error?.message.contains("duplicate id 2") == true)
    #expect(error?.column == 23)
  }

  @Test func theHeaderMustComeFirst() {
    let header = #"{"type":"trace","version":1}"#
    #expect(error(header, after: ["", "   "]) == nil)
    #expect(error(header, after: [#"{"type":"other-type"}"#])?.message.contains("first line") == true)
    #expect(error(header, after: [header])?.message.contains("first line") == true)
  }
}
