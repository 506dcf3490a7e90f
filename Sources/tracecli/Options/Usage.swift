/// The help texts.
enum Usage {
  static let version = "tracecli " + versionNumber
  /// The version alone (SARIF's `tool.driver.version`).
  static let versionNumber = "0.1.0"

  static let main = """
    tracecli — a command-line profiler for SwiftUI traces

    Reads view-update traces (JSON Lines, Instruments .trace bundles, or xctrace export
    XML files and folders of them), colours long updates like Instruments (orange
    > 500 µs, red > 1 ms), checks every frame against its deadline, and prints what a
    person or a CI job needs.

    USAGE: tracecli <command> [options] <trace.jsonl | Run.trace | export.xml… | exports/ | ->

    COMMANDS:
      summarize     per-kind and per-view statistics, frames and deadlines
      updates       one view's updates in time order ("Show Updates")
      frame         the worst missed frames (or one), each update drawn to its deadline
      cause-graph   the cause-and-effect graph (DOT, JSON, Mermaid)
      why           the chains of causes behind one update
      diagnose      name the problems: long bodies, fan-outs, loops, churn…
      check         fail a CI job when a trace is over budget
      diff          what changed between two traces (or sets of runs)
      import        convert xctrace XML exports to JSON Lines
      record        record with xctrace (the instruments tracecli reads), then read it
      profile       where the time inside each view's updates went (Time Profiler samples)
      hitches       which recorded hitch or hang the person felt, and what made it
      report        one HTML page: findings, timeline, missed frames, cause graph, views
      export        Trace Event Format for Perfetto, or flat rows for DuckDB

    OPTIONS:
      -h, --help    show help (also: tracecli help <command>)
      --version     show the version

    A .trace bundle is read by running `xcrun xctrace export` (or `xctrace` on PATH, or
    the program TRACECLI_XCTRACE names) for each table tracecli reads:
      --run <n>                     the run to read when the recording holds several
      --xctrace-timeout <seconds>   how long one export may take (default 600); a
                                    failed or hung export is tried twice more

    Exit status: 0 ok, 1 check failed (over budget, a diff rule failed, no such view),
    2 diff inconclusive (a change within the runs' spread), 64 usage error,
    65 malformed trace or budget, 66 no input, 69 no xctrace to read a .trace bundle,
    73 an output's folder does not exist, 74 an output could not be written (or an
    xctrace export or record kept failing).
    Colour is used on a terminal only; set NO_COLOR to turn it off.

    """

  /// The subcommands, in the order the help lists them: the one table of their names.
  static var subcommands: [(name: String, type: any Command.Type)] {
    [
      ("summarize", SummarizeCommand.self), ("updates", UpdatesCommand.self), ("frame", FrameCommand.self),
      ("cause-graph", CauseGraphCommand.self), ("why", WhyCommand.self), ("diagnose", DiagnoseCommand.self),
      ("check", CheckCommand.self), ("diff", DiffCommand.self), ("import", ImportCommand.self),
      ("record", RecordCommand.self), ("profile", ProfileCommand.self), ("hitches", HitchesCommand.self),
      ("report", ReportCommand.self), ("export", ExportCommand.self),
    ]
  }

  /// The commands, for suggesting one: the subcommands and the shell's own.
  static var commands: [String] { subcommands.map(\.name) + ["help", "version"] }

  /// The subcommand named `name`, if there is one (`help` and `version` are the shell's own).
  static func command(named name: String) -> (any Command.Type)? {
    subcommands.first { $0.name == name }?.type
  }

  /// The help of `command`, if it exists.
  static func help(for command: String) -> String? {
    Usage.command(named: command)?.help
  }
}
