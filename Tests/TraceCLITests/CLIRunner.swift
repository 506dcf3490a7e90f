@testable import tracecli

/// Runs `tracecli` in process and captures its streams.
struct CLIRun {
  var status: ExitCode
  var output: String
  var errors: String

  init(_ arguments: [String]) {
    var output = ""
    var errors = ""
    status = TraceCLI.run(arguments: arguments, output: &output, errors: &errors)
    self.output = output
    self.errors = errors
  }
}
