import TraceAnalyzer
import TraceModel

/// `tracecli report <trace>`: one self-contained HTML page with the findings, the timeline,
/// the worst missed frames, the cause graphs and the views.
enum ReportCommand: Command {
  static let name = "report"
  static let synopsis = ["<trace>"]

  static let about = """
    Writes one HTML page that opens offline in any browser (CSS, SVG and a little
    JavaScript inline; nothing is fetched), in light or dark mode:
      - the header (app, device, span, refresh rate, thresholds) and the findings of
        diagnose, each linking to its evidence;
      - a timeline like the Instruments SwiftUI track: lanes for update groups, View
        Body, Representable and Other updates (gray, orange, red), frames with their
        missed deadlines, hitches and hangs; drawn per pixel column, so the page stays
        small for traces of any size (zoom with the wheel, drag to pan);
      - the worst missed frames at frame scale, each update a labelled bar;
      - cause-and-effect graphs, laid out by tracecli top to bottom (no Graphviz):
        around --view, and around the nodes of each finding no graph before shows,
        with the findings marked as in cause-graph's DOT;
      - the views table (as summarize), sortable.
    """

  static var options: [Option] {
    [
      Option(
        "-o", "--output", value: "<file>", help: "write the page to <file> (whole or not at all) instead of",
        "standard output (`-` is standard output)"),
      Option(
        "--view", value: "<name>", help: "the view whose causes the first graph shows (default: the",
        "top finding's nodes, else the view with the most red updates)"),
    ] + Option.analysis + Option.findingThresholds + [Option.help]
  }

  static let exitStatuses =
    [ExitStatus(.success, "written"), ExitStatus(.failure, "no view of that name in the trace")]
    + ExitStatus.reading + [ExitStatus.noFolder]

  static let examples = [
    "tracecli report trace.jsonl -o report.html && open report.html",
    "tracecli report exports/ -o report.html --view LandmarkListItemView",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let destination = arguments.outputFile()
    let view = arguments.value("--view")
    let settings = try arguments.findingSettings()
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    let (report, found) = try TraceAnalysis.report(
      paths: paths, options: options, settings: settings, view: view)
    TraceCLI.warn(report.summary.warnings, to: &errors)
    guard found else {
      let message = Suggestion.noSuchView(
        view ?? "", in: report.summary.file, among: report.diagnosis.graph.viewKeys)
      errors.write("tracecli: \(message)\n")
      return .failure
    }
    let page = ReportRenderer.render(report)
    guard let destination else {
      output.write(page)
      return .success
    }
    try AtomicFile.write(page, to: destination)
    return .success
  }
}
