/// The findings rules: the built-in ones in the order analysis.md lists them, then any a
/// caller registers for a while (a test's own rule, say).
package enum FindingRules {
  static let builtIn: [RuleEntry] = [
    RuleEntry(LongBodyRule.self), RuleEntry(BlockingUpdateRule.self), RuleEntry(FanOutRule.self),
    RuleEntry(EnvironmentChurnRule.self), RuleEntry(UpdateLoopRule.self), RuleEntry(OverBroadInputRule.self),
    RuleEntry(AccumulationRule.self),
  ]

  /// Rules registered for the current task (see ``registering(_:_:)``).
  @TaskLocal static var registered: [any FindingsRule.Type] = []

  /// Every rule in effect.
  static var all: [any FindingsRule.Type] { builtIn.map(\.type) + registered }

  /// Runs `body` with `rules` registered, as read from ``registered`` on a task: for work that
  /// task hands to another thread, which its task-local value does not reach.
  static func withRegistered<Result>(
    _ rules: [any FindingsRule.Type], _ body: () throws -> Result
  ) rethrows -> Result {
    try $registered.withValue(rules, operation: body)
  }

  /// The entry of `type`: a built-in rule's, specialized for it, else one made now.
  static func entry(_ type: any FindingsRule.Type) -> RuleEntry {
    builtIn.first { ObjectIdentifier($0.type) == ObjectIdentifier(type) } ?? RuleEntry(type)
  }

  /// Every rule's declaration, in order.
  package static var declarations: [RuleDeclaration] { all.map { $0.declaration } }

  /// Every rule's thresholds, in order.
  package static var thresholds: [RuleThreshold] { declarations.flatMap(\.thresholds) }

  /// Runs `body` with `rule` in effect beside the built-in ones: in its options, help, budget
  /// keys, settings and findings.
  static func registering<Result>(_ rule: any FindingsRule.Type, _ body: () throws -> Result) rethrows -> Result {
    try $registered.withValue(registered + [rule], operation: body)
  }

  /// The Markdown table of every rule's thresholds, as docs/analysis.md shows it.
  package static var markdownTable: String {
    var text = "| rule | finds | option | budget key | default | sets |\n|---|---|---|---|---|---|\n"
    for declaration in declarations {
      for threshold in declaration.thresholds {
        text += "| `\(declaration.rule)` | \(declaration.finds) | `\(threshold.option) \(threshold.valueName)` "
          + "| `\(threshold.key)` | \(threshold.defaultText) | \(threshold.help) |\n"
      }
    }
    return text
  }
}
