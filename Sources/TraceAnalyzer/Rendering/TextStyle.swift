/// How text output looks: ANSI colour on a terminal, plain otherwise, and how wide a line
/// drawn to scale may be.
package struct TextStyle: Hashable, Sendable {
  package static let plain = TextStyle(color: false)
  package static let color = TextStyle(color: true)
  /// The width of drawn lines when the environment gives none (no `COLUMNS`).
  package static let defaultColumns = 100

  package var color: Bool
  /// The width in characters that lines drawn to scale fill (`COLUMNS`).
  package var columns: Int

  package init(color: Bool, columns: Int = defaultColumns) {
    self.color = color
    self.columns = columns
  }

  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func red(_ text: String) -> String { wrap(text, "1;31") }
  func orange(_ text: String) -> String { wrap(text, "38;5;208") }

  /// `text` coloured by `severity`.
  func severity(_ text: String, _ severity: Severity?) -> String {
    switch severity {
    case .red: red(text)
    case .orange: orange(text)
    case nil: text
    }
  }

  private func wrap(_ text: String, _ code: String) -> String {
    color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
