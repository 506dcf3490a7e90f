import TraceAnalyzer
import TraceModel

/// The `tracecli` executable: arguments in, one library call, text and an exit code out.
@main
enum TraceCLI {
  static func main() {
    exitAfterRunning(Array(CommandLine.arguments.dropFirst()))
  }

  /// Runs `arguments` on the real standard streams and exits with the command's status.
  nonisolated static func exitAfterRunning(_ arguments: [String]) -> Never {
    let standardOutput = FileDescriptorStream(descriptor: 1)
    let standardError = FileDescriptorStream(descriptor: 2)
    let noColor = environment("NO_COLOR").map { !$0.isEmpty } ?? false
    let color = standardOutput.isTerminal && !noColor && environment("TERM") != "dumb"
    // Progress for long reads, on a terminal only; wiped before anything else is written.
    let progress = standardError.isTerminal ? ProgressDisplay() : nil
    var output = ProgressAwareStream(
      base: standardOutput, progress: standardOutput.isTerminal ? progress : nil)
    var errors = ProgressAwareStream(base: standardError, progress: progress)
    // Tables fit COLUMNS when it says, else the terminal (120 when it does not say); a pipe
    // gets them whole.
    let columns = environment("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    let width = columns ?? (standardOutput.isTerminal ? standardOutput.terminalWidth ?? 120 : nil)
    let status = run(
      arguments: arguments, output: &output, errors: &errors, style: TextStyle(color: color, width: width),
      progress: progress)
    progress?.finish()
    if let code = standardOutput.failure.code {
      errors.write("tracecli: cannot write standard output: \(SystemFile.describe(code))\n")
      exit(ExitCode.ioError.rawValue)
    }
    exit(status.rawValue)
  }

  /// Runs one command line; writes data to `output` and diagnostics to `errors`.
  ///
  /// - Parameters:
  ///   - environment: the environment `xctrace` runs in and is found by (nil: the process's).
  ///   - progress: the terminal's progress display, if any.
  static func run(
    arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream,
    style: TextStyle = .plain, environment: [String: String]? = nil, progress: ProgressDisplay? = nil
  ) -> ExitCode {
    guard let command = arguments.first else {
      errors.write(Usage.main)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "-h", "--help":
        output.write(Usage.main)
        return .success
      case "--version", "version":
        output.write(Usage.version + "\n")
        return .success
      case "help":
        guard let topic = rest.first else {
          output.write(Usage.main)
          return .success
        }
        guard let text = Usage.help(for: topic) else {
          throw UsageError("no command '\(topic)'" + Suggestion.didYouMean(topic, among: Usage.commands))
        }
        output.write(text)
        return .success
      default:
        break
      }
      // What follows `--` is no option (for record, the command line it runs on its recording).
      let options = rest.prefix { $0 != "--" }
      if options.contains("-h") || options.contains("--help"), let text = Usage.help(for: command) {
        output.write(text)
        return .success
      }
      if command == RecordCommand.name {
        // It runs xctrace itself, then its command line on the recording through this function.
        return try RecordCommand.run(
          rest, output: &output, errors: &errors, style: style,
          environment: environment ?? XCTraceProcess.processEnvironment, progress: progress)
      }
      guard Usage.commands.contains(command) else {
        return try dispatch(command, rest, &output, &errors, style)
      }
      if let type = Usage.command(named: command) {
        // Said once, before the trace is read; the command's own parse reports any usage error.
        let notes = (try? Arguments(rest, command: command, options: type.options))?.notes ?? []
        for note in notes { errors.write(note + "\n") }
      }
      // Instruments bundles become folders of exported tables, named as the bundles in messages.
      var bundles = TraceBundles()
      defer { bundles.removeAll() }
      let prepared = try bundles.prepare(
        rest, command: command, options: Usage.command(named: command)?.options ?? [],
        environment: environment ?? XCTraceProcess.processEnvironment, note: { errors.write($0 + "\n") },
        progress: { progress?.show($0) })
      if bundles.folders.isEmpty { return try dispatch(command, prepared, &output, &errors, style) }
      var renamed = BundleRenamingStream(base: errors, bundles: bundles)
      defer { errors = renamed.base }
      do {
        // Rows and Perfetto exports stream large data and name no files: left as they are.
        if command == "export" { return try dispatch(command, prepared, &output, &renamed, style) }
        var renamedOutput = BundleRenamingStream(base: output, bundles: bundles)
        defer { output = renamedOutput.base }
        return try TraceBundles.$current.withValue(bundles.bundlePaths) {
          try dispatch(command, prepared, &renamedOutput, &renamed, style)
        }
      } catch {
        return report(error, to: &renamed)
      }
    } catch {
      return report(error, to: &errors)
    }
  }

  /// Runs `command` with `rest`.
  private static func dispatch(
    _ command: String, _ rest: [String], _ output: inout some TextOutputStream,
    _ errors: inout some TextOutputStream, _ style: TextStyle
  ) throws -> ExitCode {
    guard let type = Usage.command(named: command) else {
      throw UsageError("unknown command '\(command)'" + Suggestion.didYouMean(command, among: Usage.commands))
    }
    return try type.run(rest, output: &output, errors: &errors, style: style)
  }

  /// Writes any error a command throws and returns its exit code.
  private static func report(_ error: any Error, to errors: inout some TextOutputStream) -> ExitCode {
    switch error {
    case let error as UsageError:
      errors.write("tracecli: \(error.message)\n\(error.hint)\n")
      return .usage
    case let error as TraceReadError:
      return report(error, to: &errors)
    case let error as BudgetError:
      errors.write(
        located(error.file, line: error.location?.line, column: error.location?.column, error.message))
      return .dataError
    case let error as AtomicFile.Failure:
      errors.write("tracecli: \(error)\n")
      return error.isMissingFolder ? .cannotCreate : .ioError
    case let error as XCTraceBundleError:
      errors.write("tracecli: \(error)\n")
      return error.exitCode
    default:
      errors.write("tracecli: \(error)\n")
      return .failure
    }
  }

  /// Writes a read error and returns its exit code (66 no input, 65 bad data or a recording
  /// that cannot be judged, 64 several recordings).
  static func report(_ error: TraceReadError, to errors: inout some TextOutputStream) -> ExitCode {
    switch error {
    case .noInput(let path, let reason):
      errors.write("tracecli: \(path): \(reason)\n")
      return .noInput
    case .badData(let parseError), .cannotJudge(let parseError):
      errors.write(
        located(
          parseError.file, line: parseError.line > 0 ? parseError.line : nil, column: parseError.column,
          parseError.message))
      return .dataError
    case .ambiguousInput(let message):
      errors.write("tracecli: \(message)\n")
      return .usage
    }
  }

  /// The one form of an error in a file: `file:line:column: error: message` (as much of the
  /// place as is known).
  static func located(_ file: String, line: Int?, column: Int?, _ message: String) -> String {
    var location = file
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return "\(location): error: \(message)\n"
  }

  /// Writes the reader's warnings to `errors`.
  static func warn(_ warnings: [TraceWarning], to errors: inout some TextOutputStream) {
    for warning in warnings { errors.write(warning.description + "\n") }
  }

  /// Writes a warning per stack id of `file` no symbol defines: its first line and samples, and
  /// the name it was given.
  static func warn(
    dangling: [Profile.DanglingSymbol], in file: String, to errors: inout some TextOutputStream
  ) {
    for dangling in dangling {
      errors.write(
        "tracecli: warning: \(file):\(dangling.line): symbol #\(dangling.id) is not defined "
          + "(\(dangling.samples) \(dangling.samples == 1 ? "sample" : "samples")); named \"unknown #\(dangling.id)\"\n"
      )
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
