import TraceAnalyzer
import TraceModel

/// `tracecli export <trace>…`: the trace for other tools: Trace Event Format (Perfetto UI,
/// chrome://tracing, speedscope), one flat JSON row per update (DuckDB, Spark, BigQuery) or the
/// Time Profiler samples as a speedscope file.
enum ExportCommand: Command {
  static let name = "export"
  static let synopsis = [
    "<trace> --format chrome", "<trace>... --format rows", "<trace> --format speedscope",
  ]

  static let about = """
    --format chrome writes the Trace Event Format JSON that ui.perfetto.dev,
    chrome://tracing and speedscope open: the app as the process, one track per
    thread (an update that overlaps another without nesting goes to an extra track),
    every finished update a complete event named by its node label with its id,
    kind, module, severity, skipped and group; a Frames track (one event per frame
    with updates, missed deadlines marked with their overrun); hitches (with their
    duration, narrative, cause and whether they are the system's), hangs (duration
    and type) and update groups on tracks of their own; a Causes track with a 1 us
    slice per source that causes something (a gesture, a state or @Observable
    change, the environment...), at its time, else at the first update it causes;
    and one flow arrow per cause whose two ends were written (source to update,
    update to update), so a fan-out of one change shows one arrow per update.

    --format rows writes one flat JSON object per update (run file, app, device, id,
    kind, module, view, start, duration, severity, frame, frame missed, thread,
    skipped, group), for DuckDB's read_ndjson, Spark or BigQuery; several traces at
    once give the rows of every run.

    --format speedscope writes the Time Profiler samples as a speedscope file
    (speedscope.app): one sampled profile per thread with samples, the main thread
    first, samples in time order with their weights in ns, each function (symbol
    name and binary) one frame. Perfetto's JSON importer ignores samples, so they
    go here. A trace without samples gives a file without profiles, and a note.
    """

  static let options: [Option] =
    [Option("--format", value: "chrome|rows|speedscope", help: "what to write (required)"), Option.output]
    + Option.analysis + [Option.help]

  static let notes = """
    --from/--to and --window keep what starts in them, as for the other commands:
    updates, frames with those updates, groups, hitches, hangs, intervals, and the
    sources placed in them; a cause is drawn only when both its ends are; the
    samples whose time is in them. Stack ids no symbol defines are named
    "unknown #ID" and reported on standard error.
    """

  static let exitStatuses = [ExitStatus(.success, "written")] + ExitStatus.reading + [ExitStatus.noFolder]

  static let examples = [
    "tracecli export trace.jsonl --format chrome -o trace.json",
    "tracecli export runs/*.jsonl --format rows > rows.jsonl",
    "tracecli export trace.jsonl --format speedscope -o samples.speedscope.json",
  ]

  static func run(
    _ arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle
  ) throws -> ExitCode {
    var arguments = try parse(arguments)
    let destination = arguments.outputFile()
    guard let format = try arguments.choiceIfGiven("--format", ["chrome", "rows", "speedscope"]) else {
      throw UsageError("missing --format chrome, rows or speedscope", command: "export")
    }
    let options = try arguments.analysisOptions()
    try arguments.finish()
    let paths = try arguments.traces()
    if format != "rows" && paths.count > 1 && paths.contains(where: isJSONLines) {
      throw UsageError(
        "--format \(format) exports one trace; give several runs to --format rows", command: "export")
    }
    let file = try destination.map { path throws(AtomicFile.Failure) in try AtomicFile(path: path) }
    let result = try withoutActuallyEscaping({ (bytes: UnsafeRawBufferPointer) -> Bool in
      if let file { return file.write(bytes) }
      return output.write(bytes: bytes)
    }) { write in
      switch format {
      case "chrome": try TraceAnalysis.exportChrome(paths: paths, options: options, write: write)
      case "speedscope":
        try TraceAnalysis.exportSpeedscope(
          paths: paths, options: options, exporter: "tracecli@\(Usage.versionNumber)", write: write)
      default: try TraceAnalysis.exportRows(runs: paths, options: options, write: write)
      }
    }
    TraceCLI.warn(result.warnings, to: &errors)
    if format == "speedscope" {
      TraceCLI.warn(dangling: result.dangling, in: result.file, to: &errors)
      if result.profiles == 0 {
        errors.write(
          "tracecli: note: no samples\(options.range.isUnbounded && options.windows.isEmpty ? "" : " in the range")"
            + ": the speedscope file has no profiles (record with the Time Profiler instrument)\n")
      }
    }
    if let file {
      try file.commit()
      let what =
        format == "speedscope"
        ? "\(result.events) \(result.events == 1 ? "sample" : "samples") in \(result.profiles) "
          + (result.profiles == 1 ? "profile" : "profiles") : "\(result.events) events"
      errors.write("tracecli: wrote \(what) to \(file.path)\n")
    }
    return .success
  }

  /// Whether `path` names a JSON Lines trace (one trace per file), not an xctrace export.
  private static func isJSONLines(_ path: String) -> Bool {
    path == "-" || ((try? TraceInput.format(of: path)) ?? .jsonLines) == .jsonLines
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
