import TraceModel

/// How one view (or one kind) changed: its five figures, base against head.
package struct ViewChange: Hashable, Sendable {
  /// The view; for a kind row, the kind with an empty module and name.
  package var key: ViewKey
  /// Red, orange, count, p95, total (``DiffMeasure/views`` order).
  package var figures: [FigureChange]
  /// Runs of each side the view appears in.
  package var baseRuns: Int
  package var headRuns: Int

  package init(key: ViewKey, figures: [FigureChange], baseRuns: Int, headRuns: Int) {
    self.key = key
    self.figures = figures
    self.baseRuns = baseRuns
    self.headRuns = headRuns
  }

  package subscript(measure: DiffMeasure) -> FigureChange {
    figures.first { $0.measure == measure }
      ?? FigureChange(measure: measure, base: RunSpread([]), head: RunSpread([]))
  }

  /// What happened to the view as a whole: added, removed, worse, better, mixed, noise, unchanged.
  package var status: String {
    if baseRuns == 0 && headRuns > 0 { return "added" }
    if headRuns == 0 && baseRuns > 0 { return "removed" }
    let statuses = Set(figures.map(\.status))
    if statuses.contains(.worse) && statuses.contains(.better) { return "mixed" }
    if statuses.contains(.worse) { return "worse" }
    if statuses.contains(.better) { return "better" }
    if statuses.contains(.noise) { return "noise" }
    return "unchanged"
  }

  /// Whether any figure changed beyond the runs' spread.
  package var hasRealChange: Bool { figures.contains { $0.status == .worse || $0.status == .better } }

  /// Whether any figure differs at all (noise included; not changes under a one-run minimum).
  package var hasChange: Bool { figures.contains { $0.status != .unchanged } }

  /// The impact order: real changes in red, orange, total time, count and p95 (largest first),
  /// then any change (noise included), then by view.
  package static func byImpact(_ lhs: ViewChange, _ rhs: ViewChange) -> Bool {
    let order: [DiffMeasure] = [.red, .orange, .total, .count, .p95]
    for realOnly in [true, false] {
      for measure in order {
        let (a, b) = (lhs[measure], rhs[measure])
        let left = realOnly && a.isNoise ? 0 : a.delta.magnitude
        let right = realOnly && b.isNoise ? 0 : b.delta.magnitude
        if left != right { return left > right }
      }
    }
    return lhs.key < rhs.key
  }
}
