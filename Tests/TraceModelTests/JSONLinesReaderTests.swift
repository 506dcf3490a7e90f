import Foundation
import TestSupport
import Testing

@testable import TraceModel

struct JSONLinesReaderTests {
  private let update = #"{"type":"update","id":ID,"kind":"other","label":"L","start":10,"duration":5}"#

  private func read(_ text: String, threads: Int = 1) throws -> TraceReading<CountingSink> {
    let file = try TemporaryFile(text)
    defer { file.remove() }
    return try JSONLinesReader.read(path: file.path, threads: threads) { CountingSink() }
  }

  @Test func crlfAndBlankLinesAndLineNumbers() throws {
    let text =
      "\r\n" + update.replacingOccurrences(of: "ID", with: "1") + "\r\n \t\n"
      + update.replacingOccurrences(of: "ID", with: "2") + "\n"
    let reading = try read(text)
    let sink = try #require(reading.parts.first?.sink)
    #expect(sink.events.count == 2)
    #expect(sink.lines == [2, 4])
    #expect(reading.report.lines == 4)
  }

  @Test func aTruncatedLastLineIsAWarning() throws {
    let text = update.replacingOccurrences(of: "ID", with: "1") + "\n" + #"{"type":"update","id":2,"ki"#
    let reading = try read(text)
    #expect(reading.parts.first?.sink.events.count == 1)
    #expect(reading.report.warnings.count == 1)
    #expect(reading.report.warnings.first?.line == 2)
  }

  @Test func aLastLineWithoutLineEndThatParsesIsAnEvent() throws {
    let reading = try read(update.replacingOccurrences(of: "ID", with: "1"))
    #expect(reading.parts.first?.sink.events.count == 1)
    #expect(reading.report.warnings.isEmpty)
  }

  @Test func aSemanticErrorOnTheLastLineIsStillAnError() throws {
    let text = #"{"type":"update","id":1,"kind":"other","start":1,"duration":-1}"#
    #expect(throws: TraceReadError.self) { try read(text) }
  }

  @Test(arguments: ["[1,2]", "7", "\"update\"", "null"])
  func aLastLineThatParsesButIsNotAnObjectIsAnError(_ tail: String) throws {
    let text = update.replacingOccurrences(of: "ID", with: "1") + "\n" + tail
    do {
      _ = try read(text)
      Issue.record("accepted \(tail) as a truncated tail")
    } catch let TraceReadError.badData(error) {
      #expect(error.line == 2 && error.column == 1)
      #expect(error.message.contains("expected a JSON object"))
    }
  }

  @Test func errorsCarryFileLineAndColumn() throws {
    let file = try TemporaryFile("\n\n{\"type\":\"frame\",\"start\":1,\"deadline\":0}\n", name: "bad.jsonl")
    defer { file.remove() }
    do {
      _ = try JSONLinesReader.read(path: file.path, name: "bad.jsonl", threads: 1) { CountingSink() }
      Issue.record("accepted a bad deadline")
    } catch .badData(let error) {
      #expect(error.description == "bad.jsonl:3:38: \"deadline\" must be later than \"start\"")
    } catch {
      Issue.record("wrong error \(error)")
    }
  }

  @Test func aMissingFileIsNoInput() {
    #expect(throws: TraceReadError.noInput(path: "/nonexistent/t.jsonl", reason: "no such file")) {
      try JSONLinesReader.read(path: "/nonexistent/t.jsonl") { CountingSink() }
    }
  }

  @Test func linesLongerThanTheReadBufferAreRead() throws {
    let long = String(repeating: "x", count: 9 << 20)
    let text = #"{"type":"update","id":1,"kind":"other","label":"\#(long)","start":1,"duration":1}"# + "\n"
    let reading = try read(text)
    #expect(reading.parts.first?.sink.events.count == 1)
  }

  @Test func twoThreadsReadWhatOneThreadReads() throws {
    // Larger than the parallel threshold, so the file is split.
    var text = ""
    var id = 0
    while text.utf8.count < 17 << 20 {
      id += 1
      text += update.replacingOccurrences(of: "ID", with: String(id)) + "\n"
    }
    text += #"{"type":"mystery"}"# + "\n"
    let one = try read(text, threads: 1)
    let two = try read(text, threads: 2)
    #expect(two.parts.count == 2)
    #expect(two.parts.map(\.sink.events.count).reduce(0, +) == id)
    #expect(one.parts[0].sink.events.count == id)
    #expect(two.report.lines == one.report.lines)
    #expect(two.report.unknownTypes == ["mystery": 1])
    let lastLine = two.parts[1].lineOffset + (two.parts[1].sink.lines.last ?? 0)
    #expect(lastLine == id)
  }

  @Test func aDuplicateIDAcrossThreadPartsIsFoundAtItsLine() throws {
    var text = ""
    var id = 0
    while text.utf8.count < 17 << 20 {
      id += 1
      text += update.replacingOccurrences(of: "ID", with: String(id)) + "\n"
    }
    text += update.replacingOccurrences(of: "ID", with: "1") + "\n"
    do {
      _ = try read(text, threads: 2)
      Issue.record("duplicate id accepted")
    } catch let error as TraceReadError {
      guard case .badData(let parseError) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(parseError.line == id + 1)
      #expect(parseError.message.contains("duplicate id 1"))
    }
  }

  @Test func theHeaderIsReadFromTheFirstNonBlankLine() throws {
    let file = try TemporaryFile("\n" + #"{"type":"trace","version":1,"start":42,"refreshRate":120}"# + "\n")
    defer { file.remove() }
    let header = JSONLinesReader.header(path: file.path)
    #expect(header?.start == 42)
    #expect(header.map { TraceHeader.budget(refreshRate: $0.refreshRate ?? 0) } == 8_333_333)
  }

  /// Collects the intervals and the lines they are on; `Filtered` asks for the lines that
  /// mention `interval` only.
  private struct Intervals: TraceSink {
    var found: [String] = []

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
      if case .interval(let interval) = event {
        found.append("\(line): \(symbols[interval.name]) \(interval.start)")
      }
    }
  }

  private struct FilteredIntervals: TraceSink {
    static var requiredBytes: StaticString? { "interval" }
    var inner = Intervals()

    mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
      inner.consume(event, line: line, symbols: symbols)
    }
  }

  @Test(arguments: [1, 3])
  func aReadForIntervalsPassesOverOtherLinesAndKeepsTheirNumbers(threads: Int) throws {
    var lines = [#"{"type":"trace","version":1}"#]
    for index in 0..<40_000 {
      lines.append(update.replacingOccurrences(of: "ID", with: String(index + 1)))
      if index % 997 == 0 {
        lines.append(#"{"type":"interval","name":"I\#(index)","start":\#(index),"duration":5}"#)
      }
      if index % 4_001 == 0 {  // an escaped type: the escape keeps the line
        lines.append(#"{"type":"\u0069nterval","name":"E\#(index)","start":\#(index),"duration":5}"#)
      }
      if index % 7_919 == 0 {  // the word elsewhere: parsed, not an interval
        lines.append(#"{"type":"hang","start":\#(index),"duration":5,"kind":"interval"}"#)
      }
    }
    let text =
      lines.joined(separator: "\n") + "\n" + #"{"type":"interval","name":"Last","start":1,"duration":2}"#
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let all = try JSONLinesReader.read(path: file.path, threads: threads) { Intervals() }
    let filtered = try JSONLinesReader.read(path: file.path, threads: threads) { FilteredIntervals() }
    let expected = all.parts.flatMap(\.sink.found)
    #expect(expected.count == 41 + 10 + 1)
    #expect(filtered.parts.flatMap(\.sink.inner.found) == expected)
    #expect(filtered.report.lines == all.report.lines)
    #expect(JSONLinesReader.mayHold("interval", Array("xx interval".utf8), count: 11))
    #expect(!JSONLinesReader.mayHold("interval", Array("xx intervaL".utf8), count: 11))
    #expect(!JSONLinesReader.mayHold("interval", Array("interva".utf8), count: 7))
  }
}
