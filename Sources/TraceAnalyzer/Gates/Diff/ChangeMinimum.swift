/// The smallest change a diff of one run a side calls a change (`--min-change 5%,50us`).
///
/// One run a side cannot tell noise from change: a change counts only when it exceeds both the
/// relative part (of the base) and, for durations, the absolute part; counts use the relative
/// part only. Smaller changes are shown as unchanged.
package struct ChangeMinimum: Hashable, Sendable {
  /// Percent of the base value.
  package var percent: Double
  /// For durations, ns.
  package var durationNs: Int64

  package static let `default` = ChangeMinimum(percent: 5, durationNs: 50_000)

  package init(percent: Double, durationNs: Int64) {
    self.percent = percent
    self.durationNs = durationNs
  }

  /// Reads `5%,50us` (either part alone keeps the other's default); nil when it cannot.
  package init?(text: String) {
    var result = ChangeMinimum.default
    for part in text.split(separator: ",").map({ String($0.filter { $0 != " " }) }) where !part.isEmpty {
      if part.hasSuffix("%") {
        guard let percent = PercentText.parse(part, in: 0...Double.greatestFiniteMagnitude) else {
          return nil
        }
        result.percent = percent
      } else {
        guard let ns = DurationText.parse(part), ns >= 0 else { return nil }
        result.durationNs = ns
      }
    }
    self = result
  }

  /// `5%, 50.0 µs`.
  package var text: String {
    "\(PercentText.format(percent)), \(DurationText.format(durationNs))"
  }

  /// Whether a change of `delta` from `base` of `measure` is too small to count.
  func isBelow(delta: Int64, base: Int64, measure: DiffMeasure) -> Bool {
    guard delta != 0 else { return false }
    let relative = base != 0 && Double(delta.magnitude) * 100 < percent * Double(base.magnitude)
    let absolute = measure.isDuration && delta.magnitude < durationNs.magnitude
    return relative || absolute
  }
}
