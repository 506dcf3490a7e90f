import Foundation
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// The speedscope file of samples read in several parts: a thread's samples come together from
/// every part, in time order, whatever number each part gave the thread.
struct SpeedscopeExportTests {
  /// A part that sees `samples` (thread name or nil for main, time, stack ids) and symbol 1.
  private func part(_ samples: [(thread: String?, time: Int64, stack: [Int64])], lineOffset: Int)
    -> TracePart<SpeedscopeSink>
  {
    let symbols = SymbolTable()
    var sink = SpeedscopeSink()
    for (line, sample) in samples.enumerated() {
      let thread = sample.thread.map { symbols.intern($0) }
      sink.consume(
        .sample(
          Sample(
            time: sample.time, weight: 10, thread: thread, isMainThread: sample.thread == nil,
            stack: sample.stack)),
        line: line + 1, symbols: symbols)
    }
    sink.consume(
      .symbol(CodeSymbol(id: 1, name: symbols.intern("work"), binary: symbols.intern("App"), user: true)),
      line: samples.count + 1, symbols: symbols)
    return TracePart(sink: sink, symbols: symbols, lineOffset: lineOffset)
  }

  @Test func aThreadsSamplesComeFromEveryPartInTimeOrder() throws {
    // The file is out of order: the second part holds earlier samples of `b`, and numbers its
    // threads the other way round.
    let first = part([("a", 100, [1]), ("b", 300, [1]), (nil, 50, [1]), ("b", 500, [])], lineOffset: 0)
    let second = part([("b", 200, []), ("a", 150, [1]), ("b", 400, [1]), ("b", 300, [7])], lineOffset: 5)
    let reading = TraceReading(parts: [first, second], header: nil, report: TraceReadReport())
    var bytes: [UInt8] = []
    var export = SpeedscopeExport(reading: reading) { chunk in
      bytes += chunk
      return true
    }
    let result = export.write(name: "parts.jsonl", exporter: "tracecli@test")
    #expect(result.profiles == 3 && result.events == 8)
    #expect(result.dangling == [Profile.DanglingSymbol(id: 7, samples: 1, line: 9)])
    let file = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let frames = try #require((file["shared"] as? [String: Any])?["frames"] as? [[String: Any]])
    let names = frames.map { $0["name"] as? String ?? "" }
    let profiles = try #require(file["profiles"] as? [[String: Any]])
    #expect(profiles.map { $0["name"] as? String } == ["main", "a", "b"])
    let b = try #require(profiles.last)
    let stacks = try #require(b["samples"] as? [[Int]])
    // b at 200 (empty), 300 (work), 300 (unknown #7), 400 (work), 500 (empty).
    #expect(
      stacks.map { $0.map { names[$0] } }
        == [["(no frames)"], ["work"], ["unknown #7"], ["work"], ["(no frames)"]])
    #expect(b["startValue"] as? Int64 == 200 && b["endValue"] as? Int64 == 510)
    #expect((b["weights"] as? [Int64]) == [10, 10, 10, 10, 10])
  }
}
