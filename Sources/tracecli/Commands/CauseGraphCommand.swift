import TraceAnalyzer

/// `tracecli cause-graph <trace>`: the cause-and-effect graph as DOT, JSON or Mermaid.
enum CauseGraphCommand: Command {
  static let name = "cause-graph"
  static let synopsis = ["<trace>"]

  static let about = """
    Prints the cause-and-effect graph, left (cause) to right (effect) like the
    Instruments Cause & Effect graph: gestures, state changes, @Observable properties,
    environment changes and the view updates they caused, with how often each edge
    happened. All updates of one view type are one node; a node whose every update was
    skipped is dimmed. The app's own nodes are blue, the system's gray. The nodes and
    edges of diagnose's findings are marked: red for an error (an update loop's cycle),
    orange for a warning, a fan-out's edge bold.

    With --view: the view's node(s) and every node with a path into them (its causes),
    with the edges on those paths. Without: the whole graph, largest edges first,
    capped at 60 edges (a note says what was left out; --all shows everything).
    """

  static var options: [Option] {
    [
      Option.view,
      Option("--downstream", help: "show the view's effects (nodes it has a path into) instead"),
      Option("--upstream", help: "show its causes (the default; with --downstream: both)"),
      Option("--depth", value: "<n>", help: "at most n edges from the view"),
      Option(
        "--min-count", value: "<n>", help: "drop edges that happened fewer than n times (before paths",
        "are followed)"),
      Option(
        "--from", value: "<time>", help: "inspection range start, relative to the trace start (e.g. 12s)"),
      Option(
        "--to", value: "<time>", help: "inspection range end (exclusive); keeps causes whose time (or,",
        "without one, their target's time) lies in the range"),
      Option.format(["dot", "json", "mermaid"], default: "dot"),
      Option("--all", help: "the whole graph without the 60-edge cap"),
      Option("--limit", value: "<n>", help: "the whole graph's edge cap (default 60)"),
      Option("--no-findings", help: "do not diagnose the trace (faster; nothing is marked)"),
      Option.window, Option.orange, Option.red, Option.refreshRate, Option.process, Option.threads,
    ] + Option.findingThresholds + [Option.help]
  }

  static let notes = """
    Times take ns, us (or µs), ms or s; a bare number is ns. <trace> may be - for
    standard input. Dangling causes (ids no event defines) are drawn to "unknown #ID"
    nodes and reported on standard error.
    """

  static let exitStatuses =
    [ExitStatus(.success, "drawn"), ExitStatus(.failure, "no view of that name in the graph")]
    + ExitStatus.reading

  static let examples = [
    "tracecli cause-graph trace.jsonl --view LandmarkListItemView | dot -Tsvg > graph.svg",
    "tracecli cause-graph trace.jsonl --view Landmarks.LandmarkListItemView --format json",
    "tracecli cause-graph trace.jsonl --view HomeView --downstream --format mermaid",
    "tracecli cause-graph trace.jsonl --from 12s --to 14s",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice("--format", ["dot", "json", "mermaid"], default: "dot")
    var selection = CauseGraph.Selection(view: arguments.value("--view"))
    let downstream = arguments.flag("--downstream")
    let upstream = arguments.flag("--upstream")
    selection.direction = downstream ? (upstream ? .both : .downstream) : .upstream
    selection.depth = try arguments.count("--depth")
    selection.minCount = try arguments.count("--min-count") ?? 1
    let all = arguments.flag("--all")
    let marksFindings = !arguments.flag("--no-findings")
    let settings = try arguments.findingSettings()
    let limit = try arguments.count("--limit")
    selection.edgeLimit = all ? nil : limit ?? CauseGraph.Selection.defaultEdgeLimit
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    if selection.view == nil && (downstream || upstream || selection.depth != nil) {
      throw UsageError("--upstream, --downstream and --depth need --view", command: "cause-graph")
    }
    let graph =
      marksFindings
      ? try TraceAnalysis.diagnose(paths: paths, options: options, settings: settings).graph
      : try TraceAnalysis.causeGraph(paths: paths, options: options)
    guard let shown = graph.selecting(selection) else {
      let message = Suggestion.noSuchView(selection.view ?? "", in: graph.file, among: graph.viewKeys)
      errors.write("tracecli: \(message)\n")
      return .failure
    }
    for note in shown.notes { errors.write("tracecli: note: \(note)\n") }
    if let view = selection.view, shown.focus.count > 1 {
      let names = shown.focus.map { shown.nodes[$0].viewKey?.description ?? shown.nodes[$0].label }
      errors.write(
        "tracecli: note: '\(view)' names \(names.count) nodes: \(names.joined(separator: ", ")); all are shown "
          + "(name one as Module.Name (kind) to see it alone)\n")
    }
    switch format {
    case "json": output.write(CauseGraphJSONRenderer.render(shown))
    case "mermaid": output.write(MermaidRenderer.render(shown))
    default: output.write(DOTRenderer.render(shown))
    }
    return .success
  }
}
