/// Something odd about a trace that did not stop the reading.
@usableFromInline package struct TraceWarning: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline package var file: String
  @usableFromInline package var line: Int
  @usableFromInline package var message: String

  @usableFromInline package init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  @usableFromInline package var description: String { "\(file):\(line): warning: \(message)" }
}
