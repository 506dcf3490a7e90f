import TraceAnalyzer
import TraceModel

/// `tracecli check <trace> --budget FILE`: fails (exit 1) when the trace is over budget.
enum CheckCommand: Command {
  static let flags: Set<String> = ["--tighten", "--allow-empty"]

  static let help = """
    USAGE: tracecli check <trace> [--budget <file>] [--max-red <n>] [--max-orange <n>]
                          [--max-missed-frames <n>] [--forbid <rules>] [--format <format>]
                          [--tighten]

    Checks a trace against a performance budget and lists every limit with the value
    measured, the view, kind or edge it applies to, and the limit; exits 1 when any limit
    is exceeded. The budget file (JSON, see docs/ci.md) limits views, kinds, the whole
    trace, frames and cause-graph edges; simple limits need no file.

    OPTIONS:
      --budget <file>           the budget file (JSON)
      --max-red <n>             at most n red updates in the trace (every kind)
      --max-orange <n>          at most n orange updates in the trace (every kind)
      --max-missed-frames <n>   at most n frames missing their deadline
      --forbid <rules>          fail on any finding of these diagnose rules, comma-separated
                                (long-body, blocking-update, fan-out, environment-churn,
                                update-loop, over-broad-input, accumulation); the budget
                                file's "findings" section sets their thresholds
      --format <format>         text (default), json, junit, github (Actions annotations)
                                or markdown
      --allow-empty             accept a trace without updates (by default an error, exit 65:
                                a recording that failed must not pass the gate)
      --tighten                 rewrite the budget file: lower every limit the trace now
                                beats to the measured value plus --margin, rounded up to a
                                readable value (never raises one); says on stderr what
                                changed; a trace over budget leaves the file as it was
      --margin <percent>        headroom --tighten and --write-budget leave (default 10%)
      --write-budget <file>     write a starter budget from this (good) trace: per-view red,
                                orange and p95, and missed frames, each with the margin
      --orange <duration>       orange threshold (default 500us; the file's, if it sets one)
      --red <duration>          red threshold (default 1ms; the file's, if it sets one)
      --from <time>             inspection range start, relative to the trace start
      --to <time>               inspection range end (exclusive)
      --refresh-rate <hz>       judge frames at this display rate (e.g. 120), over the trace's
      --threads <n>             reader threads (default: the CPUs tracecli may use)
      -h, --help                show this help

    Exit status: 0 within budget, 1 over budget, 64 usage error, 65 malformed trace or
    budget file (with its line and column), 66 a file cannot be read.

    EXAMPLES:
      tracecli check run.jsonl --max-red 0 --max-missed-frames 2
      tracecli check run.jsonl --budget perf-budget.json --format github
      tracecli check run.jsonl --forbid update-loop,fan-out
      tracecli check run.jsonl --budget perf-budget.json --format junit > perf.xml
      tracecli check run.jsonl --budget perf-budget.json --tighten

    """

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var parsed = try Arguments(arguments, command: "check", flags: flags)
    let format = try parsed.choice(
      "--format", ["text", "json", "junit", "github", "markdown"], default: "text")
    let budgetPath = parsed.value("--budget")
    let maxRed = try parsed.count("--max-red")
    let maxOrange = try parsed.count("--max-orange")
    let maxMissed = try parsed.count("--max-missed-frames")
    var forbidden: [FindingRule] = []
    for name in parsed.values("--forbid").flatMap({ $0.split(separator: ",") }) {
      let trimmed = String(name.filter { $0 != " " })
      guard let rule = FindingRule(named: trimmed) else {
        throw UsageError(
          "--forbid: unknown rule '\(trimmed)' (expected "
            + FindingRule.allCases.map(\.rawValue).joined(separator: ", ") + ")", command: "check")
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
    let allowEmpty = parsed.flag("--allow-empty")
    let cliOptions = try parsed.analysisOptions(thresholdsMayChange: true)
    try parsed.finish()
    let paths = try parsed.traces()
    if budgetPath == nil && maxRed == nil && maxOrange == nil && maxMissed == nil && forbidden.isEmpty
      && starter == nil
    {
      throw UsageError(
        "nothing to check: give --budget <file>, --max-red, --max-orange, --max-missed-frames, --forbid "
          + "or --write-budget <file>",
        command: "check")
    }
    if tighten && budgetPath == nil {
      throw UsageError("--tighten rewrites a budget file; give it with --budget", command: "check")
    }

    var bytes: [UInt8] = []
    var budget = Budget(file: "command line")
    do {
      if let budgetPath {
        bytes = try BudgetFile.read(path: budgetPath)
        budget = try BudgetParser.parse(bytes, file: budgetPath)
      }
    } catch let error as BudgetError {
      return report(error, to: &errors)
    }
    let cliLimits: [(Int?, BudgetScope, BudgetMeasure)] = [
      (maxRed, .trace, .red), (maxOrange, .trace, .orange), (maxMissed, .frames, .missed),
    ]
    for case let (max?, scope, measure) in cliLimits {
      budget.limits.append(BudgetLimit(scope: scope, measure: measure, max: Int64(max)))
    }
    for rule in forbidden {
      budget.limits.append(BudgetLimit(scope: .finding(rule), measure: .finding, max: 0))
    }
    let options = budget.applying(to: cliOptions)
    if options.thresholds.orange > options.thresholds.red {
      let from = budgetPath.map { " (\($0) and the options together)" } ?? ""
      throw UsageError(
        "the orange threshold, \(DurationText.format(options.thresholds.orange)), must not be above the red one, "
          + "\(DurationText.format(options.thresholds.red))\(from)",
        command: "check")
    }

    let run = try TraceAnalysis.check(
      paths: paths, budget: budget, options: options, tighteningMargin: tighten ? margin : nil)
    let measurements = run.measurements
    try TraceCLI.refuseEmpty(
      measurements.summary.file, updates: measurements.summary.total.count, range: options.range,
      allowed: allowEmpty)
    let result: CheckResult
    do {
      result = try run.evaluate()
    } catch {
      return report(error, to: &errors)
    }
    TraceCLI.warn(measurements.summary.warnings, to: &errors)
    switch format {
    case _ where budget.limits.isEmpty: break  // --write-budget alone checks nothing
    case "json": output.write(CheckJSONRenderer.render(result))
    case "junit": output.write(JUnitRenderer.render(result))
    case "github": output.write(GitHubRenderer.render(result))
    case "markdown": output.write(CheckMarkdownRenderer.render(result))
    default: output.write(CheckRenderer.render(result, style: style))
    }

    if let starter {
      if let failure = Self.write(
        Array(StarterBudget.render(measurements.summary, margin: margin).utf8), to: starter)
      {
        errors.write("tracecli: \(failure)\n")
        return failure.isMissingFolder ? .cannotCreate : .ioError
      }
      errors.write(
        "tracecli: wrote a starter budget to \(starter) (every view's red, orange and p95, and frames)\n")
      if budget.limits.isEmpty { return .success }
    }
    if tighten, let budgetPath {
      let measured = run.tightening(result)
      let (tightened, changes) = BudgetTightener.tighten(bytes, result: measured, margin: margin)
      if !result.passed {
        errors.write(
          "tracecli: \(budgetPath): not tightened: the trace is over budget (fix it, or raise the limit by hand)\n"
        )
      } else if changes.isEmpty {
        errors.write(
          "tracecli: \(budgetPath): nothing to tighten (no limit is above what the trace measured)\n")
      } else if let failure = Self.write(tightened, to: budgetPath) {
        errors.write("tracecli: \(failure)\n")
        return failure.isMissingFolder ? .cannotCreate : .ioError
      } else {
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
    return result.passed ? .success : .failure
  }

  /// Writes `bytes` to `path` whole or not at all; the failure, if any.
  private static func write(_ bytes: [UInt8], to path: String) -> AtomicFile.Failure? {
    do {
      try BudgetFile.write(bytes, to: path)
      return nil
    } catch {
      return error
    }
  }

  /// Writes a budget error as `file:line:column: error: message`; exit 65.
  private static func report(_ error: BudgetError, to errors: inout some TextOutputStream) -> ExitCode {
    var location = error.file
    if let place = error.location { location += ":\(place.line):\(place.column)" }
    errors.write("\(location): error: \(error.message)\n")
    return .dataError
  }
}
