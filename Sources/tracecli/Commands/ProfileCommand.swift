import TraceAnalyzer

/// `tracecli profile <trace>`: where the time inside each view's updates went, from Time
/// Profiler samples.
enum ProfileCommand: Command {
  static let name = "profile"
  static let synopsis = ["<trace>"]

  static let about = """
    Attributes every Time Profiler sample to the innermost update running on its thread
    (as Instruments does when you set the inspection range to a long update) and says,
    per view node: the sampled time against the time its updates ran, what the coverage
    means (the body computes, or waits: I/O, a lock, a synchronous call) and the app's
    own frames where the time went, even when the leaf is deep in a framework.

    With --view: that node's call tree (top-down, branches under 1 % left out) and its
    heaviest frames. --format folded prints one line per distinct stack for
    flamegraph.pl, inferno or speedscope.
    """

  static var options: [Option] {
    [
      Option("--view", value: "<name>", help: "one node: View, Module.View, View.body or Module.View (kind)"),
      Option.format(["text", "json", "folded"], default: "text"),
    ] + Option.analysis + [Option.help]
  }

  static let notes = """
    Times take ns, us (or µs), ms or s; a bare number is ns. <trace> may be - for
    standard input. With --from/--to, the samples and updates that start in the range.
    Stack ids no symbol defines are named "unknown #ID" and reported on standard error.
    """

  static let exitStatuses =
    [
      ExitStatus(.success, "profiled"), ExitStatus(.failure, "no view of that name in the trace"),
    ] + ExitStatus.reading

  static let examples = [
    "tracecli profile trace.jsonl",
    "tracecli profile Landmarks.trace --view LandmarkListItemView",
    "tracecli profile exports/ --view ParkDetail --format folded | inferno-flamegraph > flame.svg",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice("--format", ["text", "json", "folded"], default: "text")
    let view = arguments.value("--view")
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    let (summary, profile) = try TraceAnalysis.profile(
      paths: paths, view: view, stacks: format == "folded" || (format == "text" && view != nil),
      options: options)
    TraceCLI.warn(summary.warnings, to: &errors)
    TraceCLI.noteEmptyRange(summary, to: &errors)
    TraceCLI.warn(dangling: profile.dangling, in: summary.file, to: &errors)
    if let view {
      if profile.focusMatches.isEmpty {
        errors.write(
          "tracecli: \(Suggestion.noSuchView(view, in: summary.file, among: summary.views.map(\.key)))\n")
        return .failure
      }
      if profile.focusMatches.count > 1 {
        throw UsageError(
          "'\(view)' names \(profile.focusMatches.count) nodes: "
            + profile.focusMatches.map(\.description).joined(separator: ", ")
            + "; name one as Module.Name (kind)",
          command: name)
      }
    }
    switch format {
    case "json": output.write(ProfileRenderer.renderJSON(profile))
    case "folded": output.write(ProfileRenderer.renderFolded(profile))
    default: output.write(ProfileRenderer.render(profile, style: style))
    }
    return .success
  }
}
