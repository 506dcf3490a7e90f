/// The rate an app drew at, from what a recording holds, and where it came from.
///
/// In this order: the cadence of the recorded vsyncs; `hitches-summary`'s `refresh-interval`;
/// `device-display-info`'s `max-refresh-rate` (what the panel can do, not what the app drew
/// at); the cadence of frame-lifetime starts; else none (the analysis assumes 60 Hz and says
/// so). Never hitch durations: a hitch lasts whole frames of whatever rate.
struct XCTraceRefreshRate: Hashable, Sendable {
  /// Intervals between the vsyncs of the display frames come from, ns, and the file they
  /// are in.
  var vsyncIntervals: [Int64] = []
  var vsyncFile: String?
  /// `hitches-summary`'s refresh intervals, ns.
  var refreshIntervals: [Int64] = []
  /// The main display's (else the first listed) maximum rate, Hz.
  var displayMaximum: Double?
  /// The distinct starts of frame lifetimes, ns.
  var lifetimeStarts: [Int64] = []

  /// The rate and its `refreshRateSource`, if anything gave one.
  var chosen: (rate: Double, source: String)? {
    if let rate = Self.cadence(vsyncIntervals) { return (rate, "vsyncs") }
    if let interval = Self.mostFrequent(refreshIntervals.filter(Self.plausible)) {
      return (1e9 / Double(interval), "refresh-interval")
    }
    if let displayMaximum { return (displayMaximum, "display-max") }
    let starts = lifetimeStarts.sorted()
    if let rate = Self.cadence(zip(starts, starts.dropFirst()).map { $1 &- $0 }) { return (rate, "frame-lifetimes") }
    return nil
  }

  /// A note when the vsyncs' cadence and the display's maximum disagree (a 120 Hz panel that
  /// drew at 60 Hz).
  var disagreement: String? {
    guard let cadence = Self.cadence(vsyncIntervals), let displayMaximum, abs(cadence - displayMaximum) >= 1 else {
      return nil
    }
    return "the vsyncs run at \(Self.text(cadence)) Hz while the display can do \(Self.text(displayMaximum)) Hz "
      + "(device-display-info): frames are judged at \(Self.text(cadence)) Hz, the rate the app drew at"
  }

  /// Whether `interval` (ns) is one a display runs at: from 2 ms (500 Hz; closer vsyncs or
  /// lifetimes are of two surfaces, or one row repeated) to 1 s.
  static func plausible(_ interval: Int64) -> Bool { interval >= 2_000_000 && interval <= 1_000_000_000 }

  /// The rate of the 10th percentile (nearest rank) of the intervals from 2 to 50 ms, in whole
  /// Hz: an idle ProMotion panel runs slower most of the time, and its fastest cadence is the
  /// app's.
  static func cadence(_ intervals: [Int64]) -> Double? {
    let short = intervals.filter { plausible($0) && $0 < 50_000_000 }.sorted()
    guard !short.isEmpty else { return nil }
    let interval = short[(short.count * 10 + 99) / 100 - 1]
    let rate = (1e9 / Double(interval)).rounded()
    return rate >= 1 ? rate : nil
  }

  /// The most frequent positive value (ties: the smallest).
  private static func mostFrequent(_ values: [Int64]) -> Int64? {
    var counts: [Int64: Int] = [:]
    for value in values where value > 0 { counts[value, default: 0] += 1 }
    return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
  }

  private static func text(_ rate: Double) -> String {
    rate == rate.rounded() && abs(rate) < 1e15 ? String(Int64(rate)) : String(rate)
  }
}
