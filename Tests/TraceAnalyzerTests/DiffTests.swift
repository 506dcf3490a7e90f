import Testing
import TraceModel

@testable import TraceAnalyzer

/// Medians, spreads and noise; `--fail-on` rules; the union of views and edges.
struct DiffTests {
  @Test(arguments: [
    ([Int64](), Int64(0), Int64(0)),
    ([7], 7, 0),
    ([3, 1, 2], 2, 2),
    ([4, 1, 3, 2], 2, 3),
    ([10, 10], 10, 0),
    ([5, 100, 6, 7, 8, 9], 7, 95),
  ])
  func mediansTakeTheLowerMiddleAndSpreadsMaxMinusMin(values: [Int64], median: Int64, spread: Int64) {
    let figure = RunSpread(values)
    #expect(figure.median == median)
    #expect(figure.spread == spread)
  }

  @Test func changesSmallerThanTheSpreadAreNoise() {
    let change = { (base: [Int64], head: [Int64]) in
      FigureChange(measure: .p95, base: RunSpread(base), head: RunSpread(head))
    }
    #expect(change([100, 110, 120], [105, 115, 125]).status == .noise)  // +5 < 20 (the larger spread)
    #expect(change([100, 110, 120], [130, 140, 150]).status == .worse)  // +30 >= 20
    #expect(change([100, 110, 120], [125, 130, 135]).status == .worse)  // +20, not smaller than 20
    #expect(change([100, 110, 120], [85, 90, 95]).status == .better)
    #expect(change([100], [101]).status == .worse)  // one run a side: no spread
    #expect(change([100, 200], [100, 300]).status == .unchanged)  // lower middles equal
    #expect(change([5], [5]).percent == 0)
    #expect(change([0], [5]).percent == nil)
  }

  @Test(arguments: [
    (DiffMeasure.p95, Int64(1_000_000), Int64(1_049_999), FigureChange.Status.unchanged),  // +5.0% - 1 ns
    (.p95, 1_000_000, 1_050_001, .worse),  // over both 5% and 50 µs
    (.p95, 100_000, 149_999, .unchanged),  // +50% but under 50 µs
    (.p95, 100_000, 150_000, .worse),
    (.red, 100, 104, .unchanged),  // counts: the relative part only
    (.red, 100, 105, .worse),
    (.red, 0, 1, .worse),  // from 0 any rise counts
    (.total, 10_000_000, 9_000_000, .better),
  ])
  func oneRunASideCountsOnlyChangesOverTheMinimum(
    measure: DiffMeasure, base: Int64, head: Int64, status: FigureChange.Status
  ) {
    let change = FigureChange(
      measure: measure, base: RunSpread([base]), head: RunSpread([head]), minimum: .default)
    #expect(change.status == status)
    let rule = DiffRule(measure: measure, threshold: .amount(0), text: "\(measure)>0")
    let diff = TraceDiff(
      base: [RunFigures(file: "a", views: [Self.key: figures(measure, base)])],
      head: [RunFigures(file: "b", views: [Self.key: figures(measure, head)])])
    #expect(rule.evaluate(diff).failures.isEmpty == (status != .worse))
  }

  private static let key = ViewKey(module: "App", kind: .body, name: "Row")

  private func figures(_ measure: DiffMeasure, _ value: Int64) -> RunFigures.Figures {
    var figures = RunFigures.Figures()
    switch measure {
    case .p95: figures.p95Ns = value
    case .red: figures.red = value
    case .total: figures.totalNs = value
    default: break
    }
    return figures
  }

  @Test func theMinimumReadsItsText() {
    #expect(ChangeMinimum(text: "10%,1ms") == ChangeMinimum(percent: 10, durationNs: 1_000_000))
    #expect(ChangeMinimum(text: "2%") == ChangeMinimum(percent: 2, durationNs: 50_000))
    #expect(ChangeMinimum(text: "fast") == nil)
  }

  @Test(arguments: [
    ("red>0", DiffMeasure.red, DiffRule.Threshold.amount(0)),
    ("red > +2", .red, .amount(2)),
    ("p95>+20%", .p95, .percent(20)),
    ("p95>2.5%", .p95, .percent(2.5)),
    ("p95>+200us", .p95, .amount(200_000)),
    ("total>3ms", .total, .amount(3_000_000)),
    ("total>5000", .total, .amount(5000)),
    ("edge>+50%", .edge, .percent(50)),
    ("missed>0", .missed, .amount(0)),
    ("overrun>+1ms", .overrun, .amount(1_000_000)),
    ("count>+10%", .count, .percent(10)),
  ])
  func parsesRules(text: String, measure: DiffMeasure, threshold: DiffRule.Threshold) throws {
    let rule = try DiffRule.parse(text)
    #expect(rule.measure == measure && rule.threshold == threshold && rule.text == text)
  }

  @Test(arguments: [
    "red", "red<0", "red>-1", "red>", "blue>0", "red>1.5", "p95>fast", "p95>-2ms", "edge>x%", "red>=1",
  ])
  func rejectsMalformedRules(_ text: String) {
    #expect(throws: DiffRule.ParseError.self) { try DiffRule.parse(text) }
  }

  @Test func parsesRepeatedAndCommaSeparatedRules() throws {
    let rules = try DiffRule.parseList(["red>0,p95>+20%", "missed>0", " edge>+50% , "])
    #expect(rules.map(\.text) == ["red>0", "p95>+20%", "missed>0", " edge>+50% "])
  }

  @Test func rulesCompareTheChangeWithTheirThreshold() throws {
    let change = { (base: Int64, head: Int64) in
      FigureChange(measure: .p95, base: RunSpread([base]), head: RunSpread([head]))
    }
    let percent = try DiffRule.parse("p95>+20%")
    #expect(!percent.isExceeded(by: change(100, 120)))
    #expect(percent.isExceeded(by: change(100, 121)))
    #expect(percent.isExceeded(by: change(0, 1)))  // from 0, any rise
    #expect(!percent.isExceeded(by: change(0, 0)))
    #expect(!percent.isExceeded(by: change(100, 50)))
    let amount = try DiffRule.parse("p95>+2us")
    #expect(!amount.isExceeded(by: change(1000, 3000)))
    #expect(amount.isExceeded(by: change(1000, 3001)))
  }

  private func run(
    _ file: String, views: [String: Int64], edges: [String: Int] = [:], missed: Int64 = 0
  ) -> RunFigures {
    var figures: [ViewKey: RunFigures.Figures] = [:]
    for (name, red) in views {
      var row = RunFigures.Figures()
      row.count = 10
      row.red = red
      row.p95Ns = 100_000 + red
      figures[ViewKey(module: "App", kind: .body, name: name)] = row
    }
    var counts = EdgeCounts()
    for (to, count) in edges {
      counts.add(EdgeCounts.Key(from: "Gesture: Tap", to: to, label: "update"), count: count)
    }
    var frames = RunFigures.Frames()
    frames.missed = missed
    return RunFigures(file: file, views: figures, frames: frames, edges: counts)
  }

  @Test func viewsAndEdgesOnOneSideOnlyHaveZerosOnTheOther() {
    let diff = TraceDiff(
      base: [run("a", views: ["Old": 2, "Both": 1], edges: ["Old.body": 4])],
      head: [run("b", views: ["New": 3, "Both": 1], edges: ["New.body": 5])])
    let byName = Dictionary(uniqueKeysWithValues: diff.views.map { ($0.key.name, $0) })
    #expect(byName["Old"]?[.red].head.median == 0 && byName["Old"]?[.count].head.median == 0)
    #expect(byName["New"]?[.red].base.median == 0 && byName["New"]?[.red].head.median == 3)
    #expect(byName["Old"]?.status == "removed" && byName["New"]?.status == "added")
    #expect(byName["Both"]?.status == "unchanged")
    #expect(diff.views.map(\.key.name) == ["New", "Old", "Both"])  // by impact: |Δred| 3, 2, 0
    #expect(
      diff.edges?.map { "\($0.key.to) \($0.status) \($0.count.delta)" } == [
        "New.body added 5", "Old.body removed -4",
      ])
  }

  @Test func aViewMissingFromSomeRunsCountsZeroThere() {
    let diff = TraceDiff(
      base: [run("a1", views: ["V": 4]), run("a2", views: [:]), run("a3", views: ["V": 6])],
      head: [run("b1", views: ["V": 5])])
    let view = diff.views[0]
    #expect(view[.red].base == RunSpread(median: 4, low: 0, high: 6))
    #expect(view[.red].isNoise)  // +1 < spread 6
    #expect(view.baseRuns == 2 && view.headRuns == 1)
  }

  @Test func verdictsFailOnRealChangesAndAreInconclusiveWithinTheSpread() throws {
    let noisy = TraceDiff(
      base: [run("a1", views: ["V": 0]), run("a2", views: ["V": 4])],
      head: [run("b1", views: ["V": 1]), run("b2", views: ["V": 3])])
    let red = try DiffRule.parse("red>0")
    #expect(red.evaluate(noisy).outcome == .inconclusive)  // 0 → 1, spread 4
    let real = TraceDiff(base: [run("a", views: ["V": 0])], head: [run("b", views: ["V": 1])])
    let verdict = red.evaluate(real)
    #expect(verdict.outcome == .fail)
    #expect(verdict.failures.map(\.subject) == ["App.V (body)"])
    #expect(try DiffRule.parse("red>1").evaluate(real).outcome == .pass)
    let missed = TraceDiff(base: [run("a", views: [:], missed: 1)], head: [run("b", views: [:], missed: 3)])
    #expect(try DiffRule.parse("missed>1").evaluate(missed).outcome == .fail)
    #expect(try DiffRule.parse("missed>2").evaluate(missed).outcome == .pass)
    let edges = TraceDiff(
      base: [run("a", views: [:], edges: ["Row.body": 10])],
      head: [run("b", views: [:], edges: ["Row.body": 16])])
    #expect(
      try DiffRule.parse("edge>+50%").evaluate(edges).failures.map(\.subject) == [
        "Gesture: Tap → Row.body (update)"
      ])
    #expect(try DiffRule.parse("edge>+60%").evaluate(edges).outcome == .pass)
    #expect(RuleVerdict.overall([red.evaluate(noisy), red.evaluate(real)]) == .fail)
    #expect(RuleVerdict.overall([red.evaluate(noisy)]) == .inconclusive)
    #expect(RuleVerdict.overall([]) == .pass)
  }
}
