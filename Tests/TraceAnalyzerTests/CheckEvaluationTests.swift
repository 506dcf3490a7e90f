import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// Checking traces against budgets: exact limits pass, one below fails, names never slip.
struct CheckEvaluationTests {
  private func check(_ text: String, trace: String) throws -> CheckResult {
    let budget = try BudgetParser.parse(Array(text.utf8), file: "b.json")
    let options = budget.applying(to: AnalysisOptions())
    let measured = try TraceAnalysis.measure(
      paths: [Fixture.path("traces/\(trace).jsonl")], for: budget, options: options)
    return try BudgetCheck.evaluate(budget, on: measured)
  }

  /// One limit per view, kind, trace and frame figure, and per edge, each set to `value(measured)`.
  private func budgetText(trace: String, value: (Int64) -> Int64) throws -> (text: String, limits: Int) {
    let path = Fixture.path("traces/\(trace).jsonl")
    let measured = try TraceAnalysis.measure(
      paths: [path], options: AnalysisOptions(), kindPercentiles: true, edges: true)
    let summary = measured.summary
    var entries: [String] = []
    var count = 0
    func figures(_ statistics: ViewStatistics, p50: Int64, p95: Int64) -> String {
      let pairs: [(String, Int64)] = [
        ("count", Int64(statistics.count)), ("orange", Int64(statistics.orange)),
        ("red", Int64(statistics.red)),
        ("skipped", Int64(statistics.skipped)), ("unfinished", Int64(statistics.unfinished)), ("p50", p50),
        ("p95", p95), ("max", statistics.maxNs), ("total", statistics.totalNs),
      ]
      count += pairs.count
      return pairs.map { "\"\($0.0)\": \(value($0.1))" }.joined(separator: ", ")
    }
    var views: [String] = []
    for view in summary.views {
      let name = JSONWriter.quoted(view.key.qualifiedName)
      views.append(
        "{\"view\": \(name), \"kind\": \"\(view.key.kind)\", "
          + figures(view.statistics, p50: view.statistics.p50Ns, p95: view.statistics.p95Ns) + "}")
    }
    entries.append("\"views\": [\n  " + views.joined(separator: ",\n  ") + "]")
    let kinds = try #require(measured.kindPercentiles)
    entries.append(
      "\"kinds\": {"
        + UpdateKind.allCases.map { kind in
          "\"\(kind)\": {" + figures(summary[kind], p50: kinds[kind].p50Ns, p95: kinds[kind].p95Ns) + "}"
        }.joined(separator: ", ") + "}")
    entries.append(
      "\"trace\": {" + figures(summary.total, p50: kinds.total.p50Ns, p95: kinds.total.p95Ns) + "}")
    let frames = summary.frames
    entries.append(
      "\"frames\": {\"missed\": \(value(Int64(frames.missed))), \"missedByLongUpdate\": \(value(Int64(frames.missedByLongUpdate))), "
        + "\"missedByAccumulation\": \(value(Int64(frames.missedByAccumulation))), \"worstOverrun\": \(value(frames.worstOverrunNs))}"
    )
    count += 4
    let edges = try #require(measured.edges)
    let edgeEntries = edges.counts.sorted { $0.key < $1.key }.map { key, edgeCount in
      "{\"from\": \(JSONWriter.quoted(key.from)), \"to\": \(JSONWriter.quoted(key.to)), "
        + "\"label\": \(JSONWriter.quoted(key.label)), \"count\": \(value(Int64(edgeCount)))}"
    }
    count += edgeEntries.count
    entries.append("\"edges\": [\n  " + edgeEntries.joined(separator: ",\n  ") + "]")
    return ("{\n" + entries.joined(separator: ",\n") + "\n}\n", count)
  }

  @Test(arguments: [
    "landmarks-before", "favorites-before", "many-small-updates", "environment-churn", "update-loop",
  ])
  func limitsAtExactlyTheMeasuredValuesPass(_ trace: String) throws {
    let (text, limits) = try budgetText(trace: trace) { $0 }
    let result = try check(text, trace: trace)
    #expect(result.passed)
    #expect(result.results.count == limits)
    #expect(result.results.allSatisfy { $0.value == $0.limit.max })
  }

  @Test(arguments: ["landmarks-before", "favorites-before", "many-small-updates", "environment-churn"])
  func limitsOneBelowTheMeasuredValuesFailNamingSubjectAndBothNumbers(_ trace: String) throws {
    let (text, _) = try budgetText(trace: trace) { max(0, $0 - 1) }
    let result = try check(text, trace: trace)
    #expect(!result.passed)
    for entry in result.results {
      #expect(entry.passed == (entry.value == 0), "\(entry.subject) \(entry.limit.measure)")
      if !entry.passed { #expect(entry.limit.max == entry.value - 1) }
    }
    let subjects = Set(result.violations.map(\.subject))
    if trace == "favorites-before" {
      #expect(subjects.contains("Landmarks.LandmarkListItemView (body)"))
      #expect(
        subjects.contains("@Observable LandmarkCollection.landmarks → LandmarkListItemView.body (update)"))
    }
  }

  @Test func story1PassesAfterTheFixAndFailsBefore() throws {
    let budget = String(decoding: try Fixture.data("budgets/landmarks.json"), as: UTF8.self)
    #expect(try check(budget, trace: "landmarks-after").passed)
    let before = try check(budget, trace: "landmarks-before")
    #expect(
      before.violations.map { "\($0.subject) \($0.limit.measure) \($0.value) > \($0.limit.max)" } == [
        "Landmarks.LandmarkListItemView (body) red 116 > 0",
        "Landmarks.LandmarkListItemView (body) orange 96 > 0",
        "Landmarks.LandmarkListItemView (body) p95 2220252 > 400000",
        "frames missed 6 > 0",
      ])
  }

  @Test func story2EdgeCountFallsToTwo() throws {
    let budget = String(decoding: try Fixture.data("budgets/favorites.json"), as: UTF8.self)
    let after = try check(budget, trace: "favorites-after")
    #expect(after.passed)
    #expect(after.results.map(\.value) == [2, 2])
    let before = try check(budget, trace: "favorites-before")
    #expect(before.violations.map(\.value) == [80, 80])
    #expect(before.violations[0].subject == "* → LandmarkListItemView.body (update)")
    #expect(before.violations[0].limit.name == "one tap updates one row")
    // The brief's own example: at most 2 updates of the row from the collection.
    let example = try check(
      #"{"edges": [{"from": "@Observable LandmarkCollection.landmarks", "to": "LandmarkListItemView.body", "count": 2}]}"#,
      trace: "favorites-before")
    #expect(example.violations.first?.value == 80)
    #expect(
      example.violations.first?.limit.name
        == "at most 2 causes of LandmarkListItemView.body from @Observable LandmarkCollection.landmarks")
  }

  @Test func qualifiedNodeNamesResolve() throws {
    let result = try check(
      #"{"edges": [{"from": "Gesture: Tap", "to": "Landmarks.LandmarkListItemView.body", "count": 0}]}"#,
      trace: "minimal")
    #expect(result.results.first?.value == 0)
  }

  @Test(arguments: [
    (
      #"{"views": [{"view": "LandmarkListItemVeiw", "red": 0}]}"#, 1, 21,
      #"no view "LandmarkListItemVeiw" in the trace; did you mean"#
    ),
    (
      #"{"views": [{"view": "LandmarkList", "kind": "other", "red": 0}]}"#, 1, 21,
      "has no other updates in the trace (it has body)"
    ),
    (#"{"views": {"Nope": {"red": 0}}}"#, 1, 12, #"no view "Nope""#),
    (
      #"{"edges": [{"from": "Gesture: Tapp", "count": 1}]}"#, 1, 21,
      #"no node "Gesture: Tapp" in the trace's cause graph; did you mean "Gesture: Tap""#
    ),
    (#"{"edges": [{"from": "Gesture: Tap", "to": "Row.body", "count": 1}]}"#, 1, 43, #"no node "Row.body""#),
  ])
  func namesThatTheTraceLacksAreErrors(text: String, line: Int, column: Int, message: String) {
    do {
      let result = try check(text, trace: "minimal")
      Issue.record("accepted: \(result.results.count) results")
    } catch let error as BudgetError {
      #expect(error.location?.line == line, "\(error)")
      #expect(error.location?.column == column, "\(error)")
      #expect(error.message.contains(message), "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func edgeLimitsWithoutACauseGraphFailRatherThanPass() throws {
    let budget = try BudgetParser.parse(
      Array(#"{"edges": [{"to": "LandmarkList.body", "count": 9}]}"#.utf8), file: "b.json")
    let summary = try TraceAnalysis.summarize(path: Fixture.path("traces/minimal.jsonl"))
    #expect(throws: BudgetError.self) {
      try BudgetCheck.evaluate(budget, on: CheckMeasurements(summary: summary))
    }
  }

  @Test func wildcardsGiveAResultPerViewAndZeroWithoutViews() throws {
    let result = try check(
      #"{"views": [{"view": "*", "red": 0}, {"view": "*", "kind": "representable", "count": 0}]}"#,
      trace: "minimal")
    #expect(
      result.results.map { "\($0.subject)=\($0.value)" } == [
        "Landmarks.ContentView (body)=0", "Landmarks.LandmarkList (body)=0",
        "Landmarks.LandmarkListItemView (body)=1", "SwiftUI.ScrollView (other)=0",
        "every view (representable)=0",
      ])
  }

  @Test func theBudgetsRangeAndThresholdsApply() throws {
    let all = try check(#"{"trace": {"count": 10000}}"#, trace: "landmarks-before")
    let ranged = try check(
      #"{"range": {"from": "0.5s", "to": "1s"}, "trace": {"count": 10000}}"#, trace: "landmarks-before")
    #expect(ranged.results[0].value < all.results[0].value && ranged.results[0].value > 0)
    let strict = try check(
      #"{"thresholds": {"orange": "100us", "red": "200us"}, "trace": {"red": 0}}"#, trace: "landmarks-before")
    let normal = try check(#"{"trace": {"red": 0}}"#, trace: "landmarks-before")
    #expect(strict.results[0].value > normal.results[0].value)
  }

  /// Percentiles over a kind and the whole trace, against a plain reading of the trace.
  @Test(arguments: ["landmarks-before", "many-small-updates", "dog-inputs", "slow-init"])
  func kindPercentilesMatchAPlainComputation(_ trace: String) throws {
    let data = try Fixture.data("traces/\(trace).jsonl")
    var durations: [String: [Int64]] = [:]
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        object["type"] as? String == "update", let kind = object["kind"] as? String,
        let duration = (object["duration"] as? NSNumber)?.int64Value, duration < 3_600_000_000_000
      else { continue }
      durations[kind, default: []].append(duration)
      durations["*", default: []].append(duration)
    }
    func rank(_ values: [Int64], _ p: Int) -> Int64 {
      guard !values.isEmpty else { return 0 }
      let sorted = values.sorted()
      return sorted[(p * sorted.count + 99) / 100 - 1]
    }
    let measured = try TraceAnalysis.measure(
      paths: [Fixture.path("traces/\(trace).jsonl")], kindPercentiles: true, edges: false)
    let kinds = try #require(measured.kindPercentiles)
    for kind in UpdateKind.allCases {
      let values = durations[kind.description] ?? []
      #expect(
        kinds[kind] == KindPercentiles.Pair(p50Ns: rank(values, 50), p95Ns: rank(values, 95)), "\(kind)")
    }
    let all = durations["*"] ?? []
    #expect(kinds.total == KindPercentiles.Pair(p50Ns: rank(all, 50), p95Ns: rank(all, 95)))
  }
}

/// A check reads its trace once, whatever its budget needs.
struct CheckReadsOnceTests {
  private static let budgetText = """
    {
      "trace": { "red": 100, "orange": 200, "p95": "50ms" },
      "kinds": { "body": { "p50": "10ms" } },
      "edges": [ { "to": "LandmarkListItemView.body", "label": "update", "count": 1000 } ],
      "findings": { "minRed": 2 }
    }
    """

  @Test(arguments: ["landmarks-before", "favorites-before", "update-loop", "many-small-updates"])
  func aBudgetWithEdgesPercentilesAndForbiddenFindingsTakesOneRead(_ trace: String) throws {
    var budget = try BudgetParser.parse(Array(Self.budgetText.utf8), file: "b.json")
    budget.limits.append(BudgetLimit(scope: .finding(.updateLoop), measure: .finding, max: 0))
    let path = Fixture.path("traces/\(trace).jsonl")
    let options = budget.applying(to: AnalysisOptions())
    let run = try TraceAnalysis.check(paths: [path], budget: budget, options: options, tighteningMargin: 10)
    #expect(run.reads == 1)
    #expect(run.measurements.edges != nil)
    #expect(run.measurements.kindPercentiles != nil)
    #expect(run.measurements.findings != nil)
    // What the one read measured is what separate reads measure (diagnose also reads the samples
    // to name the code of slow bodies; check judges without them, in its one read).
    let diagnosis = try TraceAnalysis.diagnose(
      paths: [path], options: options, settings: budget.findingSettings!)
    let unmeasured = diagnosis.findings.map { finding in
      var finding = finding
      if let measured = finding.measured { finding.evidence.removeAll { $0 == measured.evidence } }
      finding.measured = nil
      return finding
    }
    #expect(run.measurements.findings == unmeasured)
    // The edges the budget counts, as the whole graph's counts give them.
    let graph = try TraceAnalysis.causeGraph(paths: [path], options: options)
    let selector = EdgeSelector(from: nil, to: "LandmarkListItemView.body", label: "update")
    #expect(run.measurements.edges == EdgeCounts(graph, keeping: [selector]))
    #expect(run.measurements.edges?.count(selector) == EdgeCounts(graph).count(selector))
    #expect(run.measurements.summary == diagnosis.summary)
  }

  /// `--tighten`'s orange and red at slower thresholds, counted again from the spill, are what
  /// a read at those thresholds counts.
  @Test(arguments: ["landmarks-before", "landmarks-after", "many-small-updates", "slow-init"])
  func theRecountAtSlowerThresholdsEqualsAReadAtThem(_ trace: String) throws {
    let budget = try BudgetParser.parse(
      Array(#"{"trace": {"red": 1000, "orange": 1000}}"#.utf8), file: "b.json")
    let path = Fixture.path("traces/\(trace).jsonl")
    let run = try TraceAnalysis.check(
      paths: [path], budget: budget, options: AnalysisOptions(), tighteningMargin: 900)
    let recounted = try #require(run.slower).summary
    var slower = AnalysisOptions()
    slower.thresholds = BudgetTightener.slowerThresholds(AnalysisOptions().thresholds, margin: 900)
    let read = try TraceAnalysis.summarize(paths: [path], options: slower)
    #expect(recounted.total.orange == read.total.orange)
    #expect(recounted.total.red == read.total.red)
    #expect(
      read.total.orange + read.total.red > run.measurements.summary.total.orange
        + run.measurements.summary.total.red)
    for kind in UpdateKind.allCases {
      #expect(recounted[kind].orange == read[kind].orange)
      #expect(recounted[kind].red == read[kind].red)
    }
    let views = Dictionary(uniqueKeysWithValues: read.views.map { ($0.key, $0.statistics) })
    for view in recounted.views {
      #expect(view.statistics.orange == views[view.key]?.orange, "\(view.key)")
      #expect(view.statistics.red == views[view.key]?.red, "\(view.key)")
    }
  }

  /// Counting only the edges some selectors count gives each of them what all the edges give:
  /// ends by label or by module and label, either end open, a label or none, a node the graph
  /// lacks; and nothing else is kept.
  @Test(arguments: ["landmarks-before", "favorites-before", "update-loop"])
  func theEdgesKeptForSelectorsCountAsAllOfThem(_ trace: String) throws {
    let graph = try TraceAnalysis.causeGraph(paths: [Fixture.path("traces/\(trace).jsonl")])
    let all = EdgeCounts(graph)
    let someEdge = try #require(all.counts.keys.sorted().first)
    let module = try #require(all.nodes[someEdge.to]?.sorted().first ?? "")
    let selectors = [
      EdgeSelector(from: someEdge.from, to: someEdge.to),
      EdgeSelector(from: someEdge.from, to: nil, label: "update"),
      EdgeSelector(from: nil, to: someEdge.to, label: "creation"),
      EdgeSelector(from: nil, to: module.isEmpty ? someEdge.to : module + "." + someEdge.to),
      EdgeSelector(from: "no such node", to: nil),
    ]
    for selector in selectors {
      let kept = EdgeCounts(graph, keeping: [selector])
      #expect(kept.count(selector) == all.count(selector), "\(selector)")
      #expect(kept.counts.allSatisfy { all.counts[$0.key] == $0.value })
      #expect(kept.counts.values.reduce(0, +) == all.count(selector))
      #expect(kept.nodes == all.nodes)
    }
    let together = EdgeCounts(graph, keeping: selectors)
    for selector in selectors { #expect(together.count(selector) == all.count(selector)) }
    #expect(together.counts.count < all.counts.count)
  }
}
