import Foundation
import TestSupport

@testable import tracecli

/// Runs `tracecli` in process and captures its streams.
struct CLIRun {
  var status: ExitCode
  var output: String
  var errors: String

  /// Runs `arguments`; `environment` is what xctrace is found by and runs in (nil: the process's).
  init(_ arguments: [String], environment: [String: String]? = nil) {
    var output = ""
    var errors = ""
    status = TraceCLI.run(arguments: arguments, output: &output, errors: &errors, environment: environment)
    self.output = output
    self.errors = errors
  }
}

/// Runs the built `tracecli` binary with the file at `path` as its standard input (what an
/// in-process run cannot give it): its exit status and standard output.
///
/// Nil when the binary is not in `.build/debug` (a sanitizer's build folder has its own): the
/// caller skips its check, as the plain `swift test` run makes it.
func runBuiltBinary(_ arguments: [String], standardInput path: String) throws -> (
  status: Int32, output: String
)? {
  let process = Process()
  process.executableURL = Fixture.root.appendingPathComponent(".build/debug/tracecli")
  guard FileManager.default.isExecutableFile(atPath: process.executableURL!.path) else { return nil }
  process.arguments = arguments
  process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
  process.standardError = FileHandle.nullDevice
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
