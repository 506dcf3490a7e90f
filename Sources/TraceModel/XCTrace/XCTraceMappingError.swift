/// Why a table or row cannot become trace events: a message the parser places in the file.
struct XCTraceMappingError: Error, Hashable, Sendable {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
