import TraceAnalyzer

/// A subcommand: its help, the options it takes without a value, and how it runs.
protocol Command {
  static var help: String { get }
  /// The options that take no value (``TraceBundles`` needs them to tell values from traces).
  static var flags: Set<String> { get }

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode
}
