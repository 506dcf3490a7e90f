/// What a findings rule declares once: its name, what it finds, the fix, and its thresholds.
///
/// `diagnose --help`, the options every analysing command takes, a budget file's `findings`
/// keys, the JSON's `settings` and docs/analysis.md's table of thresholds come from these.
package struct RuleDeclaration: Sendable {
  package let rule: FindingRule
  /// What it finds, in a few words.
  package let finds: String
  /// What to do about it, in one or two sentences.
  package let suggestion: String
  package let thresholds: [RuleThreshold]
  /// Which of its findings' nodes identify a finding across runs (baselines, SARIF).
  package let subject: FindingFingerprint.Subject

  init(
    rule: FindingRule, finds: String, suggestion: String, thresholds: [RuleThreshold],
    subject: FindingFingerprint.Subject
  ) {
    self.rule = rule
    self.subject = subject
    self.finds = finds
    self.suggestion = suggestion
    self.thresholds = thresholds
  }
}

/// One threshold of a findings rule: a command-line option and a budget key with a default.
package struct RuleThreshold: Hashable, Sendable {
  /// What values it takes.
  package enum Unit: Hashable, Sendable {
    /// A whole number from 0.
    case count
    /// A percentage from 0 % to 100 % (`10%`, or `10`).
    case percent
  }

  /// The command-line option (`--min-red`).
  package let option: String
  /// The key of a budget file's `findings` section and of the JSON's `settings` (`minRed`).
  package let key: String
  package let unit: Unit
  package let defaultValue: Double
  /// What it sets, in a few words (`red updates of one view`).
  package let help: String

  init(option: String, key: String, unit: Unit = .count, default defaultValue: Double, help: String) {
    self.option = option
    self.key = key
    self.unit = unit
    self.defaultValue = defaultValue
    self.help = help
  }

  /// `<n>` or `<percent>`.
  package var valueName: String { unit == .count ? "<n>" : "<percent>" }

  /// The default as the help shows it: `3`, `10%`.
  package var defaultText: String { text(defaultValue) }

  /// `value` as the help and messages show it.
  package func text(_ value: Double) -> String {
    unit == .count ? String(Int(value)) : PercentText.format(value)
  }

  /// The value `text` spells, if it is one this threshold takes.
  package func parse(_ text: String) -> Double? {
    switch unit {
    case .count:
      guard let value = Int(text), value >= 0 else { return nil }
      return Double(value)
    case .percent:
      return PercentText.parse(text)
    }
  }

  /// What a value must be, for messages: `a whole number from 0`, `a percentage from 0% to 100%`.
  package var expected: String {
    unit == .count ? "a whole number from 0" : "a percentage from 0% to 100%"
  }
}
