/// A problem tracecli names: one rule of analysis.md "Findings".
public enum FindingRule: String, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
  /// A view's body runs long, again and again.
  case longBody = "long-body"
  /// One update held the main thread for several frames.
  case blockingUpdate = "blocking-update"
  /// One change makes many updates of one view.
  case fanOut = "fan-out"
  /// Environment changes reach views over many frames, some of them for nothing.
  case environmentChurn = "environment-churn"
  /// Updates cause each other frame after frame with nobody touching the app.
  case updateLoop = "update-loop"
  /// A parent passes a whole value to a child that shows a part of it.
  case overBroadInput = "over-broad-input"
  /// Frames missed by many small updates, none of them long.
  case accumulation

  public var description: String { rawValue }

  /// The rule spelt `text` (`fan-out`), if there is one.
  package init?(named text: String) { self.init(rawValue: text) }

  /// In the order analysis.md lists them.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// What to do about it, in one or two sentences.
  public var suggestion: String {
    switch self {
    case .longBody:
      "Move expensive work out of body: create formatters once and cache them, precompute "
        + "filtered or sorted data when it changes, not on every update."
    case .blockingUpdate:
      "Do slow work off the main thread: load data in .task { await … } instead of a "
        + "synchronous initializer or fetch reached from body."
    case .fanOut:
      "Narrow the dependency: give each row its own @Observable model (or pass it only the "
        + "value it shows) so one change updates one row, not all of them."
    case .environmentChurn:
      "Keep fast-changing values (geometry, timers, counters) out of the environment; pass "
        + "them to the views that need them, so the others are not checked on every change."
    case .updateLoop:
      "Break the cycle: stop writing state from onAppear/onChange (or a body-reached fetch) "
        + "that the view itself depends on; move that state to its own model or modifier."
    case .overBroadInput:
      "Pass the child only what it shows (the image, not the whole model value), or make the "
        + "child Equatable, so unrelated changes of the parent's value do not re-run its body."
    case .accumulation:
      "Fewer views should update per frame: narrow dependencies (per-row models, smaller "
        + "observed properties) and lazy containers, since no single update is to blame."
    }
  }
}
