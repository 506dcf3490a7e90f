import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `TextOutputStream` over a file descriptor (standard output or error), unbuffered.
///
/// Every write is checked: the first failure (a full disk, an I/O error, a closed descriptor)
/// is kept in ``failure`` and later writes are dropped, so the command can end with exit 74
/// instead of losing its output silently. A closed pipe (`| head`) ends the process through
/// SIGPIPE as before, quietly.
struct FileDescriptorStream: TextOutputStream {
  /// The errno of a failed write, shared by copies of the stream.
  final class Failure: @unchecked Sendable {
    var code: Int32?
  }

  let descriptor: Int32
  let failure = Failure()

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0)) }
  }

  /// Writes `bytes` as they are; false when this or an earlier write failed (kept in
  /// ``failure``).
  func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure.code == nil else { return false }
    guard let start = bytes.baseAddress else { return true }
    errno = 0
    if SystemFile.writeAll(descriptor, start, count: bytes.count) { return true }
    failure.code = errno == 0 ? EIO : errno
    return false
  }

  /// Whether the descriptor is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }

  /// The terminal's width in columns, when this is a terminal that says.
  var terminalWidth: Int? {
    var size = winsize()
    guard isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

extension TextOutputStream {
  /// Writes `bytes` (UTF-8 text): straight to the descriptor when this is the process's standard
  /// output, so that a large output is not made into `String`s, else as a `String` (the tests'
  /// streams); false once a write failed, which the stream keeps for exit 74.
  mutating func write(bytes: UnsafeRawBufferPointer) -> Bool {
    if let standardOutput = self as? ProgressAwareStream { return standardOutput.writeDirectly(bytes) }
    write(String(decoding: bytes, as: UTF8.self))
    return true
  }
}

extension ProgressAwareStream {
  /// Writes `bytes` to the descriptor as they are, noting a failure on the stream.
  func writeDirectly(_ bytes: UnsafeRawBufferPointer) -> Bool {
    progress?.finish()
    return base.writeAll(bytes)
  }
}

/// The environment variable `name`, if set.
func environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}
