/// The thresholds of the findings rules (analysis.md "Findings"); each is a `diagnose`
/// option and a key of a budget file's `findings` section.
public struct FindingSettings: Hashable, Sendable {
  /// `long-body`: red updates a body or representable node needs (`--min-red`, `minRed`).
  public var minRed = 3
  /// `blocking-update`: frame budgets a main-thread update must last (`--blocking-frames`).
  public var blockingFrames = 4
  /// `fan-out`: the median burst size that makes a fan-out (`--fan-out`, `fanOut`).
  public var fanOut = 8
  /// `environment-churn`: distinct frames an environment source must reach (`--churn-frames`).
  public var churnFrames = 10
  /// `update-loop`: distinct frames a cycle must reach (`--loop-frames`, `loopFrames`).
  public var loopFrames = 10
  /// `update-loop`: the share of the loop's frames, in percent, that gestures must stay under
  /// (`--loop-gestures 10%`, `loopGestures`).
  public var loopGesturesPercent: Double = 10
  /// `over-broad-input`: finished updates `@self` causes must reach (`--self-min`, `selfMin`).
  public var selfMin = 5
  /// `accumulation`: frames missed by accumulation (`--accumulation-frames`).
  public var accumulationFrames = 2

  public init() {}
}
