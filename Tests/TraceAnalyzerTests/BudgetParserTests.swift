import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// Budget files: what they limit, how limits are named, and every way a file can be wrong.
struct BudgetParserTests {
  private func parse(_ text: String) throws(BudgetError) -> Budget {
    try BudgetParser.parse(Array(text.utf8), file: "perf-budget.json")
  }

  @Test func readsEverySection() throws {
    let budget = try BudgetParser.parse(
      try [UInt8](Fixture.data("budgets/perf-budget.json")), file: "perf-budget.json")
    #expect(budget.orange == 500_000 && budget.red == 1_000_000)
    #expect(budget.range == TimeRange(from: 0, to: 2_000_000_000))
    #expect(budget.needsKindPercentiles && budget.needsCauseGraph)
    let summary = budget.limits.map { "\($0.scope)|\($0.measure)|\($0.max)|\($0.name)" }
    #expect(
      summary == [
        "all updates|red|2|at most 2 red updates",
        "all updates|orange|0|no orange updates",
        "all updates|p95|300000|p95 time at most 300 µs",
        "body updates|red|2|at most 2 red body updates",
        "body updates|total|80000000|total time at most 80.0 ms",
        "other updates|p95|100000|layout stays cheap",
        "Landmarks.LandmarkListItemView (body)|red|0|list rows stay fast",
        "Landmarks.LandmarkListItemView (body)|orange|0|list rows stay fast",
        "Landmarks.LandmarkListItemView (body)|p95|400000|list rows stay fast",
        "Landmarks.LandmarkListItemView (body)|max|1000000|list rows stay fast",
        "LandmarksApp|max|2000000|launch body under 2 ms",
        "every view (body)|red|1|at most one red update per view",
        "frames|missed|0|no missed frames",
        "frames|missedByAccumulation|0|no frames missed by accumulation",
        "frames|worstOverrun|0|worst frame overrun at most 0 ns",
        "View Creation / Reuse → LandmarkListItemView.body (creation)|count|305|rows are created only by reuse",
      ])
  }

  @Test func namesLimitsThatTheFileDoesNotName() throws {
    let budget = try parse(
      """
      {"views": [{"view": "LandmarkListItemView", "kind": "body", "red": 0, "orange": 3, "count": 1,
                  "max": "2ms", "total": "1s"},
                 {"view": "Row", "skipped": 0}],
       "edges": [{"from": "@Observable LandmarkCollection.landmarks", "to": "LandmarkListItemView.body",
                  "count": 2}]}
      """)
    #expect(
      budget.limits.map(\.name) == [
        "no red body updates", "at most 3 orange body updates", "at most 1 body update",
        "no update longer than 2.00 ms", "total time at most 1.00 s", "no skipped updates",
        "at most 2 causes of LandmarkListItemView.body from @Observable LandmarkCollection.landmarks",
      ])
  }

  @Test func keepsHowEachValueIsWritten() throws {
    let text = #"{"trace": {"p95": "1.5ms", "max": "300 µs", "total": 2000, "red": 4}}"#
    let budget = try parse(text)
    #expect(budget.limits.map(\.max) == [1_500_000, 300_000, 2000, 4])
    #expect(
      budget.limits.map(\.literal) == [
        .duration(unit: "ms", spaced: false), .duration(unit: "µs", spaced: true), .integer, .integer,
      ])
    let bytes = Array(text.utf8)
    #expect(
      budget.limits.compactMap { $0.valueRange.map { String(decoding: bytes[$0], as: UTF8.self) } } == [
        #""1.5ms""#, #""300 µs""#, "2000", "4",
      ])
  }

  @Test func acceptsViewsByNameAndSummaryKeySpellings() throws {
    let budget = try parse(
      #"{"views": {"Landmarks.Row": {"kind": "body", "p95Ns": 400000, "red": {"max": 0}}}}"#)
    #expect(budget.limits.map(\.measure) == [.p95, .red])
    guard case .view(let selector) = budget.limits[0].scope else {
      Issue.record("not a view limit")
      return
    }
    #expect(selector.query == "Landmarks.Row" && selector.kind == .body)
    #expect(selector.location == TextLocation(line: 1, column: 12, offset: 11))
  }

  /// Malformed budgets never pass: each is an error at the offending key or value.
  @Test(arguments: [
    (
      #"{"views": [{"view": "Row", "p96": "1ms"}]}"#, 1, 28,
      #"unknown key "p96" in a view limit; did you mean "p95"?"#
    ),
    (#"{"frame": {"missed": 0}}"#, 1, 2, #"unknown key "frame" in the budget; did you mean "frames"?"#),
    (#"{"frames": {"missed": "2"}}"#, 1, 23, #""missed" must be a whole number, found a string"#),
    (#"{"frames": {"missed": 1.5}}"#, 1, 23, "without fraction or exponent, found 1.5"),
    (#"{"frames": {"missed": 1e2}}"#, 1, 23, "without fraction or exponent, found 1e2"),
    (#"{"frames": {"missed": -1}}"#, 1, 23, "must not be negative"),
    (#"{"frames": {"missed": 99999999999999999999}}"#, 1, 23, "does not fit in a 64-bit integer"),
    (#"{"trace": {"p95": "400"}}"#, 1, 19, "must be a duration with a unit"),
    (#"{"trace": {"p95": "fast"}}"#, 1, 19, "must be a duration with a unit"),
    (#"{"trace": {"p95": "-2ms"}}"#, 1, 19, "must not be negative"),
    (
      #"{"trace": {"p95": true}}"#, 1, 19,
      "must be a duration such as \"2ms\" or an integer of ns, found a boolean"
    ),
    (#"{"trace": {"red": null}}"#, 1, 19, "must be a whole number, found null"),
    (#"{"trace": {"missed": 0}}"#, 1, 12, #"unknown key "missed" in trace"#),
    (#"{"frames": {"red": 0}}"#, 1, 13, #"unknown key "red" in "frames""#),
    (#"{"kinds": {"bodies": {"red": 0}}}"#, 1, 12, #"unknown update kind "bodies""#),
    (#"{"views": [{"view": "Row", "kind": "layout", "red": 0}]}"#, 1, 36, #"unknown update kind "layout""#),
    (#"{"views": [{"red": 0}]}"#, 1, 12, #"a view limit needs "view""#),
    (#"{"views": [{"view": "", "red": 0}]}"#, 1, 21, "must not be empty"),
    (#"{"views": [{"view": "Row"}]}"#, 1, 12, "a view limit sets no limit"),
    (#"{"views": {"Row": {"view": "Row", "red": 0}}}"#, 1, 20, "is the key of this entry already"),
    (#"{"views": [{"view": "Row", "red": 0, "red": 1}]}"#, 1, 38, #"duplicate key "red""#),
    (#"{"views": [{"view": "Row", "p95": "1ms", "p95Ns": 1}]}"#, 1, 42, #""p95Ns" limits p95 again"#),
    (#"{"views": [{"view": "Row", "red": {"name": "x"}}]}"#, 1, 35, #""red" needs "max""#),
    (#"{"views": {"Row": 3}}"#, 1, 19, "a view limit must be an object, found a number"),
    (#"{"views": 3}"#, 1, 11, #""views" must be an array of objects"#),
    (#"{"edges": [{"count": 2}]}"#, 1, 12, #"an edge limit needs "from" or "to""#),
    (#"{"edges": [{"to": "Row.body", "max": 2}]}"#, 1, 31, #"unknown key "max" in an edge limit"#),
    (#"{"edges": [{"to": "Row.body", "label": "update"}]}"#, 1, 12, "an edge limit sets no limit"),
    (
      #"{"thresholds": {"orange": "2ms", "red": "1ms"}, "trace": {"red": 0}}"#, 1, 1,
      "orange threshold must not be above"
    ),
    (#"{"range": {"from": "2s", "to": "1s"}, "trace": {"red": 0}}"#, 1, 11, #""from" must be before "to""#),
    (#"{"version": 2, "trace": {"red": 0}}"#, 1, 13, "unsupported budget version 2"),
    (#"{"note": "nothing yet"}"#, 1, 1, "the budget sets no limit"),
    (#"{}"#, 1, 1, "the budget sets no limit"),
    (#"[]"#, 1, 1, "the budget must be an object, found an array"),
    ("{\"trace\": {\"red\": 0}\n\n,}", 3, 2, "expected a string key"),
  ])
  func rejectsMalformedBudgets(text: String, line: Int, column: Int, message: String) {
    do {
      let budget = try parse(text)
      Issue.record("'\(text)' was accepted with \(budget.limits.count) limits")
    } catch {
      #expect(error.location?.line == line, "\(error)")
      #expect(error.location?.column == column, "\(error)")
      #expect(error.message.contains(message), "\(error)")
      #expect(error.description.hasPrefix("perf-budget.json:\(line):\(column): "))
    }
  }

  @Test func appliesItsSettingsUnlessTheCommandLineGaveThem() throws {
    let budget = try parse(#"{"thresholds": {"red": "2ms"}, "range": {"from": "1s"}, "trace": {"red": 0}}"#)
    let options = budget.applying(to: AnalysisOptions())
    #expect(options.thresholds == Thresholds(orange: 500_000, red: 2_000_000))
    #expect(options.range == TimeRange(from: 1_000_000_000))
    let cli = AnalysisOptions(orange: 1, red: 3, range: TimeRange(to: 5))
    #expect(budget.applying(to: cli) == cli)
    // A command line giving only the orange cut-off keeps the budget's red one.
    let orangeOnly = budget.applying(to: AnalysisOptions(orange: 400_000))
    #expect(orangeOnly.thresholds == Thresholds(orange: 400_000, red: 2_000_000))
  }
}
