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
