/// A JSON syntax error at a byte offset (0-based) of the scanned text.
public struct JSONScanError: Error, Hashable, Sendable, CustomStringConvertible {
  public var offset: Int
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  public var description: String { "\(offset + 1): \(message)" }
}
