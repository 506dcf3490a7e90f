/// How text output looks: ANSI colour on a terminal, plain otherwise, and how wide it may be.
package struct TextStyle: Hashable, Sendable {
  package static let plain = TextStyle(color: false)
  package static let color = TextStyle(color: true)
  /// The width of lines drawn to scale when there is no terminal to say (a pipe).
  package static let defaultColumns = 100

  package var color: Bool
  /// The terminal's width in columns, for tables that cut what does not fit; nil (a pipe, a
  /// file): nothing is cut.
  package var width: Int?

  /// The width lines drawn to scale fill: the terminal's, else 100 (a pipe's too), at most 1000.
  package var columns: Int { min(width ?? Self.defaultColumns, 1000) }

  /// A style of `columns` columns for lines drawn to scale (a test's).
  package init(color: Bool, columns: Int) { self.init(color: color, width: columns) }

  package init(color: Bool, width: Int? = nil) {
    self.color = color
    self.width = width
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
