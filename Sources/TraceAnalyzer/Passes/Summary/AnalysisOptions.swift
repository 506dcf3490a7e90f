import TraceModel

/// What every analysis command can set: thresholds, the inspection range, the refresh rate,
/// reader threads.
///
/// A nil value (a range end included) means "not given": the default applies, or what a budget
/// file sets, so a command line given explicitly always wins over a budget.
public struct AnalysisOptions: Hashable, Sendable {
  /// The orange cut-off in ns; nil for Instruments' 500 µs.
  public var orange: Int64?
  /// The red cut-off in ns; nil for Instruments' 1 ms.
  public var red: Int64?
  public var range: TimeRange
  /// The windows (`--window`): interval names, or `SUBSYSTEM/NAME`; empty for the whole trace.
  public var windows: [String] = []
  /// What a window the trace lacks means (a usage error unless a gate says otherwise).
  package var missingWindows = MissingWindows.usageError
  /// The refresh rate in Hz the frames are judged at, over the trace's own; nil for the
  /// trace's (or 60 Hz, assumed).
  public var refreshRate: Double?
  /// The app whose hitches and hangs an xctrace recording of every process keeps (a name or a
  /// pid); nil: the recording's target.
  public var process: String?
  /// Reader threads (the file is split at line boundaries); nil for the CPUs the process may
  /// run on.
  public var threads: Int?
  /// The partitions of the cause spills; nil to choose them by the input's size (tests set
  /// them, to split a small trace's join between threads).
  var causePartitions: Int?
  /// What each reader part keeps to resolve causes as it reads them (nil: the join resolves
  /// every cause; tests compare the two).
  var earlyCauses: CauseGraphSink.EarlyCauses.Limits? = CauseGraphSink.EarlyCauses.Limits()

  public init(
    orange: Int64? = nil, red: Int64? = nil, range: TimeRange = TimeRange(), refreshRate: Double? = nil,
    threads: Int? = nil
  ) {
    self.orange = orange
    self.red = red
    self.range = range
    self.refreshRate = refreshRate
    self.threads = threads
  }

  /// The cut-offs in effect: those given, else Instruments'; setting it gives both.
  public var thresholds: Thresholds {
    get {
      Thresholds(orange: orange ?? Thresholds.instruments.orange, red: red ?? Thresholds.instruments.red)
    }
    set {
      orange = newValue.orange
      red = newValue.red
    }
  }

  /// What a `--window` name (or a budget's window) that names no interval of the trace means.
  package enum MissingWindows: Hashable, Sendable {
    /// A usage error (64), with the trace's windows and a "did you mean": the analysing
    /// commands, where a name is most likely mistyped.
    case usageError
    /// The recording cannot be judged (65): the gates, where the interaction may not have
    /// been recorded.
    case cannotJudge
    /// A window that keeps nothing (`--allow-missing-window`).
    case keepNothing
  }

  /// The reader threads in effect: at least one.
  package var readerThreads: Int { max(1, threads ?? ProcessorCount.available) }
}
