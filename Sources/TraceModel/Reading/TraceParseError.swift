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

/// Why a trace could not be read at all.
public enum TraceReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not exist or cannot be opened (sysexits 66).
  case noInput(path: String, reason: String)
  /// The data is malformed (sysexits 65).
  case badData(TraceParseError)

  public var description: String {
    switch self {
    case .noInput(let path, let reason): "\(path): \(reason)"
    case .badData(let error): error.description
    }
  }
}

/// Something odd about a trace that did not stop the reading.
@usableFromInline package struct TraceWarning: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline package var file: String
  @usableFromInline package var line: Int
  @usableFromInline package var message: String

  @usableFromInline package init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  @usableFromInline package var description: String { "\(file):\(line): warning: \(message)" }
}
