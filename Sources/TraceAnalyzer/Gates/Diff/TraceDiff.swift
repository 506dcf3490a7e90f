import TraceModel

/// What changed between two traces, or two sets of runs: per view and kind, frames, and the
/// cause graph's edges.
///
/// With several runs a side, each figure of a side is the median of its runs (for an even
/// number, the lower middle value) and a change smaller than the runs' own spread (the larger
/// side's max − min) is noise, not a regression. A view or edge missing from a run counts 0
/// there, so one present on one side only has zeros on the other.
package struct TraceDiff: Hashable, Sendable {
  /// The traces of each side, as given.
  package var baseRuns: [String]
  package var headRuns: [String]
  /// Every view of either side, by impact (``ViewChange/byImpact(_:_:)``).
  package var views: [ViewChange]
  /// Body, representable, other.
  package var kinds: [ViewChange]
  package var missed: FigureChange
  package var missedByLongUpdate: FigureChange
  package var missedByAccumulation: FigureChange
  package var worstOverrun: FigureChange
  /// The recorded hitches' and hangs' figures, in ``DiffMeasure/recorded`` order.
  package var recorded: [FigureChange]
  /// Every edge of either side, by impact; nil when a run has no cause graph.
  package var edges: [EdgeChange]?
  /// What the readers warned about.
  package var warnings: [String]
  /// Every finding of either side: new on head first, then gone, then the rest.
  package var findings: [FindingChange]
  /// The runs (of either side) without a single update (in the range).
  package var emptyRuns: [RecordingFacts]
  /// What each run (base, then head) captured and holds.
  package var runRecordings: [RecordingFacts] = []

  /// The runs that did not capture what `rule` measures (hitches or hangs): the rule cannot
  /// be judged on them.
  ///
  /// A run without a `recorded` list that holds none is taken as recorded when another run of
  /// the diff holds some: runs made the same way, where this one had none (a hang-free run).
  package func runsUnrecorded(for rule: DiffRule) -> [RecordingFacts] {
    guard let figure = DiffMeasure.recorded.first(where: { $0.measure == rule.measure }) else { return [] }
    let held = runRecordings.contains { $0.recorded == nil && $0.captured(figure.section) }
    return runRecordings.filter { run in !run.captured(figure.section) && !(held && run.recorded == nil) }
  }

  /// The smallest change that counts when each side has one run (nil with more runs).
  package var minimum: ChangeMinimum?
  /// The significance level of the verdicts; nil without verdicts (fewer than
  /// ``verdictRuns`` runs on a side).
  package var alpha: Double?
  /// The smallest median change a verdict counts; nil without verdicts.
  package var verdictMinimum: ChangeMinimum?

  /// The runs a side needs for verdicts: with 3 a side the exact test cannot reach p < 0.05.
  package static let verdictRuns = 4

  /// Compares the `base` runs with the `head` runs (at least one each).
  ///
  /// With one run a side, changes under `minimum` are shown as unchanged. With ``verdictRuns``
  /// or more a side, the tested figures get a ``FigureVerdict`` at `alpha`, a change counting
  /// when it exceeds `minimum`.
  package init(
    base: [RunFigures], head: [RunFigures], minimum: ChangeMinimum = .default, alpha: Double = 0.05
  ) {
    let tested = base.count >= Self.verdictRuns && head.count >= Self.verdictRuns
    var tester = tested ? FigureTester(alpha: alpha, minimum: minimum) : nil
    self.alpha = tested ? alpha : nil
    verdictMinimum = tested ? minimum : nil
    let minimum = base.count == 1 && head.count == 1 ? minimum : nil
    self.minimum = minimum
    baseRuns = base.map(\.file)
    headRuns = head.map(\.file)
    var keys = Set<ViewKey>()
    for run in base + head { keys.formUnion(run.views.keys) }
    views = keys.map { key in
      ViewChange(
        key: key,
        figures: DiffMeasure.views.map { measure in
          TraceDiff.change(measure, base, head, minimum: minimum, tester: &tester) {
            $0.views[key]?[measure] ?? 0
          }
        },
        baseRuns: base.count { $0.views[key] != nil }, headRuns: head.count { $0.views[key] != nil })
    }
    if tested { views = FigureTester.adjust(views) }
    views.sort(by: ViewChange.byImpact)
    kinds = UpdateKind.allCases.map { kind in
      ViewChange(
        key: ViewKey(module: "", kind: kind, name: ""),
        figures: DiffMeasure.views.map { measure in
          TraceDiff.change(measure, base, head, minimum: minimum) { $0.kinds[kind]?[measure] ?? 0 }
        }, baseRuns: base.count, headRuns: head.count)
    }
    missed = TraceDiff.change(.missed, base, head, minimum: minimum, tester: &tester) { $0.frames.missed }
    missedByLongUpdate = TraceDiff.change(.missed, base, head, minimum: minimum) {
      $0.frames.missedByLongUpdate
    }
    missedByAccumulation = TraceDiff.change(.missed, base, head, minimum: minimum) {
      $0.frames.missedByAccumulation
    }
    worstOverrun = TraceDiff.change(.overrun, base, head, minimum: minimum) { $0.frames.worstOverrunNs }
    recorded = DiffMeasure.recorded.map { figure in
      TraceDiff.change(figure.measure, base, head, minimum: minimum, tester: &tester) {
        $0.recorded(figure.measure)
      }
    }
    warnings = (base + head).flatMap(\.warnings)
    findings = FindingChange.changes(base: base, head: head)
    emptyRuns = (base + head).filter { $0.updates == 0 }.map(\.recording)
    runRecordings = (base + head).map(\.recording)
    let runs = base + head
    if runs.allSatisfy({ $0.edges != nil }) {
      var edgeKeys = Set<EdgeCounts.Key>()
      for run in runs { edgeKeys.formUnion(run.edges.map { Array($0.counts.keys) } ?? []) }
      edges = edgeKeys.map { key in
        EdgeChange(
          key: key,
          count: TraceDiff.change(.edge, base, head, minimum: minimum) { Int64($0.edges?.counts[key] ?? 0) })
      }.sorted(by: EdgeChange.byImpact)
    }
  }

  private static func change(
    _ measure: DiffMeasure, _ base: [RunFigures], _ head: [RunFigures], minimum: ChangeMinimum?,
    tester: inout FigureTester?, _ value: (RunFigures) -> Int64
  ) -> FigureChange {
    let baseValues = base.map(value)
    let headValues = head.map(value)
    var change = FigureChange(
      measure: measure, base: RunSpread(baseValues), head: RunSpread(headValues), minimum: minimum)
    change.verdict = tester?.verdict(change, base: baseValues, head: headValues)
    return change
  }

  private static func change(
    _ measure: DiffMeasure, _ base: [RunFigures], _ head: [RunFigures], minimum: ChangeMinimum?,
    _ value: (RunFigures) -> Int64
  ) -> FigureChange {
    var none: FigureTester? = nil
    return change(measure, base, head, minimum: minimum, tester: &none, value)
  }

  /// Whether the figures carry verdicts (``verdictRuns`` or more runs a side).
  package var hasVerdicts: Bool { alpha != nil }

  /// The tested figures whose verdict is `slower` or `faster`: per view, then frames, hitches
  /// and hangs (subjects as the rules name them).
  package var verdictChanges: [(subject: String, change: FigureChange)] {
    var rows: [(String, FigureChange)] = []
    for view in views {
      for change in view.figures where change.verdict.map({ $0.outcome != .same }) ?? false {
        rows.append((view.key.description, change))
      }
    }
    let whole: [(String, FigureChange)] =
      [("frames", missed)] + zip(DiffMeasure.recorded, recorded).map { ($0.0.section, $0.1) }
    for (subject, change) in whole where change.verdict.map({ $0.outcome != .same }) ?? false {
      rows.append((subject, change))
    }
    return rows
  }

  /// The change of a recorded hitches' or hangs' figure.
  package func recorded(_ measure: DiffMeasure) -> FigureChange? {
    DiffMeasure.recorded.firstIndex { $0.measure == measure }.map { recorded[$0] }
  }

  /// The views whose figures changed at all, by impact.
  package var changedViews: [ViewChange] { views.filter(\.hasChange) }

  /// The edges whose count changed at all, by impact.
  package var changedEdges: [EdgeChange] { (edges ?? []).filter { $0.count.status != .unchanged } }
}
