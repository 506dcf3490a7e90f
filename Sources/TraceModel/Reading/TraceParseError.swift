/// A trace that cannot be read: where (file, 1-based line and column) and why.
///
/// Prints as `trace.jsonl:17:24: "duration" must be an integer, not a string`.
public struct TraceParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  /// 1-based line; 0 when the error concerns the whole file.
  public var line: Int
  /// 1-based byte column, when known.
  public var column: Int?
  public var message: String

  @usableFromInline package init(file: String, line: Int, column: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    var location = file
    if line > 0 { location += ":\(line)" }
    if let column { location += ":\(column)" }
    return "\(location): \(message)"
  }
}
