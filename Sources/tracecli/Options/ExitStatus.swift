/// An exit status a command can give, and what it means there.
struct ExitStatus: Sendable {
  let code: ExitCode
  let meaning: String

  init(_ code: ExitCode, _ meaning: String) {
    self.code = code
    self.meaning = meaning
  }

  static let usage = ExitStatus(.usage, "usage error")
  static let malformed = ExitStatus(.dataError, "malformed trace (with its line and column)")
  static let noInput = ExitStatus(.noInput, "a file cannot be read")
  static let noXCTrace = ExitStatus(.unavailable, "no xctrace to read a .trace bundle")
  static let noFolder = ExitStatus(.cannotCreate, "the output's folder does not exist")
  static let cannotJudge = ExitStatus(
    .dataError,
    "malformed trace (with its line and column), or a recording it cannot judge (no updates, empty SwiftUI tables, a window it lacks)"
  )
  static let writeFailed = ExitStatus(.ioError, "the output could not be written (a full disk)")

  /// What every command that reads a trace can end with besides its own statuses.
  static let reading = [usage, malformed, noInput, noXCTrace, writeFailed]
  /// What a gate (`diagnose`, `diff`) that reads a trace can end with besides its own statuses.
  static let judging = [usage, cannotJudge, noInput, noXCTrace, writeFailed]
}
