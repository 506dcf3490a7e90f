/// Why one line of a trace could not be read: a 1-based column and a message.
@usableFromInline package struct LineError: Error, Hashable, Sendable {
  /// 1-based byte column.
  @usableFromInline package var column: Int
  @usableFromInline package var message: String
  /// A JSON syntax error (as opposed to a valid object that breaks the format's rules).
  @usableFromInline package var isSyntax: Bool

  @usableFromInline package init(column: Int, message: String, isSyntax: Bool = false) {
    self.column = column
    self.message = message
    self.isSyntax = isSyntax
  }

  init(_ error: JSONScanError) {
    self.init(column: error.offset + 1, message: error.message, isSyntax: true)
  }
}
