/// A JSON syntax error at a byte offset (0-based) of the scanned text.
@usableFromInline package struct JSONScanError: Error, Hashable, Sendable, CustomStringConvertible {
  @usableFromInline package var offset: Int
  @usableFromInline package var message: String

  @usableFromInline package init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  @usableFromInline package var description: String { "\(offset + 1): \(message)" }
}
