import TraceModel

/// What `tracecli diff` compares of one run (one trace): per view and kind, frames, edges.
package struct RunFigures: Hashable, Sendable {
  /// The five figures of a view or a kind.
  package struct Figures: Hashable, Sendable {
    package var count: Int64 = 0
    package var orange: Int64 = 0
    package var red: Int64 = 0
    package var p95Ns: Int64 = 0
    package var totalNs: Int64 = 0

    package init() {}

    /// The figures of `statistics`, with `p95Ns` given for kinds (statistics lack it).
    package init(_ statistics: ViewStatistics, p95Ns: Int64? = nil) {
      count = Int64(statistics.count)
      orange = Int64(statistics.orange)
      red = Int64(statistics.red)
      self.p95Ns = p95Ns ?? statistics.p95Ns
      totalNs = statistics.totalNs
    }

    package subscript(measure: DiffMeasure) -> Int64 {
      switch measure {
      case .count: count
      case .orange: orange
      case .red: red
      case .p95: p95Ns
      case .total: totalNs
      case .missed, .overrun, .edge, .finding, .hitches, .hitchTime, .longestHitch, .hangs, .longestHang: 0
      }
    }
  }

  /// The frame figures.
  package struct Frames: Hashable, Sendable {
    package var missed: Int64 = 0
    package var missedByLongUpdate: Int64 = 0
    package var missedByAccumulation: Int64 = 0
    package var worstOverrunNs: Int64 = 0

    package init() {}
  }

  /// The value of a recorded hitches' or hangs' figure (``DiffMeasure/recorded``).
  package func recorded(_ measure: DiffMeasure) -> Int64 {
    switch measure {
    case .hitches: Int64(hitches.hitches)
    case .hitchTime: hitches.hitchNs
    case .longestHitch: hitches.longestHitchNs
    case .hangs: Int64(hitches.hangs)
    case .longestHang: hitches.longestHangNs
    default: 0
    }
  }

  /// The trace's name.
  package var file: String
  package var views: [ViewKey: Figures]
  package var kinds: [UpdateKind: Figures]
  package var frames: Frames
  /// The app's recorded hitches and hangs.
  package var hitches = HitchFigures()
  /// The cause graph's edges; nil when not built.
  package var edges: EdgeCounts?
  /// What the reader warned about.
  package var warnings: [String]
  /// What the recording captured and holds (for the recording check).
  package var recording: RecordingFacts

  /// Updates of every kind (in the range), skipped and unfinished ones included.
  package var updates: Int64 { kinds.values.reduce(0) { $0 + $1.count } }
  /// The run's findings (empty when not diagnosed).
  package var findings: [Finding]

  package init(
    file: String, views: [ViewKey: Figures] = [:], kinds: [UpdateKind: Figures] = [:],
    frames: Frames = Frames(),
    edges: EdgeCounts? = nil, warnings: [String] = [], findings: [Finding] = []
  ) {
    self.file = file
    self.findings = findings
    recording = RecordingFacts(
      file: file, recorded: nil, events: EventCounts(),
      updatesKept: Int(kinds.values.reduce(0) { $0 + $1.count }))
    self.views = views
    self.kinds = kinds
    self.frames = frames
    self.edges = edges
    self.warnings = warnings
  }

  /// The figures of a measured trace.
  package init(_ measurements: CheckMeasurements) {
    let summary = measurements.summary
    var views: [ViewKey: Figures] = [:]
    for view in summary.views { views[view.key] = Figures(view.statistics) }
    var kinds: [UpdateKind: Figures] = [:]
    for kind in UpdateKind.allCases {
      kinds[kind] = Figures(summary[kind], p95Ns: measurements.kindPercentiles?[kind].p95Ns ?? 0)
    }
    var frames = Frames()
    frames.missed = Int64(summary.frames.missed)
    frames.missedByLongUpdate = Int64(summary.frames.missedByLongUpdate)
    frames.missedByAccumulation = Int64(summary.frames.missedByAccumulation)
    frames.worstOverrunNs = summary.frames.worstOverrunNs
    self.init(
      file: summary.file, views: views, kinds: kinds, frames: frames, edges: measurements.edges,
      warnings: summary.warnings.map(\.description), findings: measurements.findings ?? [])
    hitches = summary.hitches
    recording = RecordingFacts(summary)
  }
}
