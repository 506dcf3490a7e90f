import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

/// `--tighten`: lowers limits to what a trace measured plus a margin, in place, never raising one.
struct BudgetTightenerTests {
  private func result(_ text: String, values: [Int64]) throws -> CheckResult {
    let budget = try BudgetParser.parse(Array(text.utf8), file: "b.json")
    let results = zip(budget.limits, values).map { LimitResult(limit: $0, subject: "s", value: $1) }
    return CheckResult(trace: "t.jsonl", budget: "b.json", results: results)
  }

  @Test func rewritesOnlyTheNumbersItLowers() throws {
    let text = """
      {
        "note": "keep me",   "trace": { "red": 10, "p95": "2.5ms", "max": "900 us" },
        "frames": {"missed": 3,"worstOverrun": 5000000}
      }

      """
    let (bytes, changes) = BudgetTightener.tighten(
      Array(text.utf8), result: try result(text, values: [4, 2_224_567, 950_000, 3, 1_000_000]))
    #expect(
      String(decoding: bytes, as: UTF8.self) == """
        {
          "note": "keep me",   "trace": { "red": 5, "p95": "2.45ms", "max": "900 us" },
          "frames": {"missed": 3,"worstOverrun": 5000000}
        }

        """)
    #expect(
      changes.map { "\($0.old) → \($0.new)" } == [#"10 → 5"#, #""2.5ms" → "2.45ms""#], "frame limits stay")
    #expect(
      changes[0].description
        == #"b.json:2:42: lowered "at most 10 red updates" (all updates red) from 10 to 5"#)
    #expect(!changes[0].nameQuotesOldValue, "a made-up name follows the value")
  }

  @Test func neverRaisesALimitAndKeepsTheLargestSubject() throws {
    let text = #"{"views": [{"view": "*", "red": 5}], "trace": {"red": 1}}"#
    let budget = try BudgetParser.parse(Array(text.utf8), file: "b.json")
    let results = [
      LimitResult(limit: budget.limits[0], subject: "A", value: 2),
      LimitResult(limit: budget.limits[0], subject: "B", value: 3),
      LimitResult(limit: budget.limits[1], subject: "all updates", value: 7),
    ]
    let (bytes, changes) = BudgetTightener.tighten(
      Array(text.utf8), result: CheckResult(trace: "t", budget: "b.json", results: results))
    #expect(
      String(decoding: bytes, as: UTF8.self) == #"{"views": [{"view": "*", "red": 4}], "trace": {"red": 1}}"#)
    #expect(changes.count == 1)
  }

  @Test(arguments: [
    (Int64(2_224_567), "ms", #""2.23ms""#, Int64(2_230_000)),
    (2_000_000, "ms", #""2ms""#, 2_000_000),
    (500, "ms", #""500ns""#, 500),
    (1_500_000_001, "s", #""1.51s""#, 1_510_000_000),
    (253_152, "us", #""254us""#, 254_000),
    (1234, "us", #""1.24us""#, 1240),
    (1234, "µs", #""1.24µs""#, 1240),
    (77, "ns", #""77ns""#, 77),
    (123_456, "ns", #""124000ns""#, 124_000),
  ])
  func writesDurationsInTheirUnitRoundedUpToThreeDigits(value: Int64, unit: String, text: String, ns: Int64)
    throws
  {
    let (written, parsed) = try #require(
      BudgetTightener.literal(value, like: .duration(unit: unit, spaced: false)))
    #expect(written == text)
    #expect(parsed == ns)
    #expect(DurationText.parse(String(written.dropFirst().dropLast())) == ns)
  }

  @Test(arguments: ["landmarks-after", "landmarks-before"])
  func aTightenedBudgetStillJudgesTheTraceAlike(_ name: String) throws {
    let text = try [UInt8](Fixture.data("budgets/perf-budget.json"))
    let budget = try BudgetParser.parse(text, file: "perf-budget.json")
    let options = budget.applying(to: AnalysisOptions())
    let measured = try TraceAnalysis.measure(
      paths: [Fixture.path("traces/\(name).jsonl")], for: budget, options: options)
    let before = try BudgetCheck.evaluate(budget, on: measured)
    let (tightened, changes) = BudgetTightener.tighten(text, result: before)
    #expect(!changes.isEmpty)
    let after = try BudgetCheck.evaluate(
      try BudgetParser.parse(tightened, file: "perf-budget.json"), on: measured)
    #expect(after.passed == before.passed)
    // Limits the trace fails stay as they were; the others now sit at the measured value plus
    // 10 % (counts rounded up, durations to three significant digits).
    #expect(after.violations.map(\.limit.max) == before.violations.map(\.limit.max))
    for (old, new) in zip(before.results, after.results) where old.passed {
      #expect(new.limit.max <= old.limit.max)
      #expect(new.value <= new.limit.max)
      if !new.limit.measure.isDuration, case .view(let selector) = new.limit.scope, selector.isWildcard {
        continue
      }
      if !new.limit.measure.isDuration {
        #expect(
          new.limit.max == min(old.limit.max, BudgetTightener.withMargin(new.value, 10)), "\(new.limit.name)")
      } else {
        #expect(new.limit.max >= BudgetTightener.withMargin(new.value, 10) || new.limit.max == old.limit.max)
      }
    }
    let again = BudgetTightener.tighten(tightened, result: after)
    #expect(again.changes.isEmpty && again.bytes == tightened)
  }
}
