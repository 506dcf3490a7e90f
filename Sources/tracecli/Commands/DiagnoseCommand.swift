import TraceAnalyzer

/// `tracecli diagnose <trace>`: the problems in a trace, worst first, with evidence and fixes.
enum DiagnoseCommand: Command {
  static let name = "diagnose"
  static let synopsis = ["<trace>"]

  static let about = """
    Names what is wrong in a trace the way an engineer reading it would: long bodies,
    updates that block the main thread, fan-outs (one change updating many views),
    environment churn, update loops, over-broad inputs and frames missed by many small
    updates. Each finding comes with its numbers, the evidence, a command to look
    closer and the fix. Errors first, then by the time they cost. Exits 0 whether or
    not it finds something (use check --forbid to fail a CI job), and 65 ("cannot
    judge") when the recording cannot support a diagnosis: no updates, SwiftUI tables
    that came back empty, or a --window it lacks.
    """

  static var options: [Option] {
    [Option.format(["text", "json", "markdown", "github", "sarif"], default: "text")]
      + Option.findingThresholds
      + Option.allowances + Option.analysis + [Option.help]
  }

  static let exitStatuses = [ExitStatus(.success, "diagnosed, whatever it found")] + ExitStatus.judging

  static let examples = [
    "tracecli diagnose Fixtures/traces/update-loop.jsonl",
    "tracecli diagnose exports/ --format json | jq '.findings[].rule'",
    "tracecli diagnose trace.jsonl --format markdown > findings.md",
    "tracecli diagnose run.trace --format sarif > tracecli.sarif",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let format = try arguments.choice(
      "--format", ["text", "json", "markdown", "github", "sarif"], default: "text")
    let settings = try arguments.findingSettings()
    let allowances = Allowances(&arguments, unrecorded: false)
    var options = try arguments.analysisOptions()
    options.missingWindows = allowances.missingWindows
    try arguments.finish()
    let paths = try arguments.traces()
    let diagnosis = try TraceAnalysis.diagnose(
      paths: paths, options: options, settings: settings, hitches: true)
    TraceCLI.warn(diagnosis.summary.warnings, to: &errors)
    let artifacts = TraceCLI.sarifArtifacts(trace: paths[0], budget: nil)
    do {
      try TraceCLI.refuseUnjudgeable(diagnosis.summary, allowances: allowances)
    } catch {
      if format == "sarif", case .cannotJudge(let reason) = error {
        output.write(
          SARIFRenderer.render(unjudged: reason, artifacts: artifacts, version: Usage.versionNumber))
      }
      throw error
    }
    switch format {
    case "json": output.write(FindingsJSONRenderer.render(diagnosis))
    case "markdown": output.write(FindingsMarkdownRenderer.render(diagnosis))
    case "github": output.write(GitHubRenderer.render(diagnosis))
    case "sarif":
      output.write(
        SARIFRenderer.render(
          diagnosis, artifacts: TraceCLI.sarifArtifacts(trace: paths[0], budget: nil),
          version: Usage.versionNumber))
    default: output.write(FindingsRenderer.render(diagnosis, style: style))
    }
    return .success
  }
}
