import TraceAnalyzer
import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tracecli import xctrace <export>…`: xctrace XML exports to a trace-format JSON Lines file.
enum ImportCommand: Command {
  static let name = "import"
  static let synopsis = ["xctrace <Run.trace | export.xml | folder>..."]

  static let about = """
    Converts an Instruments recording into one tracecli trace (JSON Lines, written to
    standard output or -o): a .trace bundle (read through `xcrun xctrace export`), or
    tables exported from one, or a folder of them:

      swiftui-updates             updates (kind, view, module, thread, skipped, group)
      SwiftUIFilteredUpdates        (its instances, when there is no swiftui-updates)
      swiftui-layout-updates      layout updates (other; a cached one is skipped)
      swiftui-causes              the cause graph: causes, and sources for its nodes
      swiftui-full-causes           that are not updates (owner and property from labels)
      swiftui-update-groups       update groups, and the group of each update
      hitches, hitches-summary    the app's hitches (system ones marked; the late stage as
                                    their cause)
      potential-hangs             the app's hangs
      time-profile                Time Profiler samples of the app's running threads (one
                                    symbol per function; cpu-profile is not read)
      display-vsyncs-interval     frames (one vsync to the next), and the rate the app drew at
      hitches-summary             the rate, from its refresh interval (without vsyncs)
      device-display-info         the rate, the display's maximum (without either)
      hitches-frame-lifetimes     the rate, from their cadence (without any of those)
      the table of contents       the app, its pid and device, what was recorded
                                    (`xctrace export --toc`)

    Times count from the run's start, as Instruments shows them. Exports of two
    recordings are refused. Gzipped files (.gz) are read as they are. Other tables are
    skipped with a warning. Every command that takes a trace reads
    bundles and XML directly too; importing once makes later reads faster and the file
    smaller.
    """

  static let options = [
    Option(
      "-o", "--output", value: "<file>", help: "write the trace to <file> instead of standard output",
      "(`-` is standard output)"),
    Option("--run", value: "<n>", help: "the run of a bundle holding several"),
    Option(
      "--process", value: "<name|pid>", help: "the app whose hitches, hangs and samples to keep, in a recording",
      "of every process"),
    Option("--xctrace-timeout", value: "<seconds>", help: "how long one table's export may take (default 600)"),
    Option.help,
  ]

  static let exitStatuses =
    [ExitStatus(.success, "imported")] + ExitStatus.reading + [ExitStatus.noFolder]

  static let examples = [
    "tracecli import xctrace Run.trace -o run.jsonl",
    "xcrun xctrace export --input App.trace --toc",
    "xcrun xctrace export --input App.trace \\",
    "  --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-updates\"]' > updates.xml",
    "tracecli import xctrace updates.xml causes.xml display.xml -o app.jsonl",
    "tracecli import xctrace exports/ > app.jsonl",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let destination = arguments.outputFile()
    let process = arguments.value("--process")
    try arguments.finish()
    guard let format = arguments.positionals.first else {
      throw UsageError(
        "missing the format to import: tracecli import xctrace <export.xml>...", command: "import")
    }
    guard format == "xctrace" else {
      var message = "cannot import '\(format)'; the format tracecli imports is xctrace"
      if arguments.positionals.count == 1 { message += ": tracecli import xctrace \(format)" }
      throw UsageError(message, command: "import")
    }
    let given = Array(arguments.positionals.dropFirst())
    guard !given.isEmpty else {
      throw UsageError("missing the xctrace export (an XML file or a folder of them)", command: "import")
    }
    if given.count > 1 && given.contains("-") {
      throw UsageError("standard input (-) cannot be combined with other files", command: "import")
    }
    let input = try TraceInput.resolvingInputs(given, name: nil)
    defer { TraceInput.removeSpool(input.spool) }
    let paths = input.files
    let names = given == ["-"] ? [input.name] : given
    for (path, name) in zip(paths, names) {
      if try TraceInput.format(of: path) == .jsonLines {
        throw TraceReadError.badData(
          TraceParseError(
            file: name, line: 1, column: 1,
            message: "a JSON Lines trace, not an xctrace XML export; it needs no import"
              + " (every command reads it as it is)"))
      }
    }
    let result: XCTraceImporter.Result
    if let destination {
      // Whole or nothing: a failed import leaves an existing file as it was.
      let file = try AtomicFile(path: destination)
      result = try XCTraceImporter.convert(paths: paths, names: names, process: process) { chunk in file.write(chunk) }
      try file.commit()
    } else {
      result = try XCTraceImporter.convert(paths: paths, names: names, process: process) { chunk in
        output.write(bytes: chunk)
      }
    }
    TraceCLI.warn(result.report.warnings, to: &errors)
    if let destination {
      errors.write("tracecli: wrote \(result.events) events to \(destination)\n")
    }
    return .success
  }
}
