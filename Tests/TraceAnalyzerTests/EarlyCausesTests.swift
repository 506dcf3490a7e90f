import TestSupport
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// Causes the reader parts resolve as they read them give the join's graph and resolved causes,
/// whatever the parts' tables keep, across parts too (a `from` an earlier part met is pending
/// until the join).
struct EarlyCausesTests {
  /// `lines` read as `count` consecutive parts, each alone as a reader thread reads its part.
  private func read(
    _ lines: [Substring], parts count: Int, limits: CauseGraphSink.EarlyCauses.Limits?, window: TraceWindow
  ) throws -> [TracePart<CauseGraphSink>] {
    var parts: [TracePart<CauseGraphSink>] = []
    var offset = 0
    for index in 0..<count {
      let chunk = lines[lines.count * index / count..<lines.count * (index + 1) / count]
      let file = try TemporaryFile(chunk.joined(separator: "\n") + "\n")
      defer { file.remove() }
      let reading = try TraceInput.read(paths: [file.path], name: "part", threads: 1) {
        CauseGraphSink(partitions: 4, window: window, bufferBytes: 4_096, resolving: true, early: limits)
      }
      parts.append(
        TracePart(sink: reading.parts[0].sink, symbols: reading.parts[0].symbols, lineOffset: offset))
      offset += chunk.count
    }
    return parts
  }

  /// The graph of `parts` joined, and each resolved cause as text (its ends, its edge's `from`
  /// and count, its target's figures), sorted: what no numbering of the join changes.
  private func joined(_ parts: [TracePart<CauseGraphSink>], threads: Int) -> (
    graph: CauseGraph, causes: [String]
  ) {
    let joined = CauseGraphBuilder.join(
      parts: parts, file: "t", range: TimeRange(), resolving: true, threads: threads)
    var causes: [String] = []
    if let resolved = joined.resolved {
      resolved.forEachBlock(records: 0..<resolved.count) { block in
        for cause in block {
          let edge = Int(cause.edge)
          causes.append(
            "\(joined.edgeSources[edge])→\(joined.position[Int(cause.to)]) ×\(joined.edgeCounts[edge]) "
              + "#\(cause.target) \(cause.start)+\(cause.duration) t\(cause.time) f\(cause.flags)")
        }
      }
    }
    return (joined.graph, causes.sorted())
  }

  @Test(arguments: 1...4)
  func partsResolvingAsTheyReadGiveTheJoinsGraphAndCauses(seed: Int) throws {
    let lines = CauseJoinThreadsTests.randomTrace(seed: UInt64(seed)).split(separator: "\n")
    for window in [TraceWindow(), TraceWindow(range: TimeRange(from: 20_000_000, to: 140_000_000), start: 0)]
    {
      let reference = joined(try read(lines, parts: 3, limits: nil, window: window), threads: 1)
      #expect(reference.causes.count > 500)
      for limits in [CauseGraphSink.EarlyCauses.Limits()] + CauseJoinThreadsTests.earlyLimits.dropFirst() {
        let parts = try read(lines, parts: 3, limits: limits, window: window)
        // Every way of resolving is taken: as read, pending, and by the join (past the limit).
        let early = parts.map { $0.sink.early.counts.counted }.reduce(0, +)
        #expect(early > 0 && early < reference.graph.causes.counted)
        #expect(parts.contains { !$0.sink.early.pendingIDs.isEmpty } || limits?.pendingIDs == 0)
        #expect(parts.contains { $0.sink.causes.count > 0 })
        for threads in [1, 3] {
          let got = joined(parts, threads: threads)
          #expect(got.graph == reference.graph, "\(String(describing: limits)), \(threads) threads")
          #expect(got.causes == reference.causes, "\(String(describing: limits)), \(threads) threads")
        }
      }
    }
  }

  /// A trace over 16 MB (read in two parts): sources met long before their causes, updates
  /// caused by recent updates, by long-gone ones and by ones still to come, ids nothing defines.
  @Test(.tags(.slow), .notInQuickLoop)
  func twoReaderPartsGiveWhatTheJoinAloneGives() throws {
    var random = SplitMix(seed: 11)
    var lines = [#"{"type":"trace","version":1,"app":"Parts","refreshRate":60,"start":0}"#]
    for id in 0..<40 {
      lines.append(
        #"{"type":"source","id":\#(id),"kind":"\#(id % 2 == 0 ? "state" : "environment")","label":"S\#(id)","user":true,"time":\#(id)}"#
      )
    }
    let updates = 160_000
    for id in 100..<(100 + updates) {
      let view = "V\(random.next() % 300)"
      lines.append(
        #"{"type":"update","id":\#(id),"kind":"body","view":"\#(view)","module":"M","start":\#(id * 100_000),"duration":\#(random.next() % 900_000)}"#
      )
      let from: Int
      switch random.next() % 10 {
      case 0: from = id - 1 - Int(random.next() % 50)
      case 1: from = 100 + Int(random.next() % UInt64(id - 99))
      case 2: from = 5_000_000 + Int(random.next() % 100)
      default: from = Int(random.next() % 40)
      }
      let to = random.next() % 50 == 0 ? id + 1 + Int(random.next() % 20) : id
      lines.append(#"{"type":"cause","from":\#(from),"to":\#(to),"label":"update","time":\#(id * 100_000)}"#)
    }
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    func outputs(_ limits: CauseGraphSink.EarlyCauses.Limits?) throws -> [String] {
      var options = AnalysisOptions(threads: 2)
      options.earlyCauses = limits
      let graph = try TraceAnalysis.causeGraph(paths: [file.path], options: options)
      let diagnosis = try TraceAnalysis.diagnose(paths: [file.path], options: options)
      return [CauseGraphJSONRenderer.render(graph), FindingsJSONRenderer.render(diagnosis)]
    }
    let reference = try outputs(nil)
    #expect(reference[0].contains("unknown #5000"))
    #expect(reference[1].contains("update-loop"))
    for limits in [CauseGraphSink.EarlyCauses.Limits()] + CauseJoinThreadsTests.earlyLimits.dropFirst() {
      #expect(try outputs(limits) == reference, "\(String(describing: limits))")
    }
  }

  @Test func aSourceAnEarlierPartMetIsPendingUntilTheJoin() throws {
    let lines: [Substring] = [
      #"{"type":"source","id":0,"kind":"gesture","label":"Tap","time":0}"#,
      #"{"type":"source","id":1,"kind":"state","label":"@State n","time":5}"#,
      #"{"type":"update","id":10,"kind":"body","view":"Row","module":"App","start":10,"duration":1000}"#,
      #"{"type":"cause","from":0,"to":10}"#,
      #"{"type":"cause","from":1,"to":10}"#,
      #"{"type":"update","id":11,"kind":"body","view":"Row","module":"App","start":20,"duration":1000}"#,
      #"{"type":"cause","from":0,"to":11}"#,
      #"{"type":"cause","from":99,"to":11}"#,
      #"{"type":"cause","from":99,"to":10}"#,
    ]
    let whole = try read(lines, parts: 1, limits: CauseGraphSink.EarlyCauses.Limits(), window: TraceWindow())
    #expect(whole[0].sink.early.pendingIDs == [99])
    // The sources in a part of their own, then the rest.
    var split: [TracePart<CauseGraphSink>] = []
    for (chunk, offset) in [(Array(lines.prefix(2)), 0), (Array(lines.dropFirst(2)), 2)] {
      let part = try read(
        chunk, parts: 1, limits: CauseGraphSink.EarlyCauses.Limits(), window: TraceWindow())[0]
      split.append(TracePart(sink: part.sink, symbols: part.symbols, lineOffset: offset))
    }
    let second = split[1].sink
    #expect(second.early.pendingIDs == [0, 1, 99])
    #expect(second.early.pendingCauses == [2, 1, 2])
    #expect(second.causes.count == 0)
    let graph = joined(split, threads: 1).graph
    let edges = graph.edges.map { "\(graph.nodes[$0.from].label) → \(graph.nodes[$0.to].label) ×\($0.count)" }
    #expect(edges == ["Tap → Row.body ×2", "unknown #99 → Row.body ×2", "@State n → Row.body ×1"])
    #expect(graph.dangling.count == 2)
    #expect(graph.dangling.lines == [8, 9])
    #expect(graph == joined(try read(lines, parts: 1, limits: nil, window: TraceWindow()), threads: 1).graph)
    #expect(graph == joined(whole, threads: 1).graph)
  }
}
