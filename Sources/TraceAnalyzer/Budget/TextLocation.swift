/// A place in a text file: 1-based line and column, and the 0-based byte offset.
///
/// Columns count bytes, like the trace reader's error columns.
public struct TextLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// 1-based line.
  public var line: Int
  /// 1-based byte column.
  public var column: Int
  /// 0-based byte offset from the start of the file.
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
}
