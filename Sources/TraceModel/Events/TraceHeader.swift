/// The optional first line of a trace: format version and recording facts.
public struct TraceHeader: Hashable, Sendable {
  /// The only format version this reader understands.
  public static let supportedVersion: Int64 = 1
  /// The refresh rate assumed when the header gives none.
  public static let defaultRefreshRate = 60.0
  /// The refresh rates a header may give, Hz: frame budgets from 1 ns to 1000 s.
  public static let refreshRates: ClosedRange<Double> = 0.001...1e9

  public var version: Int64
  public var app: String?
  public var device: String?
  /// Display refresh rate in Hz.
  public var refreshRate: Double?
  /// Trace start (ns); anchors the implicit frame grid.
  public var start: Int64?
  public var producer: String?

  public init(
    version: Int64 = TraceHeader.supportedVersion, app: String? = nil, device: String? = nil,
    refreshRate: Double? = nil, start: Int64? = nil, producer: String? = nil
  ) {
    self.version = version
    self.app = app
    self.device = device
    self.refreshRate = refreshRate
    self.start = start
    self.producer = producer
  }

  /// The frame budget in ns: `1e9 / refreshRate`, rounded to the nearest ns.
  public var frameBudget: Int64 {
    Int64((1e9 / (refreshRate ?? Self.defaultRefreshRate)).rounded())
  }
}
