#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fuzzer's input as a file: the readers take paths, as the command line gives them.
public enum FuzzInput {
  /// Writes `prefix` and the input to one file per process and returns its path.
  public static func write(_ start: UnsafeRawPointer, _ count: Int, suffix: String, prefix: String = "")
    -> String
  {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let path = "\(directory)/tracecli-fuzz-\(getpid()).\(suffix)"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return path }
    defer { close(descriptor) }
    var head = prefix
    head.withUTF8 { _ = Glibc.write(descriptor, $0.baseAddress, $0.count) }
    var written = 0
    while written < count {
      let result = Glibc.write(descriptor, start + written, count - written)
      if result <= 0 { break }
      written += result
    }
    return path
  }
}
