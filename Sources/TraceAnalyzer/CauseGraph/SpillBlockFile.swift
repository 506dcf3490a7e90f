#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An unlinked temporary file written and read in whole blocks.
final class SpillBlockFile: @unchecked Sendable {
  private var descriptor: Int32 = -1
  private var size = 0

  init() {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(directory)/tracecli-graph-XXXXXX".utf8CString)
    descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Appends `bytes`; returns their offset, or nil when the file cannot take them.
  func append(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard descriptor >= 0, let base = bytes.baseAddress else { return nil }
    var written = 0
    while written < bytes.count {
      let result = pwrite(descriptor, base + written, bytes.count - written, off_t(size + written))
      if result < 0 && errno == EINTR { continue }
      // Out of disk: the caller keeps the block in memory. The bytes written so far are
      // overwritten by the next append.
      if result <= 0 { return nil }
      written += result
    }
    defer { size += written }
    return size
  }

  /// Fills `buffer` from `offset`; false on a short read.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    var got = 0
    while got < buffer.count {
      let result = pread(descriptor, base + got, buffer.count - got, off_t(offset + got))
      if result < 0 && errno == EINTR { continue }
      if result <= 0 { return false }
      got += result
    }
    return true
  }
}
