/// A command line that cannot be run: a one-line message and a hint.
struct UsageError: Error, CustomStringConvertible {
  var message: String
  /// The command whose help explains the fix (nil: the top-level help).
  var command: String?

  init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  var description: String { message }

  var hint: String {
    command.map { "run 'tracecli help \($0)' for its options" } ?? "run 'tracecli --help' for the commands"
  }
}
