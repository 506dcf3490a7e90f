#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `TextOutputStream` over a file descriptor (standard output or error), unbuffered.
struct FileDescriptorStream: TextOutputStream {
  let descriptor: Int32

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let result = Glibc_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if result < 0 && errno == EINTR { continue }
        if result <= 0 { return }
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
