import Foundation
import TraceAnalyzer
import TraceModel

/// One `xctrace` program to run: found from `TRACECLI_XCTRACE`, else `xcrun xctrace`, else
/// `xctrace` on `PATH`; each run writes its standard output and error to files and is killed
/// when it outlives its timeout.
struct XCTraceProcess: Sendable {
  /// How one run ended.
  enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)
    /// Killed after this many ns.
    case timedOut(Int64)
    /// The program could not be started (the reason).
    case notStarted(String)

    var succeeded: Bool { self == .exited(0) }

    var description: String {
      switch self {
      case .exited(let status): "exited with status \(status)"
      case .signalled(let signal): "was killed by signal \(signal)\(Self.signalName(signal))"
      case .timedOut(let timeout): "did not finish within \(DurationText.format(timeout))"
      case .notStarted(let reason): "could not be started (\(reason))"
      }
    }

    private static func signalName(_ signal: Int32) -> String {
      switch signal {
      case SIGSEGV: " (a segmentation fault)"
      case SIGABRT: " (abort)"
      case SIGBUS: " (a bus error)"
      case SIGKILL: " (SIGKILL)"
      case SIGTERM: " (SIGTERM)"
      default: ""
      }
    }
  }

  /// The executable's path.
  let executable: String
  /// Arguments that come before every command's own (`xctrace` after `xcrun`).
  let leadingArguments: [String]
  /// The environment the program runs in.
  var environment: [String: String] = Self.processEnvironment

  /// This process's environment.
  static var processEnvironment: [String: String] { ProcessInfo.processInfo.environment }
  /// How messages name the program: `xcrun xctrace`, or the path `TRACECLI_XCTRACE` gives.
  var displayName: String { ([executable] + leadingArguments).joined(separator: " ") }

  /// The program to run, or nil when there is none (`TRACECLI_XCTRACE` naming a missing program
  /// counts as none).
  static func find(environment: [String: String]) -> XCTraceProcess? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    let found: (String, [String])?
    if let named = environment["TRACECLI_XCTRACE"], !named.isEmpty {
      found = executable(named, path: path).map { ($0, []) }
    } else if let xcrun = executable("xcrun", path: path) {
      found = (xcrun, ["xctrace"])
    } else {
      found = executable("xctrace", path: path).map { ($0, []) }
    }
    return found.map { XCTraceProcess(executable: $0.0, leadingArguments: $0.1, environment: environment) }
  }

  /// The path of an executable `name` (a path when it holds a `/`, else looked up in `path`).
  private static func executable(_ name: String, path: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs the program with `arguments`, standard output to the file `output` and standard
  /// error to the file `errorOutput` (both replaced), and kills it after `timeout` ns.
  func run(_ arguments: [String], output: String, errorOutput: String, timeout: Int64) -> Outcome {
    guard FileManager.default.createFile(atPath: output, contents: nil),
      FileManager.default.createFile(atPath: errorOutput, contents: nil),
      let outputHandle = FileHandle(forWritingAtPath: output),
      let errorHandle = FileHandle(forWritingAtPath: errorOutput)
    else {
      return .notStarted("cannot create its output files in \(SystemFile.temporaryFolder)")
    }
    defer {
      try? outputHandle.close()
      try? errorHandle.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = leadingArguments + arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    do {
      try process.run()
    } catch {
      return .notStarted("\(error)")
    }
    let clock = ContinuousClock()
    let deadline = clock.now + .nanoseconds(timeout)
    while process.isRunning {
      if clock.now >= deadline {
        process.terminate()
        let grace = clock.now + .seconds(2)
        while process.isRunning && clock.now < grace { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return .timedOut(timeout)
      }
      usleep(10_000)
    }
    process.waitUntilExit()
    switch process.terminationReason {
    case .uncaughtSignal: return .signalled(process.terminationStatus)
    default: return .exited(process.terminationStatus)
    }
  }

  /// The last non-blank line of the file at `path` (a run's standard error), if any.
  static func lastLine(of path: String) -> String? {
    guard let bytes = try? SystemFile.contents(of: path) else { return nil }
    let text = String(decoding: bytes.suffix(64 << 10), as: UTF8.self)
    return text.split(whereSeparator: \.isNewline)
      .map { String($0.trimmingWhitespace) }
      .last { !$0.isEmpty }
  }
}
