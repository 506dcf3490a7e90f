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
    guard failure.code == nil else { return }
    var string = string
    string.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let result = Glibc_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if result < 0 && errno == EINTR { continue }
        if result <= 0 {
          failure.code = result < 0 ? errno : EIO
          return
        }
        offset += result
      }
    }
  }

  /// Whether the descriptor is a terminal.
  var isTerminal: Bool { isatty(descriptor) == 1 }
}

private func Glibc_write(_ descriptor: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

/// The environment variable `name`, if set.
func environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}
