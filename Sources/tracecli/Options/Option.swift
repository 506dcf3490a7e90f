import TraceAnalyzer

/// One command-line option, declared once: parsing, the flags, `--help` and "did you mean"
/// come from its declaration.
struct Option: Sendable {
  /// Its spellings, the short one first (`-o`, `--output`).
  let names: [String]
  /// What its value looks like (`<file>`, `text|json`); nil for a flag.
  let value: String?
  /// What it does, as `--help` shows it: a line each.
  let help: [String]

  init(_ names: String..., value: String? = nil, help: String...) {
    self.names = names
    self.value = value
    self.help = help
  }

  init(names: [String], value: String?, help: [String]) {
    self.names = names
    self.value = value
    self.help = help
  }

  /// The option's main spelling (the long one).
  var name: String { names.last! }

  var isFlag: Bool { value == nil }

  /// `--format text|json`, `-o, --output <file>`.
  var synopsis: String { names.joined(separator: ", ") + (value.map { " " + $0 } ?? "") }

  // MARK: - Shared by several commands

  static let help = Option("-h", "--help", help: "show this help")

  static func format(_ choices: [String], default fallback: String) -> Option {
    Option("--format", value: choices.joined(separator: "|"), help: "output format (default \(fallback))")
  }

  static let orange = Option("--orange", value: "<duration>", help: "orange threshold (default 500us)")
  static let red = Option("--red", value: "<duration>", help: "red threshold (default 1ms)")
  static let from = Option(
    "--from", value: "<time>", help: "inspection range start, relative to the trace start (e.g. 2.5s)")
  static let to = Option(
    "--to", value: "<time>", help: "inspection range end (exclusive); keeps updates starting in range")
  static let window = Option(
    "--window", value: "<name>", help: "only what starts in the intervals (signposts) named <name>, or",
    "SUBSYSTEM/NAME; repeatable: their union (summarize --list-windows)")
  static let refreshRate = Option(
    "--refresh-rate", value: "<hz>",
    help: "judge frames at this display rate (e.g. 120), over the trace's",
    "own (without one, 60 Hz is assumed and the output says so)")
  static let process = Option(
    "--process", value: "<name|pid>", help: "the app whose hitches, hangs and samples to keep, in an xctrace",
    "recording of every process")
  static let threads = Option(
    "--threads", value: "<n>", help: "reader threads (default: the CPUs tracecli may use)")
  static let output = Option(
    "-o", "--output", value: "<file>", help: "write to <file> (whole or not at all) instead of standard",
    "output (`-` is standard output)")
  static let view = Option("--view", value: "<name>", help: "the view: View or Module.View")
  static let allowEmpty = Option(
    "--allow-empty", help: "accept a trace without updates, or whose SwiftUI tables are",
    "empty (by default \"cannot judge\", exit 65: a recording that",
    "failed must not pass the gate)")
  static let allowMissingWindow = Option(
    "--allow-missing-window", help: "judge a --window (or budget window) the recording lacks as",
    "one that keeps nothing (by default \"cannot judge\", exit 65)")
  static let allowUnrecorded = Option(
    "--allow-unrecorded", help: "let limits on hitches or hangs pass a recording that did not",
    "capture them (by default \"cannot judge\", exit 65)")
  /// What a gate accepts on purpose that it otherwise cannot judge.
  static let allowances = [allowEmpty, allowMissingWindow]

  /// What every analysing command takes: thresholds, the range, the rate, the app, threads.
  static let analysis = [orange, red, from, to, window, refreshRate, process, threads]

  /// The findings rules' thresholds (``FindingRules``), an option each.
  static var findingThresholds: [Option] {
    FindingRules.declarations.flatMap { declaration in
      declaration.thresholds.map { threshold in
        Option(
          names: [threshold.option], value: threshold.valueName,
          help: ["\(declaration.rule): \(threshold.help) (default \(threshold.defaultText))"])
      }
    }
  }
}
