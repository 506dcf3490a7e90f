import TraceAnalyzer

/// `tracecli import`: not built yet.
enum ImportCommand {
  static let help = """
    USAGE: tracecli import ...

    Not available in this version of tracecli yet.

    """

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    throw UsageError("'import' is not available in this version of tracecli yet")
  }
}
