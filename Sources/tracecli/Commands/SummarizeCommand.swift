import TraceAnalyzer

/// `tracecli summarize <trace>`: the per-kind, per-frame and per-view summary.
enum SummarizeCommand {
  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try Arguments(arguments, command: "summarize", flags: [])
    let format = try arguments.choice("--format", ["text", "json"], default: "text")
    let options = try arguments.analysisOptions()
    let limit = try arguments.count("--limit") ?? 20
    try arguments.finish()
    let path = try arguments.trace()
    let summary = try TraceAnalysis.summarize(path: path, options: options)
    TraceCLI.warn(summary.warnings, to: &errors)
    switch format {
    case "json": output.write(SummaryJSONRenderer.render(summary))
    default: output.write(SummaryRenderer.render(summary, limit: limit == 0 ? nil : limit, style: style))
    }
    return .success
  }
}
