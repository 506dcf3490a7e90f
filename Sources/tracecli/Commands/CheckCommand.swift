import TraceAnalyzer
import TraceModel

/// `tracecli check <trace> --budget FILE`: fails (exit 1) when the trace is over budget.
enum CheckCommand: Command {
  static let name = "check"
  static let synopsis = ["<trace>"]

  static let about = """
    Checks a trace against a performance budget and lists every limit with the value
    measured, the view, kind or edge it applies to, and the limit; exits 1 when any limit
    is exceeded. The budget file (JSON, see docs/ci.md) limits views, kinds, the whole
    trace, frames, cause-graph edges and the recorded hitches and hangs; simple limits
    need no file. A limit on hitches or hangs cannot pass a recording that did not
    capture them (its header's "recorded" list lacks them, or, without one, it holds
    none): it says "cannot judge" and exits 65, as it does for a recording without
    updates, with empty SwiftUI tables (xctrace attached instead of launching), or
    without a window the check names; each --allow-… flag accepts one on purpose.
    --baseline passes the findings a team accepted (--write-baseline writes them).
    """

  static var options: [Option] {
    [
      Option("--budget", value: "<file>", help: "the budget file (JSON)"),
      Option("--max-red", value: "<n>", help: "at most n red updates in the trace (every kind)"),
      Option("--max-orange", value: "<n>", help: "at most n orange updates in the trace (every kind)"),
      Option("--max-missed-frames", value: "<n>", help: "at most n frames missing their deadline"),
      Option("--max-hitches", value: "<n>", help: "at most n of the app's recorded hitches"),
      Option(
        "--max-hitch-time", value: "<duration>", help: "the app's recorded hitches last at most this together"
      ),
      Option("--max-hang", value: "<duration>", help: "no recorded hang longer than this"),
      Option(
        names: ["--forbid"], value: "<rules>",
        help: ["fail on any finding of these diagnose rules, comma-separated"]
          + wrapped("(" + FindingRule.allCases.map(\.rawValue).joined(separator: ", ") + "); the budget")
          + ["file's \"findings\" section sets their thresholds"]),
      Option(
        "--baseline", value: "<file>",
        help: "findings accepted on purpose (from --write-baseline): a",
        "forbidden finding it lists passes, a new one fails; lists",
        "the accepted ones that no longer occur (fixed: remove them)"),
      Option(
        "--write-baseline", value: "<file>",
        help: "write every finding of this trace to a baseline (by rule",
        "and subject nodes), never over an existing file without --force"),
      Option("--force", help: "let --write-baseline and --write-budget replace an existing file"),
      Option(
        "--format", value: "<format>", help: "text (default), json, junit, github (Actions annotations),",
        "markdown or sarif (GitHub code scanning)"),
      Option.allowEmpty, Option.allowMissingWindow, Option.allowUnrecorded,
      Option(
        "--tighten", help: "rewrite the budget file: lower every limit the trace now",
        "beats to the measured value plus --margin, rounded up to a",
        "readable value (never raises one); says on stderr what",
        "changed; a trace over budget leaves the file as it was"),
      Option(
        "--margin", value: "<percent>", help: "headroom --tighten and --write-budget leave (default 10%)"),
      Option(
        "--write-budget", value: "<file>",
        help: "write a starter budget from this (good) trace: per-view red,",
        "orange and p95, and missed frames, each with the margin (- for",
        "standard output, alone; never over a file without --force)"),
      Option(
        "--orange", value: "<duration>", help: "orange threshold (default 500us; the file's, if it sets one)"),
      Option("--red", value: "<duration>", help: "red threshold (default 1ms; the file's, if it sets one)"),
      Option.from, Option.to, Option.window, Option.refreshRate, Option.process, Option.threads, Option.help,
    ]
  }

  /// `text` in lines of at most 60 characters.
  private static func wrapped(_ text: String) -> [String] {
    var lines = [""]
    for word in text.split(separator: " ") {
      if !lines[lines.count - 1].isEmpty && lines[lines.count - 1].count + 1 + word.count > 60 {
        lines.append("")
      }
      lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
    }
    return lines
  }

  static let exitStatuses =
    [
      ExitStatus(.success, "within budget"), ExitStatus(.failure, "over budget"), ExitStatus.usage,
      ExitStatus(
        .dataError,
        "malformed trace or budget file (with its line and column), or a recording it cannot judge: no updates, empty SwiftUI tables, a window it lacks, or hitches or hangs it did not capture for a limit on them (each --allow-… flag accepts one)"
      ),
      ExitStatus.noInput, ExitStatus.noXCTrace,
      ExitStatus(
        .cannotCreate,
        "the budget's folder does not exist, or the file --write-baseline or --write-budget names exists (--force replaces it)"
      ),
      ExitStatus(.ioError, "the output or the budget file could not be written"),
    ]

  static let examples = [
    "tracecli check run.jsonl --max-red 0 --max-missed-frames 2",
    "tracecli check Landmarks.trace --max-hang 250ms --max-hitch-time 100ms",
    "tracecli check run.jsonl --budget perf-budget.json --format github",
    "tracecli check run.jsonl --forbid update-loop,fan-out",
    "tracecli check run.jsonl --forbid update-loop,fan-out --write-baseline accepted.json",
    "tracecli check run.jsonl --forbid update-loop,fan-out --baseline accepted.json --format sarif > check.sarif",
    "tracecli check run.jsonl --budget perf-budget.json --format junit > perf.xml",
    "tracecli check run.jsonl --budget perf-budget.json --tighten",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var parsed = try parse(arguments)
    let format = try parsed.choice(
      "--format", ["text", "json", "junit", "github", "markdown", "sarif"], default: "text")
    let budgetPath = parsed.value("--budget")
    let maxRed = try parsed.count("--max-red")
    let maxOrange = try parsed.count("--max-orange")
    let maxMissed = try parsed.count("--max-missed-frames")
    let maxHitches = try parsed.count("--max-hitches")
    let maxHitchTime = try parsed.duration("--max-hitch-time")
    let maxHang = try parsed.duration("--max-hang")
    var forbidden: [FindingRule] = []
    for name in parsed.values("--forbid").flatMap({ $0.split(separator: ",") }) {
      let trimmed = String(name.filter { $0 != " " })
      guard let rule = FindingRule(named: trimmed) else {
        throw UsageError(
          "--forbid: unknown rule '\(trimmed)' (expected "
            + FindingRule.allCases.map(\.rawValue).joined(separator: ", ") + ")"
            + Suggestion.didYouMean(trimmed, among: FindingRule.allCases.map(\.rawValue)), command: "check")
      }
      if !forbidden.contains(rule) { forbidden.append(rule) }
    }
    let tighten = parsed.flag("--tighten")
    let starter = parsed.value("--write-budget")
    var margin = 10.0
    if let text = parsed.value("--margin") {
      guard let value = PercentText.parse(text, in: 0...1000) else {
        throw UsageError("--margin '\(text)' is not a percentage from 0% to 1000%", command: "check")
      }
      margin = value
    }
    let baselinePath = parsed.value("--baseline")
    let baselineOutput = parsed.value("--write-baseline")
    let force = parsed.flag("--force")
    let allowances = Allowances(&parsed)
    var cliOptions = try parsed.analysisOptions(thresholdsMayChange: true)
    cliOptions.missingWindows = allowances.missingWindows
    try parsed.finish()
    let paths = try parsed.traces()
    if budgetPath == nil && maxRed == nil && maxOrange == nil && maxMissed == nil && maxHitches == nil
      && maxHitchTime == nil && maxHang == nil && forbidden.isEmpty && starter == nil && baselineOutput == nil
    {
      throw UsageError(
        "nothing to check: give --budget <file>, --max-red, --max-orange, --max-missed-frames, --max-hitches, "
          + "--max-hitch-time, --max-hang, --forbid, --write-budget <file> or --write-baseline <file>",
        command: "check")
    }
    if force && baselineOutput == nil && starter == nil {
      throw UsageError(
        "--force lets --write-baseline or --write-budget replace a file; give one of them", command: "check")
    }
    if starter == "-"
      && (budgetPath != nil || maxRed != nil || maxOrange != nil || maxMissed != nil
        || maxHitches != nil || maxHitchTime != nil || maxHang != nil || !forbidden.isEmpty
        || baselineOutput != nil)
    {
      throw UsageError(
        "--write-budget - writes the budget to standard output, alone: give no limit with it",
        command: "check")
    }
    if baselineOutput == "-" {
      throw UsageError(
        "--write-baseline needs a file to write (standard output carries the check)", command: "check")
    }
    if tighten && budgetPath == nil {
      throw UsageError("--tighten rewrites a budget file; give it with --budget", command: "check")
    }

    var bytes: [UInt8] = []
    var budget = Budget(file: "command line")
    if let budgetPath {
      bytes = try BudgetFile.read(path: budgetPath)
      budget = try BudgetParser.parse(bytes, file: budgetPath)
    }
    budget.addCommandLineLimits(
      maxRed: maxRed, maxOrange: maxOrange, maxMissedFrames: maxMissed, maxHitches: maxHitches,
      maxHitchTime: maxHitchTime, maxHang: maxHang, forbidden: forbidden)
    var baseline: Baseline?
    if let baselinePath {
      guard budget.needsFindings else {
        throw UsageError(
          "--baseline accepts findings of the rules a check forbids; give --forbid (or a budget whose "
            + "\"findings\" section forbids rules)",
          command: "check")
      }
      baseline = try BaselineParser.parse(
        try BudgetFile.read(path: baselinePath, kind: "baseline file"), file: baselinePath)
    }
    for output in [baselineOutput, starter].compactMap({ $0 })
    where output != "-" && SystemFile.exists(output) && !force {
      errors.write("tracecli: \(output) exists; --force replaces it (or give another file)\n")
      return .cannotCreate
    }
    let options = budget.applying(to: cliOptions)
    if options.thresholds.orange > options.thresholds.red {
      let from = budgetPath.map { " (\($0) and the options together)" } ?? ""
      throw UsageError(
        "the orange threshold, \(DurationText.format(options.thresholds.orange)), must not be above the red one, "
          + "\(DurationText.format(options.thresholds.red))\(from)",
        command: "check")
    }

    let artifacts = TraceCLI.sarifArtifacts(trace: paths[0], budget: budgetPath)
    let run: CheckRun
    do {
      run = try TraceAnalysis.check(
        paths: paths, budget: budget, options: options, tighteningMargin: tighten ? margin : nil,
        diagnosing: baseline != nil || baselineOutput != nil)
      // The whole trace's read is judged when it holds limits (or nothing else does); each
      // window's read when its window keeps no update.
      if !budget.limits(in: nil).limits.isEmpty || budget.windows.isEmpty {
        try TraceCLI.refuseUnjudgeable(
          run.measurements.summary, allowances: allowances,
          needsUpdates: budget.limits(in: nil).needsUpdates || budget.limits.isEmpty)
      }
      for (window, summary) in run.windowSummaries {
        try TraceCLI.refuseUnjudgeable(
          summary, allowances: allowances, needsUpdates: budget.limits(in: window).needsUpdates)
      }
    } catch {
      // Code scanning reads a log whatever happened: one that says the check could not judge.
      if format == "sarif", case .cannotJudge(let reason) = error {
        output.write(
          SARIFRenderer.render(unjudged: reason, artifacts: artifacts, version: Usage.versionNumber))
      }
      throw error
    }
    let measurements = run.measurements
    // A baseline written now accepts the findings it lists: the check judges with it.
    let written = baselineOutput.map { Baseline(file: $0, accepting: run.findings) }
    var result = try run.evaluate(baseline: written ?? baseline)
    if allowances.unrecorded {
      for index in result.results.indices where !result.results[index].judged {
        result.results[index].waived = true
      }
    }
    if budget.limits.contains(where: { $0.scope == .frames }),
      let warning = RecordingCheck.assumedRateWarning(RecordingFacts(measurements.summary))
    {
      errors.write(warning + "\n")
    }
    TraceCLI.warn(measurements.summary.warnings, to: &errors)
    switch format {
    case _ where budget.limits.isEmpty:  // --write-budget or --write-baseline alone checks nothing
      if format == "sarif" && starter != "-" {
        output.write(SARIFRenderer.render(unjudged: nil, artifacts: artifacts, version: Usage.versionNumber))
      }
    case "json": output.write(CheckJSONRenderer.render(result))
    case "junit": output.write(JUnitRenderer.render(result))
    case "github": output.write(GitHubRenderer.render(result))
    case "markdown": output.write(CheckMarkdownRenderer.render(result))
    case "sarif":
      output.write(
        SARIFRenderer.render(
          result, artifacts: TraceCLI.sarifArtifacts(trace: paths[0], budget: budgetPath),
          version: Usage.versionNumber))
    default: output.write(CheckRenderer.render(result, style: style))
    }

    if let baselineOutput, let written {
      try BudgetFile.write(Array(BaselineRenderer.render(written).utf8), to: baselineOutput)
      let count = written.entries.count
      errors.write(
        "tracecli: wrote a baseline of \(count) finding\(count == 1 ? "" : "s") to \(baselineOutput) "
          + "(check --baseline \(baselineOutput) accepts them)\n")
      if budget.limits.isEmpty && starter == nil { return .success }
    }
    if starter == "-" {
      output.write(StarterBudget.render(measurements.summary, margin: margin))
      return .success
    }
    if let starter {
      try BudgetFile.write(
        Array(StarterBudget.render(measurements.summary, margin: margin).utf8), to: starter)
      errors.write(
        "tracecli: wrote a starter budget to \(starter) (every view's red, orange and p95, frames, and the "
          + "recorded hitches and hangs)\n")
      if budget.limits.isEmpty { return .success }
    }
    if tighten, let budgetPath, !result.unjudged.isEmpty {
      errors.write("tracecli: \(budgetPath): not tightened: some limits cannot be judged on this recording\n")
    } else if tighten, let budgetPath {
      switch run.tighten(bytes, after: result, margin: margin) {
      case .overBudget:
        errors.write(
          "tracecli: \(budgetPath): not tightened: the trace is over budget (fix it, or raise the limit by hand)\n"
        )
      case .nothing:
        errors.write(
          "tracecli: \(budgetPath): nothing to tighten (no limit is above what the trace measured)\n")
      case .tightened(let tightened, let changes):
        try BudgetFile.write(tightened, to: budgetPath)
        for change in changes {
          errors.write(change.description + "\n")
          if change.nameQuotesOldValue {
            errors.write(
              "tracecli: note: the name \"\(change.limit.name)\" still quotes \(change.old); rename the limit\n"
            )
          }
        }
        errors.write(
          "tracecli: \(budgetPath): tightened \(changes.count) limit\(changes.count == 1 ? "" : "s")\n")
      }
    }
    if !result.unjudged.isEmpty {
      errors.write("tracecli: \(result.trace): \(result.verdict)\n")
      return .dataError
    }
    return result.passed ? .success : .failure
  }
}
