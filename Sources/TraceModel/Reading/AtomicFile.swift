#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written whole or not at all: bytes go to a temporary file beside the target
/// (`name.tmp-XXXXXX`), which is synced and renamed over the target when complete; on any
/// failure the temporary file is removed and the old target, if any, stays as it was.
public final class AtomicFile {
  /// Why a file could not be written.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
  }

  public let path: String
  private let temporary: String
  private let descriptor: Int32
  private var failure: Failure?
  private var committed = false

  /// Creates the temporary file beside `path` (dropped unless ``commit()`` succeeds).
  public init(path: String) throws(Failure) {
    self.path = path
    var template = Array("\(path).tmp-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure(path: path, reason: Self.lastError()) }
    self.descriptor = descriptor
    temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    _ = fchmod(descriptor, 0o644)
  }

  deinit {
    // Not committed (a failure, or an error thrown past it): drop the temporary file.
    close(descriptor)
    if !committed { unlink(temporary) }
  }

  /// Appends `bytes`; false on a failure, after which later writes are dropped and
  /// ``commit()`` throws.
  @discardableResult
  public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil else { return false }
    guard var base = bytes.baseAddress else { return true }
    var remaining = bytes.count
    while remaining > 0 {
      let result = systemWrite(descriptor, base, remaining)
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else {
        failure = Failure(path: path, reason: Self.lastError())
        return false
      }
      base += result
      remaining -= result
    }
    return true
  }

  /// Appends `text` as UTF-8.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(UnsafeRawBufferPointer($0)) }
  }

  /// Syncs the temporary file and renames it over the target; call it once.
  public func commit() throws(Failure) {
    if let failure { throw failure }
    guard fsync(descriptor) == 0 else { throw Failure(path: path, reason: Self.lastError()) }
    guard rename(temporary, path) == 0 else { throw Failure(path: path, reason: Self.lastError()) }
    committed = true
  }

  /// Writes `text` to `path` whole or not at all.
  public static func write(_ text: String, to path: String) throws(Failure) {
    let file = try AtomicFile(path: path)
    file.write(text)
    try file.commit()
  }

  private static func lastError() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}

/// `write(2)`, named apart from the method above.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
