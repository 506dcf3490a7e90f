#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written whole or not at all.
///
/// Bytes go to a temporary file beside the target (`name.tmp-XXXXXX`), which is synced and
/// renamed over the target when complete; on any failure the temporary file is removed and the
/// old target, if any, stays as it was, and a replaced file keeps its permissions. A target
/// that is not a regular file (`/dev/stdout`, a FIFO, a device) is written directly.
@usableFromInline package final class AtomicFile {
  /// Why a file could not be written.
  @usableFromInline package struct Failure: Error, CustomStringConvertible, Sendable {
    @usableFromInline package var path: String
    @usableFromInline package var reason: String
    /// The errno behind it.
    @usableFromInline package var code: Int32 = 0

    @usableFromInline package var description: String { "cannot write \(path): \(reason)" }

    /// Whether the target's folder does not exist (sysexits EX_CANTCREAT rather than EX_IOERR).
    @usableFromInline package var isMissingFolder: Bool { code == ENOENT || code == ENOTDIR }
  }

  @usableFromInline package let path: String
  /// The temporary file; nil when the target is written directly.
  private let temporary: String?
  private let descriptor: Int32
  private var failure: Failure?
  private var committed = false

  /// Creates the temporary file beside `path` (dropped unless ``commit()`` succeeds), or opens
  /// `path` itself when it exists and is not a regular file.
  @usableFromInline package init(path: String) throws(Failure) {
    self.path = path
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists && (status.st_mode & S_IFMT) != S_IFREG {
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      guard descriptor >= 0 else { throw Self.failure(path) }
      self.descriptor = descriptor
      temporary = nil
      return
    }
    guard let (descriptor, temporary) = SystemFile.makeTemporaryFile("\(path).tmp-XXXXXX") else {
      throw Self.failure(path)
    }
    self.descriptor = descriptor
    self.temporary = temporary
    _ = fchmod(descriptor, exists ? status.st_mode & 0o7777 : 0o644)
  }

  deinit {
    // Not committed (a failure, or an error thrown past it): drop the temporary file.
    close(descriptor)
    if !committed, let temporary { unlink(temporary) }
  }

  /// Appends `bytes`; false on a failure, after which later writes are dropped and
  /// ``commit()`` throws.
  @discardableResult
  @usableFromInline package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil else { return false }
    guard let base = bytes.baseAddress else { return true }
    guard SystemFile.writeAll(descriptor, base, count: bytes.count) else {
      failure = Self.failure(path)
      return false
    }
    return true
  }

  /// Appends `text` as UTF-8.
  @usableFromInline package func write(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(UnsafeRawBufferPointer($0)) }
  }

  /// Syncs the temporary file and renames it over the target; call it once.
  @usableFromInline package func commit() throws(Failure) {
    if let failure { throw failure }
    guard let temporary else {
      committed = true
      return
    }
    guard fsync(descriptor) == 0 else { throw Self.failure(path) }
    guard rename(temporary, path) == 0 else { throw Self.failure(path) }
    committed = true
  }

  /// Writes `text` to `path` whole or not at all.
  @usableFromInline package static func write(_ text: String, to path: String) throws(Failure) {
    let file = try AtomicFile(path: path)
    file.write(text)
    try file.commit()
  }

  /// The failure `errno` says writing `path` met.
  private static func failure(_ path: String) -> Failure {
    let code = errno
    var reason = SystemFile.describe(code)
    if code == ENOENT || code == ENOTDIR {
      // A folder that exists but takes no new file (`/proc`) is said as such.
      let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
      var status = stat()
      let isFolder = stat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      reason = isFolder ? "no file can be created in \(folder) (\(reason))" : "its folder does not exist"
    }
    return Failure(path: path, reason: reason, code: code)
  }
}
