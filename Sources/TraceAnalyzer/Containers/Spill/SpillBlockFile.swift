import Dispatch
import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An unlinked temporary file written in blocks and read back by offset: the one place the
/// spills meet the disk, and its one policy for a full disk.
///
/// Bytes the disk will not take (it is full, or no temporary file could be made) are kept in
/// memory, and every later block with them, at the offsets they would have had: nothing
/// spilled is lost, and the callers never know.
final class SpillBlockFile: @unchecked Sendable {
  private var descriptor: Int32 = -1
  /// Bytes on disk.
  private var diskSize = 0
  /// The bytes after `diskSize`, once the disk refused some.
  private var memory: [UInt8] = []
  private var refused = false
  /// The bytes the disk takes before it counts as full (tests of a full disk lower it).
  private let diskLimit: Int

  init(diskLimit: Int = .max) {
    self.diskLimit = diskLimit
    if let file = SystemFile.makeTemporaryFile("\(SystemFile.temporaryFolder)/tracecli-spill-XXXXXX") {
      descriptor = file.descriptor
      unlink(file.path)
    }
  }

  /// The queue that closes the files: its own, so that a close starts at once even while every
  /// worker thread is busy, and several at once.
  private static let closing = DispatchQueue(label: "tracecli.spill-close", attributes: .concurrent)

  /// Closes the file on another thread: closing frees its pages in the page cache, which is
  /// done beside whatever the caller does next.
  deinit {
    guard descriptor >= 0 else { return }
    let descriptor = descriptor
    Self.closing.async { close(descriptor) }
  }

  /// Bytes appended so far.
  var size: Int { diskSize + memory.count }

  /// Appends `bytes`; returns their offset.
  @discardableResult
  func append(_ bytes: UnsafeRawBufferPointer) -> Int {
    let offset = size
    guard let base = bytes.baseAddress else { return offset }
    if !refused {
      // A short write leaves bytes past `diskSize` that nothing reads.
      if descriptor >= 0 && diskSize + bytes.count <= diskLimit
        && SystemFile.writeAll(descriptor, base, count: bytes.count, at: diskSize)
      {
        diskSize += bytes.count
        return offset
      }
      refused = true
    }
    memory.append(contentsOf: bytes)
    return offset
  }

  /// Fills `buffer` from `offset`; false on a short read.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    guard offset >= 0, offset + buffer.count <= size else { return false }
    // From the disk, then from memory (a read may straddle the two).
    let fromDisk = max(0, min(buffer.count, diskSize - offset))
    if fromDisk > 0 && SystemFile.readAll(descriptor, into: base, count: fromDisk, at: offset) != fromDisk {
      return false
    }
    if fromDisk < buffer.count {
      memory.withUnsafeBytes { kept in
        (base + fromDisk).copyMemory(
          from: kept.baseAddress! + (offset + fromDisk - diskSize), byteCount: buffer.count - fromDisk)
      }
    }
    return true
  }
}
