/// One figure compared between the base runs and the head runs.
package struct FigureChange: Hashable, Sendable {
  /// What the change amounts to (higher figures are worse).
  package enum Status: String, Hashable, Sendable {
    case unchanged
    /// Changed by less than the runs' own spread.
    case noise
    case worse
    case better
  }

  package var measure: DiffMeasure
  package var base: RunSpread
  package var head: RunSpread
  /// With one run a side, the smallest change that counts (nil: every change counts).
  package var minimum: ChangeMinimum?
  /// With enough runs a side, what the test says (nil for fewer runs or an untested figure).
  package var verdict: FigureVerdict?

  package init(measure: DiffMeasure, base: RunSpread, head: RunSpread, minimum: ChangeMinimum? = nil) {
    self.measure = measure
    self.base = base
    self.head = head
    self.minimum = minimum
  }

  /// Whether the change is too small to count with one run a side (shown as unchanged).
  package var isBelowMinimum: Bool {
    minimum?.isBelow(delta: delta, base: base.median, measure: measure) ?? false
  }

  /// Head median minus base median.
  package var delta: Int64 { head.median.saturatingSubtract(base.median) }

  /// The runs' own spread: the larger of the two sides' (0 with one run a side).
  package var noiseFloor: Int64 { max(base.spread, head.spread) }

  /// Whether the change is not one: smaller than the runs' own spread or, with a verdict, not
  /// `slower` or `faster` (and not zero).
  package var isNoise: Bool {
    guard delta != 0 else { return false }
    if let verdict { return verdict.outcome == .same }
    return delta.magnitude < noiseFloor.magnitude
  }

  package var status: Status {
    if delta == 0 || isBelowMinimum { return .unchanged }
    if isNoise { return .noise }
    return delta > 0 ? .worse : .better
  }

  /// The change in percent of the base median; nil when the base is 0.
  package var percent: Double? {
    base.median == 0 ? nil : Double(delta) / Double(base.median) * 100
  }

  /// `116 → 0 (−116)`, `2.22 ms → 231 µs (−90%)`; the value alone when unchanged.
  package var text: String {
    if delta == 0 { return measure.text(head.median) }
    var result = "\(measure.text(base.median)) → \(measure.text(head.median)) ("
    if let percent, measure.isDuration {
      result += DiffRule.percentText(percent)
    } else {
      result += measure.deltaText(delta)
    }
    result += ")"
    return status == .noise ? result + " ~" : result
  }
}
