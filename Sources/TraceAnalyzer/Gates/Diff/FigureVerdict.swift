#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The statistical verdict on one figure over many runs a side: a Mann–Whitney p, its q after
/// adjusting for the views compared, and whether the medians moved by more than the minimum.
package struct FigureVerdict: Hashable, Sendable {
  /// What the runs say.
  package enum Outcome: String, Hashable, Sendable {
    case slower
    case faster
    case same
  }

  /// The test's two-sided p.
  package var p: Double
  /// p adjusted over the views of the figure (Benjamini–Hochberg); p for whole-trace figures.
  package var q: Double
  /// The significance level.
  package var alpha: Double
  /// The direction of a median change larger than the minimum; nil for a smaller one.
  package var direction: Outcome?

  package init(p: Double, q: Double, alpha: Double, direction: Outcome?) {
    self.p = p
    self.q = q
    self.alpha = alpha
    self.direction = direction
  }

  /// `slower` or `faster` when q < α and the medians moved by more than the minimum.
  package var outcome: Outcome { q < alpha ? direction ?? .same : .same }

  /// The same verdict for a figure tested alone (q = p).
  package var alone: FigureVerdict { FigureVerdict(p: p, q: p, alpha: alpha, direction: direction) }

  /// Whether q is too large for a verdict at α.
  package var isInconclusive: Bool { q >= alpha }

  /// The direction of a change from `base` to `head` of `measure` that is larger than `minimum`:
  /// both its relative part (any rise from a base of 0) and, for durations, its absolute part.
  static func direction(
    base: Int64, head: Int64, measure: DiffMeasure, minimum: ChangeMinimum
  ) -> Outcome? {
    let delta = head.saturatingSubtract(base)
    guard delta != 0 else { return nil }
    let relative = base == 0 || Double(delta.magnitude) * 100 > minimum.percent * Double(base.magnitude)
    let absolute = !measure.isDuration || delta.magnitude > minimum.durationNs.magnitude
    guard relative && absolute else { return nil }
    return delta > 0 ? .slower : .faster
  }

  /// `p 0.0079 q 0.016`.
  package var text: String { "p \(Self.format(p)) q \(Self.format(q))" }

  /// A p or q value with three significant digits (`0.0079`, `0.0286`, `1.2e-5`, `1`, `0`).
  package static func format(_ value: Double) -> String {
    guard value > 0 else { return "0" }
    guard value < 1 else { return "1" }
    var exponent = Int(log10(value).rounded(.down))
    if value < 0.0001 {
      // Two significant digits in scientific form, renormalised when rounding reaches 10.
      // Scaled in two steps, so that a subnormal value's power of ten stays finite.
      let lifted = exponent < -300 ? value * 1e300 : value
      var mantissa =
        (lifted / pow(10, Double(exponent < -300 ? exponent + 300 : exponent)) * 10).rounded() / 10
      if mantissa >= 10 {
        mantissa /= 10
        exponent += 1
      }
      let digits = mantissa == mantissa.rounded() ? String(Int(mantissa)) : String(mantissa)
      return "\(digits)e\(exponent)"
    }
    let scale = pow(10, Double(2 - exponent))
    let rounded = (value * scale).rounded() / scale
    guard rounded < 1 else { return "1" }
    return String(rounded)
  }
}
