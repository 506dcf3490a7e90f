#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a trace in whatever form it comes.
///
/// A JSON Lines file, standard input, `xctrace export` XML files, or a folder of them; the
/// format is recognised by content, not by extension.
public enum TraceInput {
  /// What a path holds.
  public enum Format: Hashable, Sendable {
    case jsonLines
    /// An `xctrace export` XML document.
    case xctraceXML
    /// A folder (of xctrace exports).
    case folder
  }

  /// Reads the trace made of `paths` (one JSON Lines file or `-`; or XML exports and folders
  /// of them, merged into one trace).
  ///
  /// - Parameter name: the name errors show for a single path.
  public static func read<Sink: TraceSink>(
    paths: [String], name: String? = nil, threads: Int = 2, makeSink: @escaping @Sendable () -> Sink
  ) throws(TraceReadError) -> TraceReading<Sink> {
    guard let first = paths.first else { throw .noInput(path: "", reason: "no trace given") }
    let formats = try paths.map { path throws(TraceReadError) in try format(of: path) }
    if paths.count == 1 && formats[0] == .jsonLines {
      return try JSONLinesReader.read(path: first, name: name, threads: threads, makeSink: makeSink)
    }
    if let index = formats.firstIndex(of: .jsonLines) {
      throw .noInput(
        path: paths[index],
        reason: "is a JSON Lines trace; give it alone (several paths are for xctrace XML exports)")
    }
    return try XCTraceReader.read(paths: paths, makeSink: makeSink)
  }

  /// The header of a single JSON Lines trace (nil for other formats or without one).
  public static func header(paths: [String]) -> TraceHeader? {
    guard paths.count == 1, (try? format(of: paths[0])) == .jsonLines else { return nil }
    return JSONLinesReader.header(path: paths[0])
  }

  /// Recognises the format of `path` from its first bytes (`-` is JSON Lines).
  public static func format(of path: String) throws(TraceReadError) -> Format {
    if path == "-" { return .jsonLines }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw .noInput(path: path, reason: SystemFile.describe(errno))
    }
    if (status.st_mode & S_IFMT) == S_IFDIR { return .folder }
    let file = try SystemFile(path: path)
    var bytes = [UInt8](repeating: 0, count: 512)
    let count = bytes.withUnsafeMutableBytes { file.read(into: $0.baseAddress!, count: 512, at: 0) }
    var index = 0
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    while index < count
      && (bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09)
    {
      index += 1
    }
    return index < count && bytes[index] == 0x3C ? .xctraceXML : .jsonLines
  }
}
