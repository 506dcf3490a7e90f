import Testing
import TraceModel

/// Keeps every event it receives.
struct EventCollector: TraceSink {
  var events: [TraceEvent] = []

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    events.append(event)
  }

  /// The events of a trace (read as one part), its symbols and header.
  static func read(_ paths: [String]) throws -> ([TraceEvent], SymbolTable, TraceHeader?) {
    let reading = try TraceInput.read(paths: paths, threads: 1) { EventCollector() }
    let part = try #require(reading.parts.first)
    #expect(reading.parts.count == 1)
    return (part.sink.events, part.symbols, reading.header)
  }
}
