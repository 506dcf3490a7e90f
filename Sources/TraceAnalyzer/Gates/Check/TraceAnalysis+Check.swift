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
    edgeSelectors = budget.limits.compactMap { limit in
      if case .edge(let selector) = limit.scope { selector } else { nil }
    }
    findings = budget.needsFindings ? budget.findingSettings ?? FindingSettings() : nil
  }
}

/// One trace measured for a budget check, once (and once more per window of the budget's
/// `"windows"` section), with what `--tighten` needs.
package struct CheckRun: Sendable {
  /// One window's limits measured on that window alone.
  struct WindowRun: Sendable {
    var name: String
    var budget: Budget
    var measurements: CheckMeasurements
    var slower: CheckMeasurements?
  }

  /// The whole budget.
  package var budget: Budget
  /// The trace (its range and `--window`), for the limits outside `"windows"`.
  package var measurements: CheckMeasurements
  /// The measurements with orange and red counted at thresholds `margin` slower (only when
  /// tightening a budget with orange or red limits).
  var slower: CheckMeasurements?
  /// The budget's windows, in file order.
  var windows: [WindowRun] = []
  /// How many times the trace was read.
  package var reads: Int

  /// The summary of each window of the budget's `"windows"` section, in file order.
  package var windowSummaries: [(window: String, summary: TraceSummary)] {
    windows.map { ($0.name, $0.measurements.summary) }
  }

  /// Checks the budget on the measurements: the whole trace's limits, then each window's.
  ///
  /// With a `baseline`, a finding it lists passes (``LimitResult/accepted``), and the result
  /// names its entries that no finding of the trace matches any more.
  package func evaluate(baseline: Baseline? = nil) throws(BudgetError) -> CheckResult {
    var result = try BudgetCheck.evaluate(budget.limits(in: nil), on: measurements)
    for window in windows {
      result.results += try BudgetCheck.evaluate(window.budget, on: window.measurements).results
    }
    if let baseline {
      let accepted = Set(baseline.entries.map(\.fingerprint))
      for index in result.results.indices {
        guard let fingerprint = result.results[index].fingerprint, accepted.contains(fingerprint.description)
        else { continue }
        result.results[index].accepted = true
      }
      result.baseline = CheckResult.BaselineOutcome(
        file: baseline.file, fixed: baseline.fixed(given: findings))
    }
    return result
  }

  /// Every finding the check diagnosed: the trace's, then each window's.
  package var findings: [Finding] {
    (measurements.findings ?? []) + windows.flatMap { $0.measurements.findings ?? [] }
  }

  /// The results at thresholds `margin` slower, where measured.
  private func slowerResult() -> CheckResult? {
    guard let slower, var result = try? BudgetCheck.evaluate(budget.limits(in: nil), on: slower) else {
      return nil
    }
    for window in windows {
      guard let measured = window.slower, let more = try? BudgetCheck.evaluate(window.budget, on: measured)
      else { continue }
      result.results += more.results
    }
    return result
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
    if let slowerResult = slowerResult() {
      measured = BudgetTightener.withHeadroom(result, slower: slowerResult)
    }
    let (tightened, changes) = BudgetTightener.tighten(bytes, result: measured, margin: margin)
    return changes.isEmpty ? .nothing : .tightened(tightened, changes)
  }
}

extension TraceAnalysis {
  /// Measures the trace made of `paths` for `budget` in one read, and each window of its
  /// `"windows"` section in one more; with a tightening `margin` (percent), orange and red are
  /// also counted at thresholds that much slower.
  ///
  /// A window the trace lacks is an error naming the budget file's line.
  ///
  /// With `diagnosing`, the trace's read finds every finding even when no limit forbids one
  /// (for a baseline).
  package static func check(
    paths: [String], budget: Budget, options: AnalysisOptions, tighteningMargin margin: Double? = nil,
    diagnosing: Bool = false
  ) throws(TraceReadError) -> CheckRun {
    func pass(for budget: Budget) -> MeasurePass {
      var pass = MeasurePass(for: budget)
      if let margin, budget.limits.contains(where: { $0.measure == .orange || $0.measure == .red }) {
        pass.recount = BudgetTightener.slowerThresholds(options.thresholds, margin: margin)
      }
      return pass
    }
    let run = try TraceRun(paths: paths, options: options)
    let windows = budget.windows
    if !windows.isEmpty {
      var catalog = try run.windowCatalog()
      if windows.contains(where: { !catalog.names($0) }) { catalog = try run.windowCatalog(checked: true) }
      for window in windows where !catalog.names(window) {
        let location = budget.windowLocations[window]
        let why = WindowCatalog.unknown(window, file: run.displayName, entries: catalog.entries)
        switch options.missingWindows {
        case .usageError:
          throw .ambiguousInput(
            budget.file + (location.map { ":\($0.line):\($0.column)" } ?? "") + ": window \"\(window)\": "
              + why)
        case .cannotJudge:
          throw .cannotJudge(
            WindowCatalog.missing(
              window, file: run.displayName, why: why, location: location.map { (budget.file, $0) }))
        case .keepNothing: break
        }
      }
    }
    let main = budget.limits(in: nil)
    var mainPass = pass(for: main)
    if diagnosing && mainPass.findings == nil {
      mainPass.findings = main.findingSettings ?? FindingSettings()
    }
    let output = try run.read(mainPass).output
    var result = CheckRun(
      budget: budget, measurements: output.measurements, slower: output.recounted, reads: 0)
    for window in windows {
      let windowBudget = budget.limits(in: window)
      let measured = try run.read(pass(for: windowBudget), windows: [window]).output
      result.windows.append(
        CheckRun.WindowRun(
          name: window, budget: windowBudget, measurements: measured.measurements, slower: measured.recounted)
      )
    }
    result.reads = run.readCount
    return result
  }
}
