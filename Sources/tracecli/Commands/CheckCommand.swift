import TraceAnalyzer

/// `tracecli check`: not built yet.
enum CheckCommand {
  static let help = """
    USAGE: tracecli check ...

    Not available in this version of tracecli yet.

    """

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    throw UsageError("'check' is not available in this version of tracecli yet")
  }
}
