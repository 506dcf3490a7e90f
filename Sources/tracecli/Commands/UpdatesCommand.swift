import TraceAnalyzer

/// `tracecli updates <trace> --view V`: one view's updates in time order.
enum UpdatesCommand: Command {
  static let flags: Set<String> = ["--long"]

  static let help = """
    USAGE: tracecli updates <trace> --view <View | Module.View> [options]

    Lists one view's updates in time order, like "Show Updates" in Instruments: start
    (relative to the trace start), duration, severity, frame number, whether that frame
    missed its deadline, whether the body was skipped, and the thread.

    OPTIONS:
      --view <name>        the view: View or Module.View (required)
      --long               only orange and red updates
      --format text|json   output format (default text)
      --orange, --red, --from, --to, --refresh-rate, --threads   as for summarize
      -h, --help           show this help

    EXAMPLE:
      tracecli updates trace.jsonl --view LandmarkListItemView --long

    """

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try Arguments(arguments, command: "updates", flags: flags)
    let format = try arguments.choice("--format", ["text", "json"], default: "text")
    guard let view = arguments.value("--view") else {
      throw UsageError("missing --view (the view whose updates to list)", command: "updates")
    }
    let longOnly = arguments.flag("--long")
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    let listing = try TraceAnalysis.updates(paths: paths, view: view, longOnly: longOnly, options: options)
    TraceCLI.warn(listing.summary.warnings, to: &errors)
    TraceCLI.noteEmptyRange(listing.summary, to: &errors)
    guard !listing.matched.isEmpty else {
      let keys = listing.summary.views.map(\.key)
      errors.write("tracecli: \(ViewSuggestions.noSuchView(view, in: listing.summary.file, among: keys))\n")
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
