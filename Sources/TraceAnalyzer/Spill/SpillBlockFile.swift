import TraceModel

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
    if let file = SystemFile.makeTemporaryFile("\(SystemFile.temporaryFolder)/tracecli-graph-XXXXXX") {
      descriptor = file.descriptor
      unlink(file.path)
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Appends `bytes`; returns their offset, or nil when the file cannot take them.
  func append(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard descriptor >= 0, let base = bytes.baseAddress else { return nil }
    // Out of disk: the caller keeps the block in memory. The bytes written so far are
    // overwritten by the next append.
    guard SystemFile.writeAll(descriptor, base, count: bytes.count, at: size) else { return nil }
    defer { size += bytes.count }
    return size
  }

  /// Fills `buffer` from `offset`; false on a short read.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    return SystemFile.readAll(descriptor, into: base, count: buffer.count, at: offset) == buffer.count
  }
}
