import TraceModel

/// What a budget limit applies to.
package enum BudgetScope: Hashable, Sendable, CustomStringConvertible {
  /// Every update of the trace (or its range), all kinds together.
  case trace
  /// Every update of one kind.
  case kind(UpdateKind)
  /// One view (`View` or `Module.View`; `*` for every view), maybe of one kind only.
  case view(ViewSelector)
  /// The frames and their deadlines.
  case frames
  /// The `cause` events between two nodes of the cause graph.
  case edge(EdgeSelector)
  /// The app's recorded hitches (the system's left out).
  case hitches
  /// The recorded hangs.
  case hangs
  /// The findings of one rule (`check --forbid`, a budget's `findings.forbid`).
  case finding(FindingRule)

  /// The measures a budget's section for the scope may limit, when it has a fixed set.
  package var sectionMeasures: [BudgetMeasure]? {
    switch self {
    case .frames: BudgetMeasure.frames
    case .hitches: [.count, .total, .longest]
    case .hangs: [.count, .longest]
    default: nil
    }
  }

  /// How check results name the subject when the scope names one thing.
  package var description: String {
    switch self {
    case .trace: "all updates"
    case .kind(let kind): "\(kind) updates"
    case .view(let selector): selector.description
    case .frames: "frames"
    case .edge(let selector): selector.description
    case .hitches: "hitches"
    case .hangs: "hangs"
    case .finding(let rule): "\(rule) findings"
    }
  }
}
