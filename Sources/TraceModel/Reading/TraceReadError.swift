/// Why a trace could not be read at all.
public enum TraceReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not exist or cannot be opened (sysexits 66).
  case noInput(path: String, reason: String)
  /// The data is malformed (sysexits 65).
  case badData(TraceParseError)
  /// The inputs leave a choice tracecli cannot make, as several recordings or the hitches of
  /// several processes with nothing to say which is the app's (sysexits 64): the message names
  /// them and how to pick one.
  case ambiguousInput(String)
  /// The recording was read but cannot support a verdict (sysexits 65): no updates, empty
  /// SwiftUI tables, a window it lacks. The message says why and what to do; the place is the
  /// trace's, or a budget file's line and column.
  case cannotJudge(TraceParseError)

  public var description: String {
    switch self {
    case .cannotJudge(let error): error.description
    case .noInput(let path, let reason): "\(path): \(reason)"
    case .badData(let error): error.description
    case .ambiguousInput(let message): message
    }
  }
}
