/// The process exit status, with sysexits values.
enum ExitCode: Int32, Sendable {
  case success = 0
  /// A check or budget failed (or a query found nothing).
  case failure = 1
  /// An inconclusive verdict (e.g. a change within the runs' spread).
  case inconclusive = 2
  /// EX_USAGE: the command line is wrong.
  case usage = 64
  /// EX_DATAERR: the input is malformed.
  case dataError = 65
  /// EX_NOINPUT: an input file does not exist or cannot be read.
  case noInput = 66
  /// EX_UNAVAILABLE: a program tracecli needs (xctrace, for a `.trace` bundle) is not there.
  case unavailable = 69
  /// EX_CANTCREAT: an output file cannot be created (its folder does not exist).
  case cannotCreate = 73
  /// EX_IOERR: writing the output failed (a full disk, an I/O error).
  case ioError = 74
}
