#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A byte range of a file mapped into memory and followed by at least one page of zero bytes.
///
/// Reading a trace through a window skips the copy from the page cache that `pread` makes (on
/// a machine of two cores that copy was a sixth of the reader's time). The bytes after the
/// range are zero when the range ends at a page boundary or at the end of the file; otherwise
/// they are the file's next bytes up to the page boundary, then zeros. The mapping is private
/// and writable, so a stray write changes only this process's copy.
@usableFromInline
struct FileWindow {
  /// The first byte of the range.
  let bytes: UnsafeMutablePointer<UInt8>
  /// The reservation: the mapped pages and the zero pages after them.
  private let base: UnsafeMutableRawPointer
  private let reserved: Int

  /// The system's page size.
  static let pageSize = Int64(sysconf(Int32(_SC_PAGESIZE)))

  /// Maps `range` of `file`; nil when the system refuses (the caller reads instead).
  init?(file: SystemFile, range: Range<Int64>) {
    let page = FileWindow.pageSize
    let aligned = range.lowerBound & ~(page - 1)
    let mappedLength = Int((range.upperBound - aligned + page - 1) & ~(page - 1))
    reserved = mappedLength + Int(page)
    let failed = UnsafeMutableRawPointer(bitPattern: -1)
    #if canImport(Darwin)
      let anonymous = MAP_ANON
    #else
      let anonymous = MAP_ANONYMOUS
    #endif
    let protection = PROT_READ | PROT_WRITE
    guard !range.isEmpty,
      let reservation = mmap(nil, reserved, protection, MAP_PRIVATE | anonymous, -1, 0),
      reservation != failed
    else { return nil }
    guard
      let mapped = mmap(
        reservation, mappedLength, protection, MAP_PRIVATE | MAP_FIXED, file.descriptor, off_t(aligned)),
      mapped == reservation
    else {
      munmap(reservation, reserved)
      return nil
    }
    _ = madvise(reservation, mappedLength, MADV_SEQUENTIAL)
    base = reservation
    bytes = (reservation + Int(range.lowerBound - aligned)).assumingMemoryBound(to: UInt8.self)
  }

  /// Releases the mapping; `bytes` is invalid afterwards.
  func unmap() { munmap(base, reserved) }
}
