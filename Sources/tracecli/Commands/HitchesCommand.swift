import TraceAnalyzer

/// `tracecli hitches <trace>`: every hitch and hang the recording holds, longest first, and
/// what made it.
enum HitchesCommand: Command {
  static let name = "hitches"
  static let synopsis = ["<trace>"]

  static let about = """
    Ties each hitch and hang the recording holds (what the person holding the phone
    felt) to the main thread's work at that moment: the SwiftUI updates in its window
    (two frame budgets before a hitch, the hang itself), the Time Profiler samples
    outside them, and the findings of the views that explain it. The verdict says
    where to look: updates (the views named), main-thread (the app's own code outside
    updates, its hottest frames named), elsewhere (the main thread was idle: the
    render server, the GPU, another process) or unknown (no samples were recorded, so
    work outside updates cannot be told from idleness). The system's hitches are left
    out. Longest first.
    """

  static var options: [Option] {
    [
      Option.format(["text", "json"], default: "text"),
      Option("--no-findings", help: "do not diagnose the trace (faster; no findings are named)"),
    ] + Option.findingThresholds + Option.analysis + [Option.help]
  }

  static let notes = """
    Times take ns, us (or µs), ms or s; a bare number is ns. <trace> may be - for
    standard input. With --from/--to, the hitches and hangs that start in the range,
    explained by every update and sample in their windows, with the range's findings.
    """

  static let exitStatuses = [ExitStatus(.success, "listed, whatever it found")] + ExitStatus.reading

  static let examples = [
    "tracecli hitches Landmarks.trace",
    "tracecli hitches trace.jsonl --format json | jq '.events[] | select(.verdict == \"updates\")'",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice("--format", ["text", "json"], default: "text")
    let findings = !arguments.flag("--no-findings")
    let settings = try arguments.findingSettings()
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    let (summary, hitches) = try TraceAnalysis.hitches(
      paths: paths, findings: findings, settings: settings, options: options)
    TraceCLI.warn(summary.warnings, to: &errors)
    TraceCLI.noteEmptyRange(summary, to: &errors)
    switch format {
    case "json": output.write(HitchesRenderer.renderJSON(hitches))
    default: output.write(HitchesRenderer.render(hitches, summary: summary, style: style))
    }
    return .success
  }
}
