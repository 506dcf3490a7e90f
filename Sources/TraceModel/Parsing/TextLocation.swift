/// A place in a text file: 1-based line and column, and the 0-based byte offset.
///
/// Columns count bytes, like the trace reader's error columns.
package struct TextLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// 1-based line.
  package var line: Int
  /// 1-based byte column.
  package var column: Int
  /// 0-based byte offset from the start of the file.
  package var offset: Int

  package init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `line:column`.
  package var description: String { "\(line):\(column)" }

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
}
