import TraceAnalyzer

/// `tracecli cause-graph`: not built yet.
enum CauseGraphCommand {
  static let help = """
    USAGE: tracecli cause-graph ...

    Not available in this version of tracecli yet.

    """

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    throw UsageError("'cause-graph' is not available in this version of tracecli yet")
  }
}
