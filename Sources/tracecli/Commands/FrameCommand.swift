import TraceAnalyzer

/// `tracecli frame <trace> [--id N]`: the worst missed frames, or one, with each update of
/// their deadline verdict drawn to scale.
enum FrameCommand: Command {
  static let name = "frame"
  static let synopsis = ["<trace>"]

  static let about = """
    Shows missed frames in the terminal. For each: its id (the #N that summarize and
    updates print), its start, deadline and budget, whether the trace recorded it or
    it is a grid frame, and by how much and why it missed (a long update, or an
    accumulation of small ones). Then every update its verdict counts (the finished
    main-thread updates of a recorded frame's work, or of a grid frame's stretch),
    a line each: a bar drawn to scale against the frame's start and deadline (│), its
    duration, severity and view. Without --id, the worst missed frames by overrun,
    as summarize lists them.
    """

  static var options: [Option] {
    [
      Option(
        "--id", value: "<frame>", help: "the missed frame with this id: #N or N, as summarize prints it"),
      Option("--limit", value: "<n>", help: "the n worst missed frames (default 3, 0 for all)"),
      Option.format(["text", "json"], default: "text"),
    ] + Option.analysis + [Option.help]
  }

  static let notes = """
    Bars fill COLUMNS characters when it is set, else 100. Durations and times take ns,
    us (or µs), ms or s; a bare number is ns. <trace> may be - for standard input.
    """

  static let exitStatuses =
    [
      ExitStatus(.success, "shown (also when no frame missed its deadline)"),
      ExitStatus(.usage, "usage error, or an --id no missed frame has (the message names those near it)"),
    ] + ExitStatus.reading.filter { $0.code != .usage }

  static let examples = [
    "tracecli frame Fixtures/traces/landmarks-before.jsonl",
    "tracecli frame trace.jsonl --id 62",
    "tracecli frame trace.jsonl --limit 0 --format json | jq '.frames[] | {number, overrunNs}'",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice("--format", ["text", "json"], default: "text")
    let id = arguments.value("--id")
    let limit = try arguments.count("--limit")
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    let selection: FrameSelection
    if let id {
      guard limit == nil else {
        throw UsageError("--id shows one frame: leave out --limit", command: name)
      }
      guard let number = FrameRef.number(parsing: id) else {
        throw UsageError(
          "--id '\(id)' is not a frame id; give the number summarize prints for the frame, e.g. 62 or '#62'",
          command: name)
      }
      selection = .number(number)
    } else {
      selection = .worst(limit: limit == 0 ? nil : limit ?? 3)
    }
    let listing = try TraceAnalysis.frames(paths: paths, selection: selection, options: options)
    TraceCLI.warn(listing.summary.warnings, to: &errors)
    TraceCLI.noteEmptyRange(listing.summary, to: &errors)
    if let absence = listing.absence {
      throw UsageError(FrameRenderer.absence(absence, summary: listing.summary), command: name)
    }
    switch format {
    case "json": output.write(FrameJSONRenderer.render(listing))
    default: output.write(FrameRenderer.render(listing, style: style))
    }
    return .success
  }
}
