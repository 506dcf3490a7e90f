#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only file descriptor with positioned reads, closed on deinit.
package final class SystemFile: @unchecked Sendable {
  let descriptor: Int32
  let path: String

  /// Opens `path` for reading.
  init(path: String) throws(TraceReadError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .noInput(path: path, reason: SystemFile.describe(errno))
    }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .noInput(path: path, reason: "is a directory, not a trace file")
    }
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close(descriptor) }

  /// The file's size in bytes.
  var size: Int64 {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return 0 }
    return Int64(status.st_size)
  }

  /// Reads up to `count` bytes at `offset` into `buffer`; returns the number read (0 at end).
  func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) -> Int {
    while true {
      let result = pread(descriptor, buffer, count, off_t(offset))
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  /// The text of an errno value, lower-case.
  package static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file"
    case EACCES: return "permission denied"
    default:
      guard let text = strerror(code) else { return "cannot open (errno \(code))" }
      return String(cString: text).lowercased()
    }
  }

  /// Copies standard input into a new temporary file and returns its path.
  static func spoolStandardInput() throws(TraceReadError) -> String {
    let directory = temporaryDirectory
    guard let (descriptor, path) = makeTemporaryFile("\(directory)/tracecli-stdin-XXXXXX") else {
      throw .noInput(path: "-", reason: "cannot create a temporary file in \(directory)")
    }
    defer { close(descriptor) }
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = Glibc_read(0, buffer, capacity)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      guard writeAll(descriptor, buffer, count: count) else {
        unlink(path)
        throw .noInput(path: "-", reason: "cannot write a temporary copy of standard input")
      }
    }
    return path
  }

  // MARK: - Temporary files and writing

  /// The folder for temporary files: `$TMPDIR`, else `/tmp`.
  package static var temporaryDirectory: String {
    getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
  }

  /// Creates a new file from `template` (a path ending in `XXXXXX`, see `mkstemp(3)`); returns
  /// its descriptor and path, or nil when it cannot be created (`errno` says why).
  package static func makeTemporaryFile(_ template: String) -> (descriptor: Int32, path: String)? {
    var template = Array(template.utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    return (descriptor, template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
  }

  /// Writes all `count` bytes at `buffer` to `descriptor`, at `offset` when given, retrying
  /// interrupted and short writes; false on a failure (`errno` says why, unless nothing was
  /// written).
  package static func writeAll(
    _ descriptor: Int32, _ buffer: UnsafeRawPointer, count: Int, at offset: Int? = nil
  ) -> Bool {
    var written = 0
    while written < count {
      let result =
        if let offset {
          pwrite(descriptor, buffer + written, count - written, off_t(offset + written))
        } else {
          write(descriptor, buffer + written, count - written)
        }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return false }
      written += result
    }
    return true
  }
}

/// `read(2)`, named apart from the method above.
private func Glibc_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
