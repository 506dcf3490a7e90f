import TraceModel

/// A budget file that cannot be used: where (file, line, column) and why.
///
/// Prints as `perf-budget.json:7:14: unknown key "p96" (did you mean "p95"?)`. A budget
/// error never lets a check pass: the command exits 65.
package struct BudgetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The budget file's name as given (or `--max-…` for a limit from the command line).
  package var file: String
  /// Where in the file; nil when the error concerns the whole file.
  package var location: TextLocation?
  package var message: String

  package init(file: String, location: TextLocation?, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// The budget file `file` as a JSON document that cannot be read.
  package init(file: String, _ error: LocatedJSONError) {
    self.init(file: file, location: error.location, message: error.message)
  }

  package var description: String {
    guard let location else { return "\(file): \(message)" }
    return "\(file):\(location.line):\(location.column): \(message)"
  }
}
