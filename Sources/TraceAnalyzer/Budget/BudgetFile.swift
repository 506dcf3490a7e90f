import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and rewrites budget files (small files, read whole).
public enum BudgetFile {
  /// Budget files larger than this are refused (a budget is a page of JSON).
  public static let sizeLimit = 16 << 20

  /// The bytes of the file at `path`; `.noInput` when it cannot be read.
  public static func read(path: String) throws(TraceReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .noInput(path: path, reason: describe(errno)) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      throw .noInput(path: path, reason: "is a directory, not a budget file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc_read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw .noInput(path: path, reason: describe(errno)) }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if bytes.count > sizeLimit {
        throw .noInput(path: path, reason: "is larger than \(sizeLimit >> 20) MB; not a budget file")
      }
    }
    return bytes
  }

  /// Replaces the file at `path` with `bytes`; returns an error message on failure.
  ///
  /// Written next to it, then renamed over it, keeping its permissions.
  public static func write(_ bytes: [UInt8], to path: String) -> String? {
    var status = stat()
    let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644
    let temporary = path + ".tracecli-\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
    guard descriptor >= 0 else { return "cannot write \(temporary): \(describe(errno))" }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc_write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        let reason = describe(errno)
        close(descriptor)
        unlink(temporary)
        return "cannot write \(temporary): \(reason)"
      }
      offset += written
    }
    fchmod(descriptor, mode)
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let reason = describe(errno)
      unlink(temporary)
      return "cannot replace \(path): \(reason)"
    }
    return nil
  }

  private static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file"
    case EACCES: return "permission denied"
    default: return strerror(code).map { String(cString: $0).lowercased() } ?? "errno \(code)"
    }
  }
}

private func Glibc_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func Glibc_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
