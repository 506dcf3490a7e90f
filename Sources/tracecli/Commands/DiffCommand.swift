import TraceAnalyzer

/// `tracecli diff <base>… --vs <head>…`: what changed between two traces or sets of runs.
enum DiffCommand: Command {
  static let name = "diff"
  static let synopsis = ["<base> <head>", "<base>... --vs <head>..."]

  static let about = """
    Compares traces view by view: the change in red, orange, count, p95 and total time of
    every view and kind, frames that missed their deadline, cause-graph edges added,
    removed or counted differently, and the findings of diagnose that appeared or went
    away (the same rule and nodes). Listed by impact.

    With several runs a side (e.g. recordings of the same UI test on main and on the pull
    request), each figure is the median of its side's runs (for an even number, the lower
    middle value). With 2 or 3 runs a side, a change smaller than the runs' own spread
    (max - min of either side) is marked as noise (~), not a regression.

    With 4 or more runs a side, each view's count, red, p95 and total, the missed frames and
    the recorded hitches and hangs get a verdict: slower, faster or same, by a two-sided
    Mann-Whitney U test of the runs (exact without ties up to 20 runs a side), its p adjusted
    over the views compared (Benjamini-Hochberg q), and a median change over --min-change.
    A rule over every view uses q, so gating every view of a large app needs many runs;
    a rule that names a view (VIEW:p95>10%) tests that view alone.
    """

  static let options: [Option] =
    [
      Option("--vs", help: "separates the base runs from the head runs"),
      Option(
        "--fail-on", value: "<rules>",
        help: "exit 1 when a change exceeds a rule; repeatable or comma-separated:",
        "  red>0        a view's red updates rose",
        "  orange>+5    a view's orange updates rose by more than 5",
        "  count>+20%   a view updated more than 20% more often",
        "  p95>+20%     a view's p95 time rose by more than 20%",
        "  total>+2ms   a view's total time rose by more than 2 ms",
        "  missed>0     more frames missed their deadline",
        "  overrun>+1ms the worst frame overrun grew by more than 1 ms",
        "  edge>+50%    a cause-graph edge's count rose by more than 50%",
        "  finding>0    a finding of diagnose is new on head (present",
        "               in more than half of a side's runs)",
        "  hitches>0    more app hitches were recorded (also hitchTime,",
        "               longestHitch, hangs, longestHang)",
        "  VIEW:p95>10% one view's figure (VIEW as for --view), tested alone",
        "the number is a change (base to head); from a base of 0 any rise",
        "exceeds a percentage. With 4+ runs a side a rule fails when a",
        "figure it covers is slower and its median change exceeds the rule,",
        "and is inconclusive (exit 2) when the change exceeds the rule but",
        "q >= alpha; with fewer runs, exit 2 when it exceeds the rule only",
        "within the runs' spread."),
      Option(
        "--format", value: "<format>", help: "text (default), json, markdown (a PR comment) or github",
        "(Actions annotations)"),
      Option(
        "--limit", value: "<n>", help: "changed views listed in text and markdown (default 20/30, 0 all)"),
    ] + Option.analysis + [
      Option(
        "--min-change", value: "<p,d>", help: "the smallest change that counts: a relative part and, for",
        "times, an absolute one (default 5%,50us; counts use the relative",
        "part only); with one run a side smaller ones show as unchanged,",
        "with 4+ runs a side a verdict needs a larger median change"),
      Option(
        "--alpha", value: "<a>", help: "the significance level of the verdicts (default 0.05; 4+ runs",
        "a side)"),
      Option(
        "--allow-empty", help: "accept runs without updates, or whose SwiftUI tables are empty",
        "(by default \"cannot judge\", exit 65)"),
      Option.allowMissingWindow, Option.allowUnrecorded,
      Option.help,
    ]

  static let exitStatuses =
    [
      ExitStatus(.success, "no rule failed"), ExitStatus(.failure, "a --fail-on rule failed"),
      ExitStatus(
        .inconclusive,
        "a change exceeds a rule but the runs do not show it (q >= alpha, or within their spread)"),
    ] + ExitStatus.reading

  static let examples = [
    "tracecli diff main.jsonl pr.jsonl",
    "tracecli diff main-1.jsonl main-2.jsonl main-3.jsonl --vs pr-1.jsonl pr-2.jsonl pr-3.jsonl \\",
    "  --format markdown --fail-on 'red>0,p95>+20%'",
    "tracecli diff base/*.trace --vs head/*.trace --fail-on 'LandmarkRow:p95>10%,hitches>0'",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var parsed = try parse(arguments)
    let format = try parsed.choice("--format", ["text", "json", "markdown", "github"], default: "text")
    let ruleTexts = parsed.values("--fail-on")
    let limit = try parsed.count("--limit")
    var minimum = ChangeMinimum.default
    if let text = parsed.value("--min-change") {
      guard let read = ChangeMinimum(text: text) else {
        throw UsageError("--min-change '\(text)' must read like 5%,50us", command: "diff")
      }
      minimum = read
    }
    var alpha = 0.05
    if let text = parsed.value("--alpha") {
      guard let read = Double(text), read > 0, read < 1 else {
        throw UsageError("--alpha '\(text)' must be a number between 0 and 1, e.g. 0.05", command: "diff")
      }
      alpha = read
    }
    var options = try parsed.analysisOptions()
    let split = try parsed.split(at: "--vs")
    let allowances = Allowances(&parsed)
    options.missingWindows = allowances.missingWindows
    try parsed.finish()
    let positionals = parsed.positionals
    var base: [String]
    var head: [String]
    if let baseCount = split {
      base = Array(positionals.prefix(baseCount))
      head = Array(positionals.dropFirst(baseCount))
    } else {
      guard positionals.count == 2 else {
        throw UsageError(
          "give two traces (diff BASE HEAD) or runs on each side of --vs (diff A1 A2 --vs B1 B2)",
          command: "diff")
      }
      base = [positionals[0]]
      head = [positionals[1]]
    }
    guard !base.isEmpty else { throw UsageError("no base trace before --vs", command: "diff") }
    guard !head.isEmpty else { throw UsageError("no head trace after --vs", command: "diff") }
    if (base + head).contains("-") {
      throw UsageError("diff reads files; standard input (-) cannot be one side", command: "diff")
    }
    let rules: [DiffRule]
    do {
      rules = try DiffRule.parseList(ruleTexts)
    } catch {
      throw UsageError("--fail-on: \(error.message)", command: "diff")
    }

    let diff = try TraceAnalysis.diff(
      base: base, head: head, options: options, minimum: minimum, alpha: alpha)
    if let rule = rules.first(where: { !$0.namesAView(of: diff) }) {
      throw UsageError(
        "--fail-on '\(rule.text)': no view '\(rule.view ?? "")' in either side (write Name, Module.Name"
          + " or Name.body as the summary prints it)", command: "diff")
    }
    try RecordingCheck.refusePartialWindows(diff.runRecordings)
    for empty in diff.emptyRuns { try TraceCLI.refuseUnjudgeable(empty, allowances: allowances) }
    for rule in rules {
      guard let figure = DiffMeasure.recorded.first(where: { $0.measure == rule.measure }) else { continue }
      try RecordingCheck.refuseUnrecorded(
        "--fail-on '\(rule.text)'", measuring: figure.section, runs: diff.runsUnrecorded(for: rule),
        allowed: allowances.unrecorded)
    }
    if rules.contains(where: { $0.measure == .missed || $0.measure == .overrun }),
      let assumed = diff.runRecordings.first(where: \.refreshRateAssumed),
      let warning = RecordingCheck.assumedRateWarning(assumed)
    {
      errors.write(warning + "\n")
    }
    for warning in diff.warnings { errors.write(warning + "\n") }
    let runs = diff.runRecordings
    for warning in RecordingCheck.differentRecordings(
      Array(runs.prefix(diff.baseRuns.count)), Array(runs.dropFirst(diff.baseRuns.count)))
    {
      errors.write(warning + "\n")
    }
    let verdicts = rules.map { $0.evaluate(diff) }
    switch format {
    case "json": output.write(DiffJSONRenderer.render(diff, verdicts: verdicts))
    case "markdown":
      output.write(
        DiffMarkdownRenderer.render(diff, verdicts: verdicts, limit: limit.map { $0 == 0 ? nil : $0 } ?? 30))
    case "github": output.write(GitHubRenderer.render(diff, verdicts: verdicts))
    default:
      output.write(
        DiffRenderer.render(
          diff, verdicts: verdicts, limit: limit.map { $0 == 0 ? nil : $0 } ?? 20, style: style))
    }
    switch RuleVerdict.overall(verdicts) {
    case .pass: return .success
    case .fail: return .failure
    case .inconclusive: return .inconclusive
    }
  }
}
