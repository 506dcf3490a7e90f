/// The thresholds of the findings rules (analysis.md "Findings"), each declared by its rule
/// (``RuleThreshold``): a `diagnose` option and a key of a budget file's `findings` section.
package struct FindingSettings: Hashable, Sendable {
  private var counts: [String: Int] = [:]
  private var percents: [String: Double] = [:]

  package init() {}

  /// A count threshold's value: the one set, else its default.
  package func count(_ threshold: RuleThreshold) -> Int {
    counts[threshold.key] ?? Int(threshold.defaultValue)
  }

  /// A percentage threshold's value: the one set, else its default.
  package func percent(_ threshold: RuleThreshold) -> Double {
    percents[threshold.key] ?? threshold.defaultValue
  }

  /// Sets a count threshold (a default is not kept: settings that say the same are equal).
  package mutating func set(_ threshold: RuleThreshold, count: Int) {
    counts[threshold.key] = Double(count) == threshold.defaultValue ? nil : count
  }

  /// Sets a percentage threshold (a default is not kept: settings that say the same are equal).
  package mutating func set(_ threshold: RuleThreshold, percent: Double) {
    percents[threshold.key] = percent == threshold.defaultValue ? nil : percent
  }
}
