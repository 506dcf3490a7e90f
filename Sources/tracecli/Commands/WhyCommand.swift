import TraceAnalyzer

/// `tracecli why`: not built yet.
enum WhyCommand {
  static let help = """
    USAGE: tracecli why ...

    Not available in this version of tracecli yet.

    """

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    throw UsageError("'why' is not available in this version of tracecli yet")
  }
}
