import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and rewrites budget files (small files, read whole).
package enum BudgetFile {
  /// Budget files larger than this are refused (a budget is a page of JSON).
  package static let sizeLimit = 16 << 20

  /// The bytes of the file at `path`; `.noInput` when it cannot be read.
  package static func read(path: String) throws(TraceReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .noInput(path: path, reason: SystemFile.describe(errno)) }
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
      guard count >= 0 else { throw .noInput(path: path, reason: SystemFile.describe(errno)) }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if bytes.count > sizeLimit {
        throw .noInput(path: path, reason: "is larger than \(sizeLimit >> 20) MB; not a budget file")
      }
    }
    return bytes
  }

  /// Replaces the file at `path` with `bytes`, whole or not at all (see ``AtomicFile``).
  package static func write(_ bytes: [UInt8], to path: String) throws(AtomicFile.Failure) {
    let file = try AtomicFile(path: path)
    bytes.withUnsafeBytes { _ = file.write($0) }
    try file.commit()
  }

}

private func Glibc_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
