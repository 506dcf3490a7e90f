import TraceModel

/// What `tracecli diff` compares of one run (one trace): per view and kind, frames, edges.
public struct RunFigures: Hashable, Sendable {
  /// The five figures of a view or a kind.
  public struct Figures: Hashable, Sendable {
    public var count: Int64 = 0
    public var orange: Int64 = 0
    public var red: Int64 = 0
    public var p95Ns: Int64 = 0
    public var totalNs: Int64 = 0

    public init() {}

    /// The figures of `statistics`, with `p95Ns` given for kinds (statistics lack it).
    public init(_ statistics: ViewStatistics, p95Ns: Int64? = nil) {
      count = Int64(statistics.count)
      orange = Int64(statistics.orange)
      red = Int64(statistics.red)
      self.p95Ns = p95Ns ?? statistics.p95Ns
      totalNs = statistics.totalNs
    }

    public subscript(measure: DiffMeasure) -> Int64 {
      switch measure {
      case .count: count
      case .orange: orange
      case .red: red
      case .p95: p95Ns
      case .total: totalNs
      case .missed, .overrun, .edge, .finding: 0
      }
    }
  }

  /// The frame figures.
  public struct Frames: Hashable, Sendable {
    public var missed: Int64 = 0
    public var missedByLongUpdate: Int64 = 0
    public var missedByAccumulation: Int64 = 0
    public var worstOverrunNs: Int64 = 0

    public init() {}
  }

  /// The trace's name.
  public var file: String
  public var views: [ViewKey: Figures]
  public var kinds: [UpdateKind: Figures]
  public var frames: Frames
  /// The cause graph's edges; nil when not built.
  public var edges: EdgeCounts?
  /// What the reader warned about.
  public var warnings: [String]

  /// Updates of every kind (in the range), skipped and unfinished ones included.
  public var updates: Int64 { kinds.values.reduce(0) { $0 + $1.count } }
  /// The run's findings (empty when not diagnosed).
  public var findings: [Finding]

  public init(
    file: String, views: [ViewKey: Figures] = [:], kinds: [UpdateKind: Figures] = [:],
    frames: Frames = Frames(),
    edges: EdgeCounts? = nil, warnings: [String] = [], findings: [Finding] = []
  ) {
    self.file = file
    self.findings = findings
    self.views = views
    self.kinds = kinds
    self.frames = frames
    self.edges = edges
    self.warnings = warnings
  }

  /// The figures of a measured trace.
  public init(_ measurements: CheckMeasurements) {
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
  }
}
