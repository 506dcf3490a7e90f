/// The outcome of checking one trace against a budget.
package struct CheckResult: Hashable, Sendable {
  /// The trace's name as given.
  package var trace: String
  /// The budget file's name (`command line` for options only).
  package var budget: String
  /// Every limit on every subject it names, in budget order.
  package var results: [LimitResult]
  /// What the trace reader warned about.
  package var warnings: [String]

  package init(trace: String, budget: String, results: [LimitResult], warnings: [String] = []) {
    self.trace = trace
    self.budget = budget
    self.results = results
    self.warnings = warnings
  }

  /// Whether every limit holds.
  package var passed: Bool { results.allSatisfy(\.passed) }

  /// The results over their limit, in budget order.
  package var violations: [LimitResult] { results.filter { !$0.passed } }
}
