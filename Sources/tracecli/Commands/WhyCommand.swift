import TraceAnalyzer
import TraceModel

/// `tracecli why <trace> (--update ID | --view V [--at T])`: the chains of causes behind one update.
enum WhyCommand: Command {
  static let name = "why"
  static let synopsis = ["<trace> --update <id>", "<trace> --view <View | Module.View> [--at <time>]"]

  static let about = """
    Explains one update: every chain of causes from it back to its roots (a gesture,
    an external environment change, or an event nothing caused), newest first. Each
    hop shows its time (relative to the trace start), its label (update or creation)
    and the properties that changed. A chain that comes back to a view or source it
    already passed through is an update loop: it is cut there and marked.
    """

  static let options = [
    Option("--update", value: "<id>", help: "the update (or source) with this id"),
    Option(
      "--view", value: "<name>", help: "the view: View or Module.View; without --at, its longest",
      "update"),
    Option(
      "--at", value: "<time>", help: "the update of --view running at this time, relative to the",
      "trace start (else the one starting nearest to it)"),
    Option("--depth", value: "<n>", help: "follow at most n hops back (default 32)"),
    Option("--limit", value: "<n>", help: "list at most n chains (default 20, 0 for all)"),
    Option.format(["text", "json"], default: "text"),
    Option.threads, Option.help,
  ]

  static let notes = """
    Times take ns, us (or µs), ms or s; a bare number is ns. <trace> may be - for
    standard input.
    """

  static let exitStatuses =
    [
      ExitStatus(.success, "explained"),
      ExitStatus(.failure, "no update with that id, or no view of that name"),
    ]
    + ExitStatus.reading

  static let examples = [
    "tracecli why trace.jsonl --update 48213",
    "tracecli why trace.jsonl --view LandmarkListItemView --at 12.41s",
    "tracecli why trace.jsonl --view LandmarkListItemView",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice("--format", ["text", "json"], default: "text")
    let id = try arguments.count("--update")
    let view = arguments.value("--view")
    let at = try arguments.duration("--at")
    var limits = CauseChains.Limits()
    if let depth = try arguments.count("--depth") { limits.depth = max(1, depth) }
    if let limit = try arguments.count("--limit") { limits.chains = limit == 0 ? nil : limit }
    var options = AnalysisOptions()
    options.threads = try arguments.count("--threads")
    try arguments.finish()
    let paths = try arguments.traces()
    let target: TraceAnalysis.WhyTarget
    switch (id, view, at) {
    case (let id?, nil, nil):
      target = .id(Int64(id))
    case (nil, let view?, let at?):
      target = .view(view, at: at)
    case (nil, let view?, nil):
      target = .worst(view)
    case (nil, nil, _):
      throw UsageError("missing --update <id> or --view <name> [--at <time>]", command: "why")
    default:
      throw UsageError("give either --update or --view with --at, not both", command: "why")
    }
    switch try TraceAnalysis.why(paths: paths, target: target, limits: limits, options: options) {
    case .explained(let chains):
      if let at, let start = chains.target.offset, let distance = chains.target.distance(from: at) {
        errors.write(
          "tracecli: note: no update of \(view ?? "the view") runs at \(DurationText.seconds(at)); "
            + "explaining the nearest"
            + (DurationText.seconds(start) == DurationText.seconds(at)
              ? "" : ", at \(DurationText.seconds(start))")
            + ", which "
            + (distance > 0 ? "starts " : "ended ")
            + "\(DurationText.format(Int64(clamping: distance.magnitude))) \(distance > 0 ? "later" : "earlier")\n"
        )
      }
      switch format {
      case "json": output.write(WhyRenderer.renderJSON(chains))
      default: output.write(WhyRenderer.render(chains, style: style))
      }
      return .success
    case .noSuchID(let id, let file):
      errors.write("tracecli: no update or source with id \(id) in \(file)\n")
      return .failure
    case .noSuchView(let query, let file, let suggestions):
      errors.write("tracecli: \(Suggestion.noSuchView(query, in: file, suggestions: suggestions))\n")
      return .failure
    }
  }
}
