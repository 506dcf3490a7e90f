import TraceModel

/// Reading a trace for a budget check.
extension TraceAnalysis {
  /// Measures the trace made of `paths` with what `budget`'s limits need, in one read.
  package static func measure(
    paths: [String], name: String? = nil, for budget: Budget, options: AnalysisOptions = AnalysisOptions()
  ) throws(TraceReadError) -> CheckMeasurements {
    try TraceRun(paths: paths, name: name, options: options).read(MeasurePass(for: budget)).output
      .measurements
  }

  /// Measures the trace made of `paths`, with percentiles over kinds and the cause graph's
  /// edges when asked, in one read.
  package static func measure(
    paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions(), kindPercentiles: Bool,
    edges: Bool
  ) throws(TraceReadError) -> CheckMeasurements {
    try TraceRun(paths: paths, name: name, options: options)
      .read(MeasurePass(kindPercentiles: kindPercentiles, edges: edges)).output.measurements
  }
}

extension MeasurePass {
  /// What the limits of `budget` need.
  init(for budget: Budget) {
    kindPercentiles = budget.needsKindPercentiles
    edges = budget.needsCauseGraph
    findings = budget.needsFindings ? budget.findingSettings ?? FindingSettings() : nil
  }
}

/// One trace measured for a budget check, once, with what `--tighten` needs.
package struct CheckRun: Sendable {
  package var budget: Budget
  package var measurements: CheckMeasurements
  /// The measurements with orange and red counted at thresholds `margin` slower (only when
  /// tightening a budget with orange or red limits).
  var slower: CheckMeasurements?
  /// How many times the trace was read.
  package var reads: Int

  /// Checks the budget on the measurements.
  package func evaluate() throws(BudgetError) -> CheckResult {
    try BudgetCheck.evaluate(budget, on: measurements)
  }

  /// What `--tighten` makes of the budget file's `bytes` after `result`.
  package enum Tightening {
    /// The trace is over budget: the file stays as it is.
    case overBudget
    /// No limit is above what the trace measured.
    case nothing
    /// The file's new bytes, and what changed.
    case tightened([UInt8], [BudgetTightener.Change])
  }

  /// The policy of `--tighten`: nothing over budget; else every limit the trace beats lowered to
  /// the measured value plus `margin` percent, its orange and red counts taken from the slower
  /// thresholds where larger, so that an update a little slower next time still passes (see
  /// ``BudgetTightener/withHeadroom(_:slower:)``).
  package func tighten(_ bytes: [UInt8], after result: CheckResult, margin: Double) -> Tightening {
    guard result.passed else { return .overBudget }
    var measured = result
    if let slower, let slowerResult = try? BudgetCheck.evaluate(budget, on: slower) {
      measured = BudgetTightener.withHeadroom(result, slower: slowerResult)
    }
    let (tightened, changes) = BudgetTightener.tighten(bytes, result: measured, margin: margin)
    return changes.isEmpty ? .nothing : .tightened(tightened, changes)
  }
}

extension TraceAnalysis {
  /// Measures the trace made of `paths` for `budget` in one read; with a tightening `margin`
  /// (percent), orange and red are also counted at thresholds that much slower.
  package static func check(
    paths: [String], budget: Budget, options: AnalysisOptions, tighteningMargin margin: Double? = nil
  ) throws(TraceReadError) -> CheckRun {
    var pass = MeasurePass(for: budget)
    if let margin, budget.limits.contains(where: { $0.measure == .orange || $0.measure == .red }) {
      pass.recount = BudgetTightener.slowerThresholds(options.thresholds, margin: margin)
    }
    let run = try TraceRun(paths: paths, options: options)
    let output = try run.read(pass).output
    return CheckRun(
      budget: budget, measurements: output.measurements, slower: output.recounted, reads: run.readCount)
  }
}
