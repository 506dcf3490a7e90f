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
