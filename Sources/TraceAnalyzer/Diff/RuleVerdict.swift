/// What one `--fail-on` rule found in a diff.
public struct RuleVerdict: Hashable, Sendable {
  /// The rule's outcome; the command exits 1 on any failure, else 2 on any inconclusive.
  public enum Outcome: String, Hashable, Sendable {
    case pass
    case fail
    /// A change exceeds the rule but lies within the runs' own spread.
    case inconclusive
  }

  /// One subject whose change exceeds the rule.
  public struct Hit: Hashable, Sendable {
    /// A view (`Landmarks.LandmarkListItemView (body)`), `frames` or an edge.
    public var subject: String
    public var change: FigureChange
  }

  public var rule: DiffRule
  /// False when the rule could not be applied (edges without a cause graph).
  public var evaluated: Bool
  /// Real changes over the rule.
  public var failures: [Hit] = []
  /// Changes over the rule but within the runs' spread.
  public var inconclusive: [Hit] = []

  public init(rule: DiffRule, evaluated: Bool = true) {
    self.rule = rule
    self.evaluated = evaluated
  }

  public var outcome: Outcome {
    if !failures.isEmpty { return .fail }
    if !inconclusive.isEmpty { return .inconclusive }
    return .pass
  }

  /// The worst outcome of `verdicts`: fail over inconclusive over pass.
  public static func overall(_ verdicts: [RuleVerdict]) -> Outcome {
    if verdicts.contains(where: { $0.outcome == .fail }) { return .fail }
    if verdicts.contains(where: { $0.outcome == .inconclusive }) { return .inconclusive }
    return .pass
  }
}
