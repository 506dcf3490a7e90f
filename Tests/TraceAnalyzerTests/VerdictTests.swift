import TestSupport
import Testing

@testable import TraceAnalyzer

/// Verdicts over runs: the Mann–Whitney test, Benjamini–Hochberg, and how a diff and its rules
/// use them (analysis.md "Verdicts over runs").
struct VerdictTests {
  // MARK: - Mann–Whitney

  @Test(
    arguments: [
      ([1, 2, 3, 4], [5, 6, 7, 8], 2.0 / 70),
      ([5, 6, 7, 8], [1, 2, 3, 4], 2.0 / 70),
      ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 2.0 / 252),
      ([1, 3, 5, 7], [2, 4, 6, 8], 48.0 / 70),
      ([1, 4, 5, 8], [2, 3, 6, 7], 1.0),
    ] as [([Int64], [Int64], Double)])
  func exactPWithoutTies(base: [Int64], head: [Int64], p: Double) {
    var test = MannWhitney()
    let result = test.test(base: base, head: head)
    #expect(result.exact)
    #expect(abs(result.p - p) < 1e-15, "\(result.p) vs \(p)")
  }

  @Test func exactDistributionCountsEverySplit() {
    // 4 and 4: U from 0 to 16 over C(8,4) = 70 splits; one split each at the ends.
    let counts = MannWhitney.cumulativeCounts(m: 4, n: 4)
    #expect(counts.count == 17)
    #expect(counts.last == 70)
    #expect(counts[0] == 1)
    #expect(counts[1] == 2)
    #expect(counts[15] == 69)
  }

  @Test func tiesUseTheNormalApproximationWithBothCorrections() {
    // By hand: U = 13.5, σ² = 16/12 · (9 − 30/56) = 78/7, p = 2·(1 − Φ((13.5 − 8 − 0.5)/σ)).
    var test = MannWhitney()
    let result = test.test(base: [1, 2, 2, 3], head: [2, 3, 4, 4])
    #expect(!result.exact)
    #expect(result.u == 13.5)
    #expect(abs(result.p - 0.13416918012812581) < 1e-12, "\(result.p)")
  }

  @Test func everyValueTiedGivesOne() {
    var test = MannWhitney()
    #expect(test.test(base: [0, 0, 0, 0], head: [0, 0, 0, 0]).p == 1)
    #expect(test.test(base: [7, 7, 7, 7, 7], head: [7, 7, 7, 7]).p == 1)
  }

  @Test func moreThanTwentyRunsASideUseTheNormalApproximation() {
    var test = MannWhitney()
    let result = test.test(base: (1...21).map { Int64($0) }, head: (22...42).map { Int64($0) })
    #expect(!result.exact)
    #expect(result.u == 441)
    #expect(result.p < 1e-6)
  }

  // MARK: - Benjamini–Hochberg

  @Test func benjaminiHochbergAdjustsInTheOrderGiven() {
    let q = BenjaminiHochberg.adjust([0.01, 0.04, 0.03, 0.005])
    for (value, expected) in zip(q, [0.02, 0.04, 0.04, 0.02]) { #expect(abs(value - expected) < 1e-15) }
    #expect(BenjaminiHochberg.adjust([0.5, 0.9]) == [0.9, 0.9])
    #expect(BenjaminiHochberg.adjust([0.9]) == [0.9])
    #expect(BenjaminiHochberg.adjust([0.6, 0.7, 0.8]).allSatisfy { $0 <= 1 })
  }

  // MARK: - Diffs of runs

  /// Runs of `views` views whose totals are noise around a per-view level; `slow` is `factor`
  /// times slower.
  private func runs(
    _ count: Int, views: Int, seed: UInt64, slow: Int? = nil, factor: Double = 1
  ) -> [RunFigures] {
    var random = SplitMix(seed: seed)
    return (0..<count).map { run in
      var figures: [ViewKey: RunFigures.Figures] = [:]
      for view in 0..<views {
        var values = RunFigures.Figures()
        let level = Double(100_000 + view * 7_000) * (view == slow ? factor : 1)
        values.count = 5
        values.totalNs = Int64(level * (0.8 + 0.4 * Double.random(in: 0..<1, using: &random)))
        values.p95Ns = values.totalNs / 4
        figures[ViewKey(module: "App", kind: .body, name: "View\(view)")] = values
      }
      return RunFigures(file: "run\(run)", views: figures)
    }
  }

  @Test func aPlantedRegressionIsSlowerAndNoiseIsNot() throws {
    let diff = TraceDiff(
      base: runs(10, views: 200, seed: 1), head: runs(10, views: 200, seed: 2, slow: 42, factor: 2))
    #expect(diff.alpha == 0.05)
    let slow = try #require(diff.views.first { $0.key.name == "View42" })
    let total = try #require(slow[.total].verdict)
    #expect(total.outcome == .slower)
    #expect(abs(total.p - 2.0 / 184_756) < 1e-15)
    #expect(total.q < 0.05)
    #expect(slow[.count].verdict?.p == 1)
    let others = diff.verdictChanges.filter { $0.subject != "App.View42 (body)" }
    #expect(others.isEmpty, "\(others.map(\.subject))")
  }

  @Test func noiseAloneOnManyViewsFailsNoRule() throws {
    let diff = TraceDiff(base: runs(10, views: 2_000, seed: 3), head: runs(10, views: 2_000, seed: 4))
    #expect(diff.verdictChanges.isEmpty)
    let rule = try DiffRule.parse("total>5%")
    #expect(rule.evaluate(diff).failures.isEmpty)
    // Unadjusted, some of 2 000 views would look changed at 5 %.
    #expect(diff.views.contains { ($0[.total].verdict?.p ?? 1) < 0.05 })
  }

  @Test func aNamedViewIsTestedAloneWithQEqualP() throws {
    let diff = TraceDiff(
      base: runs(5, views: 20, seed: 5), head: runs(5, views: 20, seed: 6, slow: 3, factor: 3))
    let every = try DiffRule.parse("total>10%").evaluate(diff)
    #expect(every.outcome == .inconclusive)
    let alone = try DiffRule.parse("View3:total>10%").evaluate(diff)
    #expect(alone.outcome == .fail)
    let hit = try #require(alone.failures.first)
    #expect(hit.change.verdict?.q == hit.change.verdict?.p)
    #expect(hit.reason?.hasPrefix("slower (p 0.00794 q 0.00794") == true)
  }

  @Test func fewerThanFourRunsASideKeepTheMedianRule() throws {
    let diff = TraceDiff(
      base: runs(3, views: 20, seed: 7), head: runs(3, views: 20, seed: 8, slow: 3, factor: 3))
    #expect(diff.alpha == nil)
    #expect(!diff.hasVerdicts)
    #expect(diff.views.allSatisfy { $0.figures.allSatisfy { $0.verdict == nil } })
    #expect(try DiffRule.parse("total>10%").evaluate(diff).outcome == .fail)
  }

  @Test func theMinimumChangeHoldsBackAVerdict() throws {
    let diff = TraceDiff(
      base: runs(10, views: 20, seed: 9), head: runs(10, views: 20, seed: 10, slow: 3, factor: 3),
      minimum: ChangeMinimum(percent: 500, durationNs: 0))
    let slow = try #require(diff.views.first { $0.key.name == "View3" })
    #expect(slow[.total].verdict?.q ?? 1 < 0.05)
    #expect(slow[.total].verdict?.outcome == .same)
    #expect(try DiffRule.parse("total>10%").evaluate(diff).outcome == .pass)
  }

  @Test(
    arguments: [
      ("LandmarkRow:p95>10%", "LandmarkRow", DiffMeasure.p95),
      ("Landmarks.LandmarkRow (body) : total > +2ms", "Landmarks.LandmarkRow (body)", .total),
      ("red>0", nil, .red),
    ] as [(String, String?, DiffMeasure)])
  func rulesMayNameAView(text: String, view: String?, measure: DiffMeasure) throws {
    let rule = try DiffRule.parse(text)
    #expect(rule.view == view)
    #expect(rule.measure == measure)
  }

  @Test func aCommaInsideGenericArgumentsSeparatesNoRules() throws {
    let rules = try DiffRule.parseList(["Row<A, B>:p95>10%,red>0", "count>+20%"])
    #expect(rules.map(\.text) == ["Row<A, B>:p95>10%", "red>0", "count>+20%"])
    #expect(rules.first?.view == "Row<A, B>")
  }

  @Test(arguments: ["View:missed>0", ":p95>1", " :red>0", "View:edge>+1"])
  func rulesNamingAViewNeedAViewFigure(text: String) {
    #expect(throws: DiffRule.ParseError.self) { try DiffRule.parse(text) }
  }

  @Test(arguments: [
    (0.0079, "0.0079"), (0.02857142857142857, "0.0286"), (1.0, "1"), (0.5, "0.5"), (0.000012, "1.2e-5"),
    (0.00015, "0.00015"), (9.96e-5, "1e-4"), (0.9996, "1"), (0.0, "0"), (0.12345, "0.123"),
    (5e-324, "4.9e-324"),
  ])
  func pValuesPrintWithThreeSignificantDigits(value: Double, text: String) {
    #expect(FigureVerdict.format(value) == text)
  }
}
