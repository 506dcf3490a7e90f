/// The help texts.
enum Usage {
  static let version = "tracecli 0.1.0"

  static let main = """
    tracecli — a command-line profiler for SwiftUI traces

    Reads view-update traces (JSON Lines, see the README), colours long updates like
    Instruments (orange > 500 µs, red > 1 ms), checks every frame against its deadline,
    and prints what a person or a CI job needs.

    USAGE: tracecli <command> [options] <trace.jsonl | ->

    COMMANDS:
      summarize     per-kind and per-view statistics, frames and deadlines
      updates       one view's updates in time order ("Show Updates")

    OPTIONS:
      -h, --help    show help (also: tracecli help <command>)
      --version     show the version

    Exit status: 0 ok, 1 check failed, 64 usage error, 65 malformed trace, 66 no input.
    Colour is used on a terminal only; set NO_COLOR to turn it off.

    """

  static let summarize = """
    USAGE: tracecli summarize <trace> [options]

    Summarizes a trace: updates per kind (count, orange, red, skipped, unfinished,
    total time), frames that missed their deadline and why (a long update or
    accumulation of small ones), and every view worst first (red, orange, total time).

    OPTIONS:
      --format text|json   output format (default text)
      --orange <duration>  orange threshold (default 500us)
      --red <duration>     red threshold (default 1ms)
      --from <time>        inspection range start, relative to the trace start (e.g. 2.5s)
      --to <time>          inspection range end (exclusive); keeps updates starting in range
      --limit <n>          views listed in text output (default 20, 0 for all)
      --threads <n>        reader threads (default 2)
      -h, --help           show this help

    Durations and times take ns, us (or µs), ms or s; a bare number is ns.
    <trace> may be - for standard input.

    EXAMPLES:
      tracecli summarize Fixtures/traces/landmarks-before.jsonl
      tracecli summarize trace.jsonl --format json | jq '.views[0]'
      tracecli summarize trace.jsonl --from 2.5s --to 4s --orange 0.3ms --red 0.8ms

    """

  static let updates = """
    USAGE: tracecli updates <trace> --view <View | Module.View> [options]

    Lists one view's updates in time order, like "Show Updates" in Instruments: start
    (relative to the trace start), duration, severity, frame number, whether that frame
    missed its deadline, whether the body was skipped, and the thread.

    OPTIONS:
      --view <name>        the view: View or Module.View (required)
      --long               only orange and red updates
      --format text|json   output format (default text)
      --orange, --red, --from, --to, --threads   as for summarize
      -h, --help           show this help

    EXAMPLE:
      tracecli updates trace.jsonl --view LandmarkListItemView --long

    """

  /// The help of `command`, if it exists.
  static func help(for command: String) -> String? {
    switch command {
    case "summarize": summarize
    case "updates": updates
    default: nil
    }
  }
}
