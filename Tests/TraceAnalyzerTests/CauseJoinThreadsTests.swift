import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer
@testable import TraceModel

/// The cause join (and the export's flow join) runs on every thread a command has, each taking
/// a run of partitions: every output that rides on it must be the one thread's, byte for byte,
/// on random traces (dangling ids at either end, causes without a time, ranges) and on the story
/// fixtures.
@Suite(.tags(.slow), .notInQuickLoop)
struct CauseJoinThreadsTests {
  /// Every output of the commands whose read joins causes, for one way of reading.
  private func outputs(_ path: String, options: AnalysisOptions, budget: Budget) throws -> [String: String] {
    var outputs: [String: String] = [:]
    outputs["cause-graph"] = CauseGraphJSONRenderer.render(
      try TraceAnalysis.causeGraph(paths: [path], options: options))
    let diagnosis = try TraceAnalysis.diagnose(paths: [path], options: options)
    outputs["diagnose"] = FindingsJSONRenderer.render(diagnosis)
    outputs["diagnose text"] = FindingsRenderer.render(diagnosis)
    let check = try TraceAnalysis.check(paths: [path], budget: budget, options: options)
    #expect(check.reads == 1)
    outputs["check"] = CheckJSONRenderer.render(try check.evaluate())
    outputs["report"] = ReportRenderer.render(
      try TraceAnalysis.report(paths: [path], options: options).report)
    // The Perfetto export joins causes to their ends' places on the same threads.
    var bytes: [UInt8] = []
    let export = try TraceAnalysis.exportChrome(paths: [path], options: options) { chunk in
      bytes += chunk
      return true
    }
    outputs["export"] = String(decoding: bytes, as: UTF8.self) + "\n\(export.flows) flows"
    return outputs
  }

  /// A budget with a limit on the graph's largest edge, and every rule forbidden.
  private func budget(_ graph: CauseGraph) throws -> Budget {
    let edge = graph.edges.first.map {
      #"{"from": "\#(graph.nodes[$0.from].label)", "to": "\#(graph.nodes[$0.to].label)", "label": "\#($0.label)", "count": 1000000}"#
    }
    let text = """
      {"edges": [\(edge ?? "")],
       "findings": {"forbid": ["long-body", "blocking-update", "fan-out", "environment-churn", "update-loop",
                               "over-broad-input", "accumulation"]}}
      """
    return try BudgetParser.parse(Array(text.utf8), file: "budget.json")
  }

  /// Ways for the reader parts to resolve causes as they read them other than the commands'
  /// (``CauseGraphSink/EarlyCauses/Limits/init()``): not at all, and with tables so small that
  /// most ends are evicted and most `from` ids pending, past the limit of them.
  static let earlyLimits: [CauseGraphSink.EarlyCauses.Limits?] = [
    nil, CauseGraphSink.EarlyCauses.Limits(eventSlots: 16, sourceSlots: 4, pendingIDs: 3),
    CauseGraphSink.EarlyCauses.Limits(eventSlots: 64, sourceSlots: 1, pendingIDs: 0),
  ]

  /// Compares every output on 2, 3 and 8 threads with one thread's, for each partition count,
  /// and (with 4 partitions) one thread's whatever the parts resolve as they read.
  private func expectSameOnEveryThreadCount(_ path: String, range: TimeRange, _ what: String) throws {
    let budget = try budget(
      try TraceAnalysis.causeGraph(paths: [path], options: AnalysisOptions(range: range)))
    var graphs: [String] = []
    for partitions in [1, 4, 16] {
      var options = AnalysisOptions(range: range, threads: 1)
      options.causePartitions = partitions
      let one = try outputs(path, options: options, budget: budget)
      graphs.append(one["cause-graph"] ?? "")
      for limits in Self.earlyLimits where partitions == 4 {
        var early = options
        early.earlyCauses = limits
        let other = try outputs(path, options: early, budget: budget)
        for (name, text) in one.sorted(by: { $0.key < $1.key }) {
          #expect(
            other[name] == text,
            "\(what): \(name), \(partitions) partitions, early \(String(describing: limits))")
        }
      }
      for threads in [2, 3, 8] {
        options.threads = threads
        let many = try outputs(path, options: options, budget: budget)
        for (name, text) in one.sorted(by: { $0.key < $1.key }) {
          #expect(many[name] == text, "\(what): \(name), \(partitions) partitions, \(threads) threads")
        }
      }
    }
    #expect(Set(graphs).count == 1, "\(what): the graph depends on the partitions")
  }

  @Test(arguments: 1...6)
  func randomTracesGiveOneThreadsOutputsOnEveryThreadCount(seed: Int) throws {
    let trace = Self.randomTrace(seed: UInt64(seed))
    let file = try TemporaryFile(trace)
    defer { file.remove() }
    try expectSameOnEveryThreadCount(file.path, range: TimeRange(), "seed \(seed)")
    try expectSameOnEveryThreadCount(
      file.path, range: TimeRange(from: 20_000_000, to: 140_000_000), "seed \(seed), a range")
  }

  @Test func theStoriesGiveOneThreadsOutputsOnEveryThreadCount() throws {
    for name in Fixture.storyNames {
      try expectSameOnEveryThreadCount(Fixture.path("traces/\(name).jsonl"), range: TimeRange(), name)
    }
  }

  @Test func aRandomTraceHasWhatTheJoinMustHandle() throws {
    let file = try TemporaryFile(Self.randomTrace(seed: 1))
    defer { file.remove() }
    var options = AnalysisOptions(threads: 3)
    options.causePartitions = 16
    let graph = try TraceAnalysis.causeGraph(paths: [file.path], options: options)
    #expect(graph.dangling.count > 0)
    #expect(graph.nodes.contains { $0.kind == .unknown })
    #expect(Set(graph.edges.map(\.label)) == ["update", "creation", "layout"])
    #expect(graph.causes.counted > 1_000)
    let ranged = try TraceAnalysis.causeGraph(
      paths: [file.path],
      options: AnalysisOptions(range: TimeRange(from: 20_000_000, to: 140_000_000), threads: 3))
    #expect(ranged.causes.outOfRange > 0)
    #expect(ranged.causes.unplaced > 0)
  }

  /// A trace of sources, updates on the main thread and another, and causes between them: some
  /// with a time, some naming ids nothing defines, some into sources or from updates.
  static func randomTrace(seed: UInt64) -> String {
    var random = SplitMix(seed: seed)
    let views = ["Row", "List", "Header", "Cell", "Detail", "Badge", "Feed", "Card"]
    let modules = ["App", "Kit", "SwiftUI"]
    let sourceKinds = ["gesture", "state", "observable", "environment"]
    let sourceLabels = [
      "Gesture: Tap", "@State count", "@Observable Model.items", "EnvironmentWriter: scheme",
    ]
    let labels = ["update", "update", "update", "creation", "layout"]
    var lines = [#"{"type":"trace","version":1,"app":"Random","refreshRate":60,"start":0}"#]
    var ids: [Int64] = []
    var time: Int64 = 1_000
    for _ in 0..<3_000 {
      time += Int64(random.next() % 200_000)
      let id = Int64(ids.count * 3 + 1)
      ids.append(id)
      switch random.next() % 10 {
      case 0, 1:
        let kind = Int(random.next() % 4)
        lines.append(
          #"{"type":"source","id":\#(id),"kind":"\#(sourceKinds[kind])","label":"\#(sourceLabels[kind])","user":true"#
            + (random.next() % 5 == 0 ? "}" : #","time":\#(time)}"#))
      default:
        let view = views[Int(random.next() % UInt64(views.count))]
        let module = modules[Int(random.next() % UInt64(modules.count))]
        let duration =
          Int64(random.next() % 3) == 0 ? Int64(random.next() % 3_000_000) : Int64(random.next() % 400_000)
        let thread = random.next() % 6 == 0 ? #","thread":"worker""# : ""
        let skipped = random.next() % 9 == 0 ? #","skipped":true"# : ""
        lines.append(
          #"{"type":"update","id":\#(id),"kind":"body","view":"\#(view)","module":"\#(module)","start":\#(time),"duration":\#(duration)\#(thread)\#(skipped)}"#
        )
      }
      let causes = random.next() % 3
      for _ in 0..<causes where ids.count > 1 {
        var from = ids[Int(random.next() % UInt64(ids.count))]
        var to = ids[Int(random.next() % UInt64(ids.count))]
        if random.next() % 40 == 0 { from = 2 + 3 * Int64(random.next() % 500) }
        if random.next() % 40 == 0 { to = 2 + 3 * Int64(random.next() % 500) }
        let label = labels[Int(random.next() % UInt64(labels.count))]
        let timed = random.next() % 2 == 0 ? #","time":\#(time)"# : ""
        let changed = random.next() % 7 == 0 ? #","changed":"@self""# : ""
        lines.append(#"{"type":"cause","from":\#(from),"to":\#(to),"label":"\#(label)"\#(timed)\#(changed)}"#)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
