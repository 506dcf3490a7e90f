/// The thresholds of the findings rules (analysis.md "Findings"); each is a `diagnose`
/// option and a key of a budget file's `findings` section.
package struct FindingSettings: Hashable, Sendable {
  /// `long-body`: red updates a body or representable node needs (`--min-red`, `minRed`).
  package var minRed = 3
  /// `blocking-update`: frame budgets a main-thread update must last (`--blocking-frames`).
  package var blockingFrames = 4
  /// `fan-out`: the median burst size that makes a fan-out (`--fan-out`, `fanOut`).
  package var fanOut = 8
  /// `environment-churn`: distinct frames an environment source must reach (`--churn-frames`).
  package var churnFrames = 10
  /// `update-loop`: distinct frames a cycle must reach (`--loop-frames`, `loopFrames`).
  package var loopFrames = 10
  /// `update-loop`: the share of the loop's frames, in percent, that gestures must stay under
  /// (`--loop-gestures 10%`, `loopGestures`).
  package var loopGesturesPercent: Double = 10
  /// `over-broad-input`: finished updates `@self` causes must reach (`--self-min`, `selfMin`).
  package var selfMin = 5
  /// `accumulation`: frames missed by accumulation (`--accumulation-frames`).
  package var accumulationFrames = 2

  package init() {}
}
