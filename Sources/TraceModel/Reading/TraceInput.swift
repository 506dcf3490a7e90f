import Synchronization

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
@usableFromInline package enum TraceInput {
  /// What a path holds.
  @usableFromInline package enum Format: Hashable, Sendable {
    case jsonLines
    /// An `xctrace export` XML document.
    case xctraceXML
    /// A folder (of xctrace exports).
    case folder
  }

  /// `paths` with standard input (`-`, alone) replaced by a temporary copy of it, so that a
  /// command may read it more than once, and gzipped files by decompressed copies; the name
  /// errors show; and the copies, which the caller removes with ``removeSpool(_:)`` after its
  /// last read. (Gzipped exports inside a folder are the folder reader's.)
  ///
  /// The one place `-` and gzip are read: every reader below takes the files this returns.
  ///
  /// `formats` are those of `files` where their first bytes, read once here, tell (nil: the
  /// reader works it out, and says what is wrong).
  package static func resolvingInputs(_ paths: [String], name: String?) throws(TraceReadError)
    -> (files: [String], name: String, spool: [String], formats: [Format?])
  {
    if paths == ["-"] {
      let spool = try SystemFile.spoolStandardInput()
      if SystemFile.isGzip(spool) {
        defer { unlink(spool) }
        let decompressed = try SystemFile.spool(gzip: spool, name: name ?? "<stdin>")
        return ([decompressed], name ?? "<stdin>", [decompressed], [nil])
      }
      return ([spool], name ?? "<stdin>", [spool], [nil])
    }
    var files: [String] = []
    var spools: [String] = []
    var formats: [Format?] = []
    for path in paths {
      let head = firstBytes(of: path)
      guard let head, head.starts(with: [0x1F, 0x8B]) else {
        files.append(path)
        formats.append(try? format(of: path, head: head))
        continue
      }
      formats.append(nil)
      do {
        let decompressed = try SystemFile.spool(gzip: path, name: path)
        files.append(decompressed)
        spools.append(decompressed)
        copyNames.withLock { $0[decompressed] = path }
      } catch {
        removeSpool(spools)
        throw error
      }
    }
    return (files, name ?? paths.joined(separator: " "), spools, formats)
  }

  /// The first bytes (up to 512) of the file at `path`; nil for a folder or a file that cannot
  /// be read.
  static func firstBytes(of path: String) -> [UInt8]? {
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR,
      let file = try? SystemFile(path: path)
    else { return nil }
    return firstBytes(of: file)
  }

  /// The first bytes (up to 512) of `file`: what recognising a format looks at.
  private static func firstBytes(of file: SystemFile) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 512)
    let count = bytes.withUnsafeMutableBytes { file.read(into: $0.baseAddress!, count: 512, at: 0) }
    return Array(bytes.prefix(max(0, count)))
  }

  /// Removes the copies ``resolvingInputs(_:name:)`` made.
  package static func removeSpool(_ spools: [String]) {
    for spool in spools { unlink(spool) }
    copyNames.withLock { names in for spool in spools { names[spool] = nil } }
  }

  /// The decompressed copies ``resolvingInputs(_:name:)`` made, by path: the files they copy.
  private static let copyNames = Mutex<[String: String]>([:])

  /// How messages name the file at `path`: the gzipped file a copy was made from, else `path`.
  package static func displayName(of path: String) -> String {
    copyNames.withLock { $0[path] } ?? path
  }

  /// Reads the trace made of `paths`: one JSON Lines file, or XML exports and folders of them.
  ///
  /// The exports are merged into one trace. Standard input is resolved first
  /// (``resolvingInputs(_:name:)``).
  ///
  /// - Parameter name: the name errors show for a single path.
  ///
  /// Inlinable, so a caller's concrete sink specializes the reader's loop (a generic one reaches
  /// the sink through its witness table and its result's fields through metadata).
  /// - Parameter formats: the formats of `paths` where known (``resolvingInputs(_:name:)``).
  @inlinable package static func read<Sink: TraceSink>(
    paths: [String], formats known: [Format?] = [], name: String? = nil, threads: Int = 2,
    process: String? = nil, makeSink: @escaping @Sendable () -> Sink
  ) throws(TraceReadError) -> TraceReading<Sink> {
    guard let first = paths.first else { throw .noInput(path: "", reason: "no trace given") }
    var formats: [Format] = []
    for (index, path) in paths.enumerated() {
      if index < known.count, let format = known[index] {
        formats.append(format)
      } else {
        formats.append(try format(of: path))
      }
    }
    if paths.count == 1 && formats[0] == .jsonLines {
      return try JSONLinesReader.read(path: first, name: name, threads: threads, makeSink: makeSink)
    }
    if let index = formats.firstIndex(of: .jsonLines) {
      throw .ambiguousInput(
        "\(paths[index]) is a JSON Lines trace; give it alone (several paths are for xctrace XML exports of "
          + "one recording; diff compares two traces)")
    }
    return try XCTraceReader.read(paths: paths, process: process, makeSink: makeSink)
  }

  /// The header of a single JSON Lines trace (nil for other formats or without one).
  @usableFromInline package static func header(paths: [String], formats: [Format?] = []) -> TraceHeader? {
    guard paths.count == 1, (formats.first ?? nil ?? (try? format(of: paths[0]))) == .jsonLines else {
      return nil
    }
    return JSONLinesReader.header(path: paths[0])
  }

  /// Recognises the format of `path` from its first bytes (`-` is JSON Lines); `head`, when
  /// given, holds them (read at most once).
  @usableFromInline package static func format(of path: String, head: [UInt8]? = nil) throws(TraceReadError)
    -> Format
  {
    if path == "-" { return .jsonLines }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw .noInput(path: path, reason: SystemFile.describe(errno))
    }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      if isInstrumentsBundle(path) {
        throw .badData(
          TraceParseError(
            file: path, line: 0,
            message: "an Instruments recording (.trace bundle); the tracecli command reads it through "
              + "xctrace; to read it here, export its tables on a Mac with "
              + "`xcrun xctrace export --input \(path) --xpath '/trace-toc/run[@number=\"1\"]/data/"
              + "table[@schema=\"swiftui-updates\"]' --output updates.xml` (and swiftui-causes, "
              + "hitches, device-display-info), then give tracecli the folder of XML files"))
      }
      return .folder
    }
    let bytes: [UInt8]
    if let head { bytes = head } else { bytes = firstBytes(of: try SystemFile(path: path)) }
    let count = bytes.count
    if let compression = compression(of: bytes.prefix(max(0, count))) {
      throw .badData(
        TraceParseError(
          file: path, line: 0,
          message: "a \(compression.name) file; decompress it first (\(compression.tool))"))
    }
    // Text that starts like JSON or XML goes to its reader, which locates any damage.
    let first = bytes.prefix(max(0, count)).first {
      ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0)
    }
    if first != UInt8(ascii: "{") && first != UInt8(ascii: "<") && isBinary(bytes.prefix(max(0, count))) {
      throw .badData(
        TraceParseError(
          file: path, line: 0, message: "neither JSON Lines nor xctrace XML (its first bytes are not text)"))
    }
    var index = 0
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    while index < count
      && (bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09)
    {
      index += 1
    }
    return index < count && bytes[index] == 0x3C ? .xctraceXML : .jsonLines
  }

  /// A compressed file's format and the command that decompresses it, by its magic bytes.
  static func compression(of bytes: ArraySlice<UInt8>) -> (name: String, tool: String)? {
    let magics: [([UInt8], String, String)] = [
      ([0x1F, 0x8B], "gzip", "gunzip FILE"), ([0x50, 0x4B, 0x03, 0x04], "zip", "unzip FILE"),
      ([0x42, 0x5A, 0x68], "bzip2", "bunzip2 FILE"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz", "unxz FILE"),
      ([0x28, 0xB5, 0x2F, 0xFD], "zstd", "unzstd FILE"),
    ]
    for (magic, name, tool) in magics where bytes.starts(with: magic) { return (name, tool) }
    return nil
  }

  /// Whether the first bytes of a file are not text: a NUL byte, or invalid UTF-8 (up to the
  /// last ASCII byte, so a character cut by the end of the sample does not count).
  static func isBinary(_ bytes: ArraySlice<UInt8>) -> Bool {
    if bytes.contains(0) { return true }
    guard let lastASCII = bytes.lastIndex(where: { $0 < 0x80 }) else { return !bytes.isEmpty }
    return String(validating: bytes[...lastASCII], as: UTF8.self) == nil
  }

  /// Whether `path` is an Instruments `.trace` bundle: a folder named `*.trace`, or holding
  /// `form.template` or `instrument_data`, with no XML files of its own (a folder of exports
  /// may be named `Run.trace` too).
  package static func isInstrumentsBundle(_ path: String) -> Bool {
    var trimmed = Substring(path)
    while trimmed.hasSuffix("/") && trimmed.count > 1 { trimmed = trimmed.dropLast() }
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return false }
    let marked =
      trimmed.hasSuffix(".trace")
      || ["form.template", "instrument_data"].contains { stat("\(trimmed)/\($0)", &status) == 0 }
    return marked && !holdsXML(String(trimmed))
  }

  /// Whether the folder at `path` holds a file named `*.xml` (or `*.xml.gz`) directly.
  private static func holdsXML(_ path: String) -> Bool {
    guard let directory = opendir(path) else { return false }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      let lowered = name.lowercased()
      if (lowered.hasSuffix(".xml") || lowered.hasSuffix(".xml.gz")) && !name.hasPrefix(".") { return true }
    }
    return false
  }
}
