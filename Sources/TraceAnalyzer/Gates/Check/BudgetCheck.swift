import TraceModel

/// Checks measurements against a budget: every limit on every subject it names.
package enum BudgetCheck {
  /// Evaluates each limit of `budget` on `measurements`.
  ///
  /// A view or cause-graph node the budget names but the trace lacks is an error with the
  /// budget's location (a typo must never pass), as is an edge limit without a cause graph.
  /// A view limit whose name matches several views (one name in two modules, or `*`) gives a
  /// result per view; `*` matching no view gives one result of 0.
  package static func evaluate(_ budget: Budget, on measurements: CheckMeasurements) throws(BudgetError)
    -> CheckResult
  {
    let summary = measurements.summary
    var results: [LimitResult] = []
    for limit in budget.limits {
      switch limit.scope {
      case .trace:
        results.append(
          LimitResult(
            limit: limit, subject: limit.scope.description,
            value: try value(
              of: limit, statistics: summary.total, kind: nil, measurements: measurements, budget: budget)))
      case .kind(let kind):
        results.append(
          LimitResult(
            limit: limit, subject: limit.scope.description,
            value: try value(
              of: limit, statistics: summary[kind], kind: kind, measurements: measurements, budget: budget)))
      case .view(let selector):
        let matched = summary.views.filter { selector.matches($0.key) }.sorted { $0.key < $1.key }
        if matched.isEmpty {
          guard selector.isWildcard else { throw missingView(selector, summary: summary, budget: budget) }
          results.append(LimitResult(limit: limit, subject: selector.description, value: 0))
        }
        for view in matched {
          results.append(
            LimitResult(
              limit: limit, subject: view.key.description,
              value: try value(
                of: limit, statistics: view.statistics, kind: view.key.kind, measurements: measurements,
                budget: budget)))
        }
      case .frames:
        results.append(
          LimitResult(limit: limit, subject: "frames", value: frameValue(limit.measure, summary.frames)))
      case .hitches, .hangs:
        results.append(recordedValue(limit, summary: summary))
      case .edge(let selector):
        guard let edges = measurements.edges else {
          throw BudgetError(
            file: budget.file, location: selector.toLocation ?? selector.fromLocation ?? limit.location,
            message: "edge limits need the cause graph, and it was not built for this check")
        }
        for (end, location) in [(selector.from, selector.fromLocation), (selector.to, selector.toLocation)] {
          guard let end, edges.resolve(end) == nil else { continue }
          let message =
            "no node \"\(end)\" in the trace's cause graph"
            + Suggestion.phrase(edges.suggestions(for: end), quote: "\"")
          throw BudgetError(file: budget.file, location: location ?? limit.location, message: message)
        }
        results.append(
          LimitResult(limit: limit, subject: selector.description, value: Int64(edges.count(selector))))
      case .finding(let rule):
        let found = (measurements.findings ?? []).filter { $0.rule == rule }
        if found.isEmpty {
          results.append(LimitResult(limit: limit, subject: "no \(rule) finding", value: 0))
        }
        for finding in found {
          var result = LimitResult(limit: limit, subject: finding.title, value: Int64(finding.count))
          result.fingerprint = finding.fingerprint
          results.append(result)
        }
      }
    }
    return CheckResult(
      trace: summary.file, budget: budget.file, results: results,
      warnings: summary.warnings.map(\.description))
  }

  // MARK: - Values

  private static func value(
    of limit: BudgetLimit, statistics: ViewStatistics, kind: UpdateKind?, measurements: CheckMeasurements,
    budget: Budget
  ) throws(BudgetError) -> Int64 {
    switch limit.measure {
    case .count: return Int64(statistics.count)
    case .orange: return Int64(statistics.orange)
    case .red: return Int64(statistics.red)
    case .skipped: return Int64(statistics.skipped)
    case .unfinished: return Int64(statistics.unfinished)
    case .max: return statistics.maxNs
    case .total: return statistics.totalNs
    case .p50, .p95:
      var percentiles = (p50: statistics.p50Ns, p95: statistics.p95Ns)
      if case .view = limit.scope {
      } else {
        guard let kinds = measurements.kindPercentiles else {
          throw BudgetError(
            file: budget.file, location: limit.location,
            message: "internal: \(limit.measure) over a kind or the trace was not measured")
        }
        let pair = kinds[kind]
        percentiles = (pair.p50Ns, pair.p95Ns)
      }
      return limit.measure == .p50 ? percentiles.p50 : percentiles.p95
    case .missed, .missedByLongUpdate, .missedByAccumulation, .worstOverrun, .finding, .longest:
      return 0
    }
  }

  /// A limit on the recorded hitches or hangs; not judged when the recording could not hold
  /// them (0 would pass a recording made without the instrument).
  private static func recordedValue(_ limit: BudgetLimit, summary: TraceSummary) -> LimitResult {
    let figures = summary.hitches
    let hitches = limit.scope == .hitches
    let value: Int64 =
      switch limit.measure {
      case .count: Int64(hitches ? figures.hitches : figures.hangs)
      case .total: hitches ? figures.hitchNs : 0
      case .longest: hitches ? figures.longestHitchNs : figures.longestHangNs
      default: 0
      }
    var result = LimitResult(limit: limit, subject: limit.scope.description, value: value)
    result.judged = hitches ? summary.recordedHitches : summary.recordedHangs
    return result
  }

  private static func frameValue(_ measure: BudgetMeasure, _ frames: FrameSummary) -> Int64 {
    switch measure {
    case .missed: Int64(frames.missed)
    case .missedByLongUpdate: Int64(frames.missedByLongUpdate)
    case .missedByAccumulation: Int64(frames.missedByAccumulation)
    case .worstOverrun: frames.worstOverrunNs
    default: 0
    }
  }

  private static func missingView(_ selector: ViewSelector, summary: TraceSummary, budget: Budget)
    -> BudgetError
  {
    let keys = summary.views.map(\.key)
    let sameName = keys.filter { $0.matches(selector.query) }
    var message: String
    if let kind = selector.kind, !sameName.isEmpty {
      let kinds = Set(sameName.map(\.kind)).sorted().map(\.description).joined(separator: ", ")
      message = "view \"\(selector.query)\" has no \(kind) updates in the trace (it has \(kinds))"
    } else {
      message = "no view \"\(selector.query)\" in the trace"
      if let restriction = summary.restriction { message += " (or in \(restriction))" }
      message += Suggestion.phrase(Suggestion.closest(to: selector.query, in: keys), quote: "\"")
    }
    return BudgetError(file: budget.file, location: selector.location, message: message)
  }
}
