/// A problem tracecli names: one rule of analysis.md "Findings", by its name.
///
/// The rules themselves are ``FindingsRule`` types under `Findings/Rules/`, each declaring its
/// name, fix and thresholds once (``RuleDeclaration``); ``FindingRules`` lists them.
public struct FindingRule: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The name findings, options and budgets spell it with (`fan-out`).
  public let rawValue: String

  init(_ name: String) { rawValue = name }

  /// A view's body runs long, again and again.
  public static let longBody = FindingRule("long-body")
  /// One update held the main thread for several frames.
  public static let blockingUpdate = FindingRule("blocking-update")
  /// One change makes many updates of one view.
  public static let fanOut = FindingRule("fan-out")
  /// Environment changes reach views over many frames, some of them for nothing.
  public static let environmentChurn = FindingRule("environment-churn")
  /// Updates cause each other frame after frame with nobody touching the app.
  public static let updateLoop = FindingRule("update-loop")
  /// A parent passes a whole value to a child that shows a part of it.
  public static let overBroadInput = FindingRule("over-broad-input")
  /// Frames missed by many small updates, none of them long.
  public static let accumulation = FindingRule("accumulation")

  /// Every rule, in the order analysis.md lists them (and then those registered).
  public static var allCases: [FindingRule] { FindingRules.declarations.map(\.rule) }

  public var description: String { rawValue }

  /// The rule spelt `text` (`fan-out`), if there is one.
  package init?(named text: String) {
    guard let rule = Self.allCases.first(where: { $0.rawValue == text }) else { return nil }
    self = rule
  }

  /// In the order analysis.md lists them; a rule no longer listed after them, by name.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    let order = allCases
    switch (order.firstIndex(of: lhs), order.firstIndex(of: rhs)) {
    case (let left?, let right?): return left < right
    case (_?, nil): return true
    case (nil, _?): return false
    case (nil, nil): return lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
  }

  /// What to do about it, in one or two sentences.
  public var suggestion: String {
    FindingRules.declarations.first { $0.rule == self }?.suggestion ?? ""
  }
}
