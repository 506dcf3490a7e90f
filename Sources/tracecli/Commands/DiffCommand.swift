import TraceAnalyzer

/// `tracecli diff`: not built yet.
enum DiffCommand {
  static let help = """
    USAGE: tracecli diff ...

    Not available in this version of tracecli yet.

    """

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    throw UsageError("'diff' is not available in this version of tracecli yet")
  }
}
