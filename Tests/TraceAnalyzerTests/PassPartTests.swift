import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer
import TraceModel

/// What a pass's parts see of the read: every event but causes, and causes too when a part asks.
struct PassPartTests {
  /// Counts the events its parts take, by type.
  private struct CountingPass<Flag: CauseFlag>: Pass {
    struct Part: PassPart {
      var updates = 0
      var causes = 0
      var sources = 0

      static var takesCauses: Bool { Flag.value }

      mutating func consumeUpdate(_ update: Update, group: Int?, symbols: SymbolTable) { updates += 1 }

      mutating func consume(_ event: TraceEvent, symbols: SymbolTable) {
        switch event {
        case .cause: causes += 1
        case .source: sources += 1
        default: break
        }
      }
    }

    var graph: GraphNeed { .graph }

    func makePart(_ context: PartContext) -> Part { Part() }

    func finish(_ read: FinishedRead<Part>) -> (updates: Int, causes: Int, sources: Int) {
      read.parts.reduce((0, 0, 0)) { ($0.0 + $1.pass.updates, $0.1 + $1.pass.causes, $0.2 + $1.pass.sources) }
    }
  }

  private protocol CauseFlag: Sendable { static var value: Bool { get } }
  private enum Takes: CauseFlag { static let value = true }
  private enum Skips: CauseFlag { static let value = false }

  private let lines = [
    #"{"type":"trace","version":1,"app":"App","refreshRate":60}"#,
    #"{"type":"source","id":1,"kind":"state","label":"@State a","time":0}"#,
    #"{"type":"cause","from":1,"to":2,"label":"update"}"#,
    #"{"type":"update","id":2,"kind":"body","view":"A","module":"App","start":0,"duration":1000}"#,
    #"{"type":"cause","from":1,"to":3,"label":"update"}"#,
    #"{"type":"update","id":3,"kind":"body","view":"B","module":"App","start":2000,"duration":1000}"#,
  ]

  @Test func aPartTakesCausesOnlyWhenItAsks() throws {
    let trace = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { trace.remove() }
    let run = try TraceRun(paths: [trace.path])
    let skips = try run.read(CountingPass<Skips>()).output
    #expect(skips == (updates: 2, causes: 0, sources: 1))
    let takes = try run.read(CountingPass<Takes>()).output
    #expect(takes == (updates: 2, causes: 2, sources: 1))
    // A pair asks when either half does.
    let pair = try run.read(PassPair(CountingPass<Skips>(), CountingPass<Takes>())).output
    #expect(pair.0 == (updates: 2, causes: 0, sources: 1) && pair.1 == (updates: 2, causes: 2, sources: 1))
    #expect(PassPair<CountingPass<Skips>, CountingPass<Takes>>.Part.takesCauses)
    #expect(!PassPair<CountingPass<Skips>, CountingPass<Skips>>.Part.takesCauses)
    #expect(OptionalPass<CountingPass<Takes>>.Part.takesCauses)
  }
}
