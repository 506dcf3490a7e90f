import Foundation
import TestSupport
import Testing

@testable import TraceModel

/// nst/JSONTestSuite at both levels: the scanner on each file as one document, and the trace
/// reader on a line `{"type":"conformance","value":<file>}` (an unknown event type).
struct JSONTestSuiteTests {
  private static let directory = Fixture.path("conformance/JSONTestSuite")

  private static var cases: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  @Test func theSuiteIsThere() {
    #expect(Self.cases.count == 318)
  }

  @Test(arguments: cases)
  func scannerAcceptsYAndRejectsN(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.directory)/\(name)")))
    let result = Result { try JSONScanner.validate(bytes) }
    switch name.first {
    case "y": #expect(throws: Never.self, "\(name) must be accepted") { try result.get() }
    case "n":
      #expect(throws: JSONScanError.self, "\(name) must be rejected") { try result.get() }
      if case .failure(let error as JSONScanError) = result {
        #expect(error.offset >= 0 && error.offset <= bytes.count)
      }
    default: break  // i_: either way, as long as nothing crashes
    }
  }

  @Test(arguments: cases)
  func readerSkipsYAndRejectsNWithALocation(_ name: String) throws {
    var value = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.directory)/\(name)")))
    if name.hasPrefix("y_") {
      // Newlines are whitespace in JSON but end a JSON Lines record: use spaces.
      value = value.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }
    let line = Array(#"{"type":"conformance","value":"#.utf8) + value + Array("}\n".utf8)
    let file = try TemporaryFile(bytes: line)
    defer { file.remove() }
    let result = Result { try JSONLinesReader.read(path: file.path, threads: 1) { CountingSink() } }
    switch name.first {
    case "y":
      let reading = try result.get()
      #expect(reading.report.unknownTypes["conformance"] == 1, "\(name)")
    case "n":
      guard case .failure(let error) = result, case .badData(let parseError)? = error as? TraceReadError
      else {
        Issue.record("\(name) must be rejected")
        return
      }
      #expect(parseError.line >= 1)
      #expect(parseError.column != nil)
    default:
      _ = result
    }
  }
}

/// Counts events; enough for reader tests.
struct CountingSink: TraceSink {
  var events: [TraceEvent] = []
  var lines: [Int] = []

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    events.append(event)
    lines.append(line)
  }
}
