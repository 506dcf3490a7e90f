import TraceAnalyzer

/// `tracecli summarize <trace>`: the per-kind, per-frame and per-view summary.
enum SummarizeCommand: Command {
  static let name = "summarize"
  static let synopsis = ["<trace>"]

  static let about = """
    Summarizes a trace: updates per kind (count, orange, red, skipped, unfinished,
    total time), frames that missed their deadline and why (a long update or
    accumulation of small ones), and every view worst first (red, orange, total time).
    """

  static var options: [Option] {
    [Option.format(["text", "json"], default: "text")] + Option.analysis + [
      Option("--limit", value: "<n>", help: "views listed in text output (default 20, 0 for all)"),
      Option(
        "--findings", help: "end with the findings of diagnose, one line each (and",
        "\"findings\" in JSON); takes the options of diagnose"),
      Option(
        "--list-windows", help: "list the trace's windows instead: each interval (signpost) name",
        "with its subsystem, count and total time, for --window (the whole",
        "trace's, whatever --from, --to and --window say)"),
    ] + Option.findingThresholds + [Option.help]
  }

  static let notes = """
    Durations and times take ns, us (or µs), ms or s; a bare number is ns.
    <trace> may be - for standard input.
    """

  static let exitStatuses = [ExitStatus(.success, "summarized")] + ExitStatus.reading

  static let examples = [
    "tracecli summarize Fixtures/traces/landmarks-before.jsonl",
    "tracecli summarize trace.jsonl --format json | jq '.views[0]'",
    "tracecli summarize trace.jsonl --from 2.5s --to 4s --orange 0.3ms --red 0.8ms",
    "tracecli summarize run.trace --list-windows",
    "tracecli summarize run.trace --window 'Scroll Feed'",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice("--format", ["text", "json"], default: "text")
    let options = try arguments.analysisOptions()
    let limit = try arguments.count("--limit") ?? 20
    let withFindings = arguments.flag("--findings")
    let listWindows = arguments.flag("--list-windows")
    let settings = try arguments.findingSettings()
    try arguments.finish()
    let paths = try arguments.traces()
    if listWindows {
      let (file, catalog) = try TraceAnalysis.windows(paths: paths, options: options)
      output.write(
        format == "json"
          ? WindowsRenderer.renderJSON(catalog, file: file)
          : WindowsRenderer.render(catalog, file: file, style: style))
      return .success
    }
    let summary: TraceSummary
    var findings: [Finding]?
    if withFindings {
      let diagnosis = try TraceAnalysis.diagnose(paths: paths, options: options, settings: settings)
      summary = diagnosis.summary
      findings = diagnosis.findings
    } else {
      summary = try TraceAnalysis.summarize(paths: paths, options: options)
    }
    TraceCLI.warn(summary.warnings, to: &errors)
    TraceCLI.noteEmptyRange(summary, to: &errors)
    switch format {
    case "json": output.write(SummaryJSONRenderer.render(summary, findings: findings))
    default:
      output.write(SummaryRenderer.render(summary, limit: limit == 0 ? nil : limit, style: style))
      if let findings { output.write(FindingsRenderer.section(findings, style: style)) }
    }
    return .success
  }
}
