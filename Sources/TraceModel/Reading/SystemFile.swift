#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only file descriptor with positioned reads, closed on deinit.
@usableFromInline package final class SystemFile: @unchecked Sendable {
  let descriptor: Int32
  let path: String

  /// Opens `path` for reading; a folder is refused as not a `kind` of file.
  init(path: String, kind: String = "trace file") throws(TraceReadError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .noInput(path: path, reason: SystemFile.describe(errno))
    }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .noInput(path: path, reason: "is a directory, not a \(kind)")
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

  /// Reads up to `count` bytes at `offset` into `buffer` (fewer only at the end of the file);
  /// returns the number read, or -1 on a failure.
  func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) -> Int {
    Self.readAll(descriptor, into: buffer, count: count, at: Int(offset))
  }

  /// The text of an errno value, lower-case.
  @usableFromInline package static func describe(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file"
    case EACCES: return "permission denied"
    default:
      guard let text = strerror(code) else { return "cannot open (errno \(code))" }
      return String(cString: text).lowercased()
    }
  }

  /// The folder temporary files go in: `$TMPDIR`, else `/tmp`.
  package static var temporaryFolder: String {
    getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  /// Creates a new, empty, private folder `<directory>/<prefix>-XXXXXX` and returns its path.
  ///
  /// - Parameter directory: where; nil for ``temporaryFolder``.
  package static func makeTemporaryFolder(prefix: String, in directory: String? = nil) throws(TraceReadError)
    -> String
  {
    let directory = directory ?? temporaryFolder
    var template = Array("\(directory)/\(prefix)-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
    guard made else {
      throw .noInput(
        path: directory, reason: "cannot create a temporary folder (\(SystemFile.describe(errno)))")
    }
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// Removes the folder at `path` and the files directly in it (temporary folders are flat).
  package static func removeFolder(_ path: String) {
    if let directory = opendir(path) {
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        unlink(path + "/" + name)
      }
      closedir(directory)
    }
    rmdir(path)
  }

  /// The whole file at `path` as bytes, read to its end (so a pipe too); a file of more than
  /// `limit` bytes, or a folder, is refused as not a `kind` of file.
  package static func contents(of path: String, kind: String = "trace file", limit: Int = .max)
    throws(TraceReadError) -> [UInt8]
  {
    let file = try SystemFile(path: path, kind: kind)
    var bytes: [UInt8] = []
    let chunk = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = readAll(file.descriptor, into: buffer, count: chunk)
      guard count >= 0 else { throw .noInput(path: path, reason: describe(errno)) }
      bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: count))
      if bytes.count > limit {
        throw .noInput(path: path, reason: "is larger than \(limit >> 20) MB; not a \(kind)")
      }
      if count < chunk { return bytes }
    }
  }

  /// Copies standard input into a new temporary file and returns its path.
  static func spoolStandardInput() throws(TraceReadError) -> String {
    try spool(descriptor: 0, name: "-")
  }

  /// Copies what `descriptor` holds, to its end, into a new temporary file; returns its path.
  package static func spool(descriptor source: Int32, name: String) throws(TraceReadError) -> String {
    try spool(name: name) { descriptor in
      let capacity = 1 << 20
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
      defer { buffer.deallocate() }
      while true {
        let count = readAll(source, into: buffer, count: capacity)
        guard count >= 0, writeAll(descriptor, buffer, count: count) else { return false }
        if count < capacity { return true }
      }
    }
  }

  /// Copies `bytes` into a new temporary file and returns its path.
  package static func spool(_ bytes: UnsafeRawBufferPointer, name: String) throws(TraceReadError) -> String {
    try spool(name: name) { descriptor in
      bytes.isEmpty || writeAll(descriptor, bytes.baseAddress!, count: bytes.count)
    }
  }

  /// Makes a temporary file, has `fill` write to its descriptor (false on failure), and
  /// returns its path; the caller removes it.
  private static func spool(name: String, _ fill: (Int32) -> Bool) throws(TraceReadError) -> String {
    try spool(name: name) { (descriptor: Int32) throws(TraceReadError) in
      guard fill(descriptor) else {
        throw .noInput(path: name, reason: "cannot write a temporary copy of the trace")
      }
    }
  }

  /// Makes a temporary file, has `fill` write to its descriptor, and returns its path; the
  /// caller removes it (on an error it is removed here).
  static func spool(name: String, _ fill: (Int32) throws(TraceReadError) -> Void) throws(TraceReadError)
    -> String
  {
    let directory = temporaryFolder
    guard let (descriptor, path) = makeTemporaryFile("\(directory)/tracecli-spool-XXXXXX") else {
      throw .noInput(path: name, reason: "cannot create a temporary file in \(directory)")
    }
    defer { close(descriptor) }
    do {
      try fill(descriptor)
    } catch {
      unlink(path)
      throw error
    }
    return path
  }

  /// Whether anything (a file, a folder, a dangling link) is at `path`.
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// Whether the files at `a` and `b` hold the same bytes (compared a chunk at a time; false
  /// when either cannot be read).
  package static func sameContents(_ a: String, _ b: String) -> Bool {
    guard let first = try? SystemFile(path: a), let second = try? SystemFile(path: b) else { return false }
    let chunk = 1 << 20
    let left = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    let right = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer {
      left.deallocate()
      right.deallocate()
    }
    var offset: Int64 = 0
    while true {
      let count = first.read(into: left, count: chunk, at: offset)
      guard count >= 0, second.read(into: right, count: chunk, at: offset) == count else { return false }
      if count == 0 { return true }
      if memcmp(left, right, count) != 0 { return false }
      offset += Int64(count)
    }
  }

  // MARK: - Temporary files and writing

  /// Creates a new file from `template` (a path ending in `XXXXXX`, see `mkstemp(3)`); returns
  /// its descriptor and path, or nil when it cannot be created (`errno` says why).
  package static func makeTemporaryFile(_ template: String) -> (descriptor: Int32, path: String)? {
    var template = Array(template.utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    return (descriptor, template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
  }

  /// Reads `count` bytes from `descriptor` into `buffer`, at `offset` when given.
  ///
  /// Interrupted and short reads are retried: fewer bytes come back only at the end of the file,
  /// and -1 on a failure (`errno` says why). The counterpart of ``writeAll(_:_:count:at:)``.
  package static func readAll(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int? = nil
  ) -> Int {
    transfer(count) { done in
      if let offset { return pread(descriptor, buffer + done, count - done, off_t(offset + done)) }
      return Glibc_read(descriptor, buffer + done, count - done)
    }
  }

  /// Writes all `count` bytes at `buffer` to `descriptor`, at `offset` when given, retrying
  /// interrupted and short writes; false on a failure (`errno` says why, unless nothing was
  /// written).
  package static func writeAll(
    _ descriptor: Int32, _ buffer: UnsafeRawPointer, count: Int, at offset: Int? = nil
  ) -> Bool {
    let written = transfer(count) { done in
      if let offset { return pwrite(descriptor, buffer + done, count - done, off_t(offset + done)) }
      return write(descriptor, buffer + done, count - done)
    }
    return written == count
  }

  /// Calls `step` (one read or write of the bytes from `done` on) until `count` bytes are done,
  /// retrying interrupted calls; returns the bytes done, fewer once a call did none, or -1 once
  /// one failed.
  private static func transfer(_ count: Int, _ step: (_ done: Int) -> Int) -> Int {
    var done = 0
    while done < count {
      let result = step(done)
      if result < 0 && errno == EINTR { continue }
      if result < 0 { return -1 }
      if result == 0 { break }
      done += result
    }
    return done
  }
}

/// `read(2)`, named apart from the method above.
private func Glibc_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
