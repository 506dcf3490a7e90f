import TraceAnalyzer

/// `tracecli updates <trace> --view V`: one view's updates in time order.
enum UpdatesCommand: Command {
  static let name = "updates"
  static let synopsis = ["<trace> --view <View | Module.View>"]

  static let about = """
    Lists one view's updates in time order, like "Show Updates" in Instruments: start
    (relative to the trace start), duration, severity, frame number, whether that frame
    missed its deadline, whether the body was skipped, and the thread.
    """

  static let options: [Option] =
    [
      Option("--view", value: "<name>", help: "the view: View or Module.View (required)"),
      Option("--long", help: "only orange and red updates"),
      Option("--sort", value: "time|duration", help: "in time order (default), or longest first"),
      Option("--limit", value: "<n>", help: "list at most n updates (default: all; 0 for all)"),
      Option.format(["text", "json"], default: "text"),
    ] + Option.analysis + [Option.help]

  static let exitStatuses =
    [ExitStatus(.success, "listed"), ExitStatus(.failure, "no view of that name in the trace")]
    + ExitStatus.reading

  static let examples = [
    "tracecli updates trace.jsonl --view LandmarkListItemView --long",
    "tracecli updates trace.jsonl --view LandmarkListItemView --sort duration --limit 10",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice("--format", ["text", "json"], default: "text")
    guard let view = arguments.value("--view") else {
      throw UsageError("missing --view (the view whose updates to list)", command: "updates")
    }
    let longOnly = arguments.flag("--long")
    let order = try arguments.choice("--sort", UpdateListing.Order.allCases.map(\.rawValue), default: "time")
    let limit = try arguments.count("--limit")
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    var listing = try TraceAnalysis.updates(paths: paths, view: view, longOnly: longOnly, options: options)
    listing.arrange(by: UpdateListing.Order(rawValue: order) ?? .time, limit: limit == 0 ? nil : limit)
    TraceCLI.warn(listing.summary.warnings, to: &errors)
    TraceCLI.noteEmptyRange(listing.summary, to: &errors)
    guard !listing.matched.isEmpty else {
      let keys = listing.summary.views.map(\.key)
      errors.write("tracecli: \(Suggestion.noSuchView(view, in: listing.summary.file, among: keys))\n")
      return .failure
    }
    if listing.matched.count > 1 {
      errors.write(
        "tracecli: note: '\(view)' names \(listing.matched.count) views: "
          + listing.matched.map(\.description).joined(separator: ", ")
          + "; all are listed (name one as Module.Name (kind) to see it alone)\n")
    }
    switch format {
    case "json": output.write(UpdateListingRenderer.renderJSON(listing))
    default: output.write(UpdateListingRenderer.render(listing, style: style))
    }
    return .success
  }
}
