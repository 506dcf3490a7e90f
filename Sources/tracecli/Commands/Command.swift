import TraceAnalyzer

/// A subcommand, declared once: its name, usage, options and exit statuses (from which its
/// parsing, flags and `--help` come), and how it runs.
protocol Command {
  static var name: String { get }
  /// What follows the name in the usage, a form each (`<trace> [options]`).
  static var synopsis: [String] { get }
  /// What follows the options in the usage (`[-- <command> [<args>...]]`), if anything.
  static var synopsisEnd: String { get }
  /// What it does, a paragraph or more.
  static var about: String { get }
  static var options: [Option] { get }
  /// Text after the options (units, standard input).
  static var notes: String { get }
  /// Every exit status it can give.
  static var exitStatuses: [ExitStatus] { get }
  static var examples: [String] { get }

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode
}

extension Command {
  static var synopsisEnd: String { "" }

  static var notes: String { "" }

  static var help: String { HelpText.render(self) }

  /// The options that take no value (``TraceBundles`` needs them to tell values from traces).
  static var flags: Set<String> { Set(options.filter(\.isFlag).flatMap(\.names)) }

  /// `arguments` split by the command's declared options.
  static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
    try Arguments(arguments, command: name, options: options)
  }
}
