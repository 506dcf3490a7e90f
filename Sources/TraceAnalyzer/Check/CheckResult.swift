/// The outcome of checking one trace against a budget.
public struct CheckResult: Hashable, Sendable {
  /// The trace's name as given.
  public var trace: String
  /// The budget file's name (`command line` for options only).
  public var budget: String
  /// Every limit on every subject it names, in budget order.
  public var results: [LimitResult]
  /// What the trace reader warned about.
  public var warnings: [String]

  public init(trace: String, budget: String, results: [LimitResult], warnings: [String] = []) {
    self.trace = trace
    self.budget = budget
    self.results = results
    self.warnings = warnings
  }

  /// Whether every limit holds.
  public var passed: Bool { results.allSatisfy(\.passed) }

  /// The results over their limit, in budget order.
  public var violations: [LimitResult] { results.filter { !$0.passed } }
}
