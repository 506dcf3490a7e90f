import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// Keeps every event read, with the reader's symbols.
private struct Keeper: TraceSink {
  var events: [TraceEvent] = []

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    events.append(event)
  }
}

struct JSONLinesWriterTests {
  private let symbols = SymbolTable()

  private func events() -> [TraceEvent] {
    let tricky = symbols.intern("Quote \" back\\slash / tab\t nl\n cr\r bell\u{07} nul\u{00} é 😀 \u{7F}")
    return [
      .frame(Frame(start: -5, deadline: 16_666_667)),
      .group(
        UpdateGroup(id: 1, start: 0, duration: 4_200_000, label: symbols.intern("Transaction for Gesture"))),
      .group(UpdateGroup(start: 3, duration: 0)),
      .update(
        Update(
          id: 100, kind: .body, view: symbols.intern("LandmarkListItemView"), label: tricky,
          module: symbols.intern("Landmarks"), start: .min, duration: .max,
          thread: symbols.intern("com.apple.render"),
          isMainThread: false, skipped: true, group: 1)),
      .update(Update(id: 101, kind: .other, start: 9, duration: 0)),
      .update(
        Update(
          id: 102, kind: .representable, view: symbols.intern("Map"), start: 1, duration: 2,
          thread: symbols.intern("main"))),
      .source(
        Source(
          id: 10, kind: .observable, label: tricky, owner: symbols.intern("Model"),
          property: symbols.intern("items"),
          user: true, time: 77, backtrace: ["a \"b\"", "c\\d", "é"])),
      .source(Source(id: 11, kind: .environmentWriter, label: symbols.intern("EnvironmentWriter: X"))),
      .cause(
        Cause(
          from: 10, to: 100, label: symbols.intern("creation"), time: 5, changed: tricky,
          valueType: symbols.intern("Bool"))),
      .cause(Cause(from: 11, to: 10, label: symbols.intern("update"))),
      .hitch(Hitch(start: 1, duration: 2, narrative: symbols.intern("Potentially expensive app update(s)"))),
      .hang(Hang(start: 3, duration: 4, kind: symbols.intern("Severe Hang"))),
      .hang(Hang(start: 3, duration: 4)),
    ]
  }

  @Test func linesHaveTheTraceFormatsKeysInAFixedOrder() {
    let update = Update(
      id: 1001, kind: .body, view: symbols.intern("ContentView"), module: symbols.intern("MyApp"),
      start: 1_234_567_000,
      duration: 2_430_000)
    #expect(
      JSONLinesWriter.line(for: .update(update), symbols: symbols)
        == #"{"type":"update","id":1001,"kind":"body","view":"ContentView","module":"MyApp","start":1234567000,"duration":2430000}"#
    )
    var writer = JSONLinesWriter()
    writer.append(
      TraceHeader(app: "A \"B\"", refreshRate: 59.94, start: 12, producer: "tracecli import xctrace"))
    writer.append(TraceHeader(refreshRate: 120))
    #expect(
      String(decoding: writer.bytes, as: UTF8.self) == """
        {"type":"trace","version":1,"app":"A \\"B\\"","refreshRate":59.94,"start":12,"producer":"tracecli import xctrace"}
        {"type":"trace","version":1,"refreshRate":120}

        """)
    #expect(
      JSONLinesWriter.line(
        for: .source(Source(id: 1, kind: .gesture, label: symbols.intern("t\u{01}"))), symbols: symbols)
        == #"{"type":"source","id":1,"kind":"gesture","label":"t\u0001"}"#)
  }

  @Test func whatItWritesReadsBackAsTheSameEvents() throws {
    let events = events()
    var writer = JSONLinesWriter()
    writer.append(TraceHeader(app: "App", refreshRate: 120, producer: "test"))
    for event in events { writer.append(event, symbols: symbols) }
    let file = try TemporaryFile(bytes: writer.bytes)
    defer { file.remove() }
    let reading = try JSONLinesReader.read(path: file.path, threads: 1) { Keeper() }
    let part = try #require(reading.parts.first)
    #expect(reading.header == TraceHeader(app: "App", refreshRate: 120, producer: "test"))
    let read = part.sink.events.filter {
      if case .header = $0 { return false }
      return true
    }
    #expect(read.count == events.count)
    // The `main` thread of update 102 reads back as the main thread without a name, as the
    // format says; everything else is identical.
    for (written, back) in zip(events, read) {
      #expect(
        JSONLinesWriter.line(for: written, symbols: symbols)
          == JSONLinesWriter.line(for: back, symbols: part.symbols))
    }
    #expect(reading.report.unknownKeys == 0)
  }

  @Test func manyEventsGrowTheBufferAndStayWholeLines() {
    var writer = JSONLinesWriter()
    let update = Update(
      id: 1, kind: .other, label: symbols.intern(String(repeating: "\"", count: 3000)), start: 0, duration: 1)
    for _ in 0..<100 { writer.append(update, symbols: symbols) }
    let text = String(decoding: writer.bytes, as: UTF8.self)
    #expect(text.split(separator: "\n").count == 100)
    #expect(
      writer.count == 100
        * (6000 + #"{"type":"update","id":1,"kind":"other","label":"","start":0,"duration":1}"#.utf8.count + 1)
    )
    writer.removeAll()
    #expect(writer.bytes.isEmpty)
  }
}
