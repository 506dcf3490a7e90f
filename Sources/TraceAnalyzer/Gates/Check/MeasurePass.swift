import Dispatch
import TraceModel

/// What a budget check or a diff measures of one trace, as a pass: the summary, and the extras
/// only some budgets need (percentiles over kinds, the graph's edges, the findings, the orange
/// and red counts at other thresholds), all from one read.
struct MeasurePass: Pass {
  /// Percentiles per kind and over the trace, from the summary's spill.
  var kindPercentiles = false
  /// The cause graph's edge counts.
  var edges = false
  /// The edges counted: those these selectors count, or all when nil.
  var edgeSelectors: [EdgeSelector]?
  /// The findings, with these settings.
  var findings: FindingSettings?
  /// Orange and red counted again at these thresholds, from the summary's spill.
  var recount: Thresholds?
  /// The findings rules: those in effect where the pass is made.
  var rules: [any FindingsRule.Type] = FindingRules.all

  /// The measurements, and the same with orange and red counted at ``recount``.
  struct Output {
    var measurements: CheckMeasurements
    var recounted: CheckMeasurements?
  }

  var graph: GraphNeed { findings != nil ? .resolvedCauses : edges ? .graph : .none }

  private var findingsPass: OptionalPass<FindingsPass> {
    OptionalPass(findings.map { FindingsPass(settings: $0, rules: rules) })
  }

  func makePart(_ context: PartContext) -> OptionalPass<FindingsPass>.Part { findingsPass.makePart(context) }

  func finish(_ read: FinishedRead<OptionalPass<FindingsPass>.Part>) -> Output {
    var measurements = CheckMeasurements(summary: read.summary)
    if kindPercentiles { measurements.kindPercentiles = Self.kindPercentiles(read.builder) }
    // The edge counts (a dictionary of every edge by its labels) are made on another thread
    // while the findings run here (not both in one concurrentPerform: the findings' own scans
    // would then run one after another).
    let edgeCounts = ResultSlot<EdgeCounts?>(nil)
    let counting = DispatchGroup()
    if edges {
      let graph = read.graph?.graph ?? CauseGraph(nodes: [], edges: [])
      let selectors = edgeSelectors
      DispatchQueue.global().async(group: counting) {
        edgeCounts.value = EdgeCounts(graph, keeping: selectors)
      }
    }
    measurements.findings = findingsPass.finish(read)
    counting.wait()
    if edges { measurements.edges = edgeCounts.value }
    var output = Output(measurements: measurements)
    if let recount {
      var recounted = measurements
      recounted.summary = Self.recounting(read.summary, builder: read.builder, at: recount)
      output.recounted = recounted
    }
    return output
  }

  /// Nearest-rank p50 and p95 of every spilled (kept, finished) update by kind and over all,
  /// in bounded memory (``SummaryBuilder/percentiles(sets:membership:)``).
  private static func kindPercentiles(_ builder: SummaryBuilder) -> KindPercentiles {
    let all = UpdateKind.allCases.count
    let pairs = builder.percentiles(sets: all + 1) { [builder.keys[$0].kind.rawValue, all] }
    var result = KindPercentiles()
    for kind in UpdateKind.allCases {
      result.kinds[kind] = KindPercentiles.Pair(
        p50Ns: pairs[kind.rawValue].p50Ns, p95Ns: pairs[kind.rawValue].p95Ns)
    }
    result.total = KindPercentiles.Pair(p50Ns: pairs[all].p50Ns, p95Ns: pairs[all].p95Ns)
    return result
  }

  /// `summary` with every view's and kind's orange and red counted at `thresholds`.
  private static func recounting(
    _ summary: TraceSummary, builder: SummaryBuilder, at thresholds: Thresholds
  ) -> TraceSummary {
    var counts = [(orange: Int, red: Int)](repeating: (0, 0), count: builder.keys.count)
    builder.forEachSpilled { group, record in
      if record.duration > thresholds.red {
        counts[group].red += 1
      } else if record.duration > thresholds.orange {
        counts[group].orange += 1
      }
    }
    var index: [ViewKey: Int] = [:]
    for (group, key) in builder.keys.enumerated() { index[key] = group }
    var result = summary
    result.thresholds = thresholds
    for kind in result.kinds.keys {
      result.kinds[kind]?.orange = 0
      result.kinds[kind]?.red = 0
    }
    for position in result.views.indices {
      let key = result.views[position].key
      let (orange, red) = index[key].map { counts[$0] } ?? (0, 0)
      result.views[position].statistics.orange = orange
      result.views[position].statistics.red = red
      result.kinds[key.kind]?.orange += orange
      result.kinds[key.kind]?.red += red
    }
    return result
  }
}

/// What one task of a `concurrentPerform` hands back (each slot written by one task).
private final class ResultSlot<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
