/// The optional first line of a trace: format version and recording facts.
@usableFromInline package struct TraceHeader: Hashable, Sendable {
  /// The only format version this reader understands.
  @usableFromInline package static let supportedVersion: Int64 = 1
  /// The refresh rate assumed when the header gives none.
  @usableFromInline package static let defaultRefreshRate = 60.0
  /// The refresh rates a header may give, Hz: frame budgets from 1 ns to 1000 s.
  @usableFromInline package static let refreshRates: ClosedRange<Double> = 0.001...1e9

  @usableFromInline package var version: Int64
  @usableFromInline package var app: String?
  @usableFromInline package var device: String?
  /// Display refresh rate in Hz.
  @usableFromInline package var refreshRate: Double?
  /// Where an importer found the rate: `vsyncs`, `refresh-interval`, `display-max`,
  /// `frame-lifetimes`.
  @usableFromInline package var refreshRateSource: String?
  /// What the recording captured (`updates`, `causes`, `frames`, `hitches`, `hangs`,
  /// `samples`, `intervals`), as an importer found it; nil: unknown.
  @usableFromInline package var recorded: [String]?
  /// Trace start (ns); anchors the implicit frame grid.
  @usableFromInline package var start: Int64?
  @usableFromInline package var producer: String?

  @usableFromInline package init(
    version: Int64 = TraceHeader.supportedVersion, app: String? = nil, device: String? = nil,
    refreshRate: Double? = nil, start: Int64? = nil, producer: String? = nil,
    refreshRateSource: String? = nil, recorded: [String]? = nil
  ) {
    self.refreshRateSource = refreshRateSource
    self.recorded = recorded
    self.version = version
    self.app = app
    self.device = device
    self.refreshRate = refreshRate
    self.start = start
    self.producer = producer
  }

  /// The frame budget in ns of `refreshRate` Hz: `⌊1e9 / refreshRate + ½⌋`.
  @usableFromInline package static func budget(refreshRate: Double) -> Int64 {
    Int64((1e9 / refreshRate).rounded())
  }
}
