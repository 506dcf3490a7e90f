#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads `xctrace export` XML tables (files or folders of them) as one trace.
///
/// What maps to what:
///
/// | table | events |
/// |---|---|
/// | `swiftui-updates` | one `update` per row |
/// | `swiftui-causes`, `swiftui-full-causes` | one `cause` per row; its nodes that are not updates become `source`s |
/// | `swiftui-update-groups` | `group` |
/// | `hitches`, `potential-hangs` | `hitch`, `hang` |
/// | `display-vsyncs-interval` | `frame`s (one vsync to the next), and the header's `refreshRate` (their cadence) |
/// | `hitches-summary`'s `refresh-interval`, `device-display-info`'s `max-refresh-rate`, `hitches-frame-lifetimes` | the header's `refreshRate` when no vsyncs give it (``XCTraceRefreshRate``) |
/// | `time-profile` | one `sample` per row of a running thread of the app, after the `symbol`s its stack names first |
///
/// The header's `start` is the run's start, 0, the clock every exported time counts from (as
/// Instruments shows them); `recorded` lists what the recording captured (from the table of
/// contents, else from the tables read).
///
/// Other tables are skipped with a warning (`cpu-profile` too: its weights are CPU cycles, not
/// time); a table missing a column its mapping needs is an error naming the table and the
/// column. Events go to one sink, as one ``TracePart``, in a deterministic order: documents in
/// the order given (a folder's files by name), except that documents whose first table holds
/// causes come next to last, and those whose first table is `time-profile` last; rows in
/// document order; the sources after everything else.
@usableFromInline package enum XCTraceReader {
  /// Reads the exports at `paths` (files, or folders whose XML files are read in name order).
  ///
  /// - Throws: ``TraceReadError/noInput(path:reason:)`` for a path that cannot be read (or a
  ///   folder without exports), ``TraceReadError/badData(_:)`` with file, line and column for
  ///   malformed XML, a truncated document or a table that cannot be mapped.
  ///
  /// - Parameter process: the app whose hitches, hangs and samples are kept, by name or pid,
  ///   over the table of contents' target (for a recording of all processes).
  @usableFromInline package static func read<Sink: TraceSink>(
    paths: [String], process: String? = nil, makeSink: @escaping @Sendable () -> Sink
  )
    throws(TraceReadError) -> TraceReading<Sink>
  {
    try read(paths: paths, chunkSize: XCTraceParser.defaultChunkSize, process: process, makeSink: makeSink)
  }

  /// ``read(paths:makeSink:)`` with a chosen read-buffer size (tests use tiny ones) and, for
  /// tests, a choice of reading ahead (see ``XCTraceParser``).
  static func read<Sink: TraceSink>(
    paths: [String], names: [String]? = nil, chunkSize: Int, readAhead: Bool = ProcessorCount.available > 1,
    process: String? = nil, makeSink: @escaping @Sendable () -> Sink
  ) throws(TraceReadError) -> TraceReading<Sink> {
    guard !paths.isEmpty else { throw .noInput(path: "", reason: "no trace given") }
    var documents: [(path: String, name: String)] = []
    // Decompressed copies of a folder's gzipped exports, removed once read.
    var spools: [String] = []
    defer { TraceInput.removeSpool(spools) }
    for (index, path) in paths.enumerated() {
      let name = names?[index] ?? TraceInput.displayName(of: path)
      if try TraceInput.format(of: path) == .folder {
        documents += try folderDocuments(path, spools: &spools)
      } else {
        documents.append((path, name))
      }
    }
    // A table of contents (`xctrace export --toc`) gives the header's app and device.
    var contents: [(path: String, name: String)] = []
    documents.removeAll { document in
      guard isTableOfContents(document.path) else { return false }
      contents.append(document)
      return true
    }
    var tocWarnings: [TraceWarning] = []
    var tocRun: XCTraceTOC.Run?
    var tocName = ""
    for document in contents {
      let toc = try XCTraceTOC.parse(try SystemFile.contents(of: document.path), file: document.name)
      if toc.runs.count == 1 {
        let run = toc.runs[0]
        if let earlier = tocRun, !earlier.isSameRecording(as: run) {
          throw .ambiguousInput(
            "\(tocName) and \(document.name) are the tables of contents of two recordings "
              + "(\(earlier.recordingDescription) and \(run.recordingDescription)); give the exports of one recording"
          )
        }
        tocRun = run
        tocName = document.name
      } else {
        tocWarnings.append(
          TraceWarning(
            file: document.name, line: 1,
            message: "a table of contents of \(toc.runs.count) runs; the header takes nothing from it"))
      }
    }
    documents = try oneRecording(documents)
    // Update groups go first, so updates find their groups; causes last, so their nodes are
    // usually known as updates when read.
    // Time Profiler samples after everything else, so that the app whose samples are kept is
    // known from the updates when no table of contents names it.
    let ranks = documents.map { document in
      if startsWith(["swiftui-update-groups"], document.path) { return 0 }
      if startsWithCauses(document.path) { return 2 }
      return startsWith(["time-profile"], document.path) ? 3 : 1
    }
    documents = (0...3).flatMap { rank in zip(documents, ranks).filter { $0.1 == rank }.map(\.0) }
    let symbols = SymbolTable()
    var mapper = XCTraceEventMapper(sink: makeSink(), symbols: symbols)
    if let process {
      // A name, a pid, or `Name (pid)` as messages list processes.
      mapper.target =
        Int64(process).map { XCTraceProcess(name: nil, pid: $0) } ?? XCTraceNames.process(process)
    } else if let tocRun, tocRun.app != nil || tocRun.pid != nil {
      mapper.target = XCTraceProcess(name: tocRun.app, pid: tocRun.pid)
    }
    if let seconds = tocRun?.duration, seconds * 1e9 < 9e18 {
      mapper.recordingLength = Int64((seconds * 1e9).rounded(.up))
    }
    var report = TraceReadReport()
    for document in documents {
      mapper.file = document.name
      var parser = try XCTraceParser(
        path: document.path, name: document.name, symbols: symbols, chunkSize: chunkSize,
        readAhead: readAhead)
      try parser.parse(into: &mapper)
      report.lines += parser.lines
      report.bytes += parser.bytesRead
    }
    mapper.finish()
    if let process, let processes = mapper.missedTarget {
      throw .ambiguousInput(
        "--process \(process) names none of the processes whose \(mapper.processScopedEvents) the recording holds: "
          + processes.joined(separator: ", "))
    }
    if let processes = mapper.unchosenProcesses {
      throw .ambiguousInput(
        "the recording holds the \(mapper.processScopedEvents) of \(processes.count) processes, and nothing says which one is the app "
          + "(no table of contents naming its target, no SwiftUI tables); pick one with --process NAME: "
          + processes.joined(separator: ", "))
    }
    report.warnings = tocWarnings + mapper.warnings
    if let disagreement = mapper.rate.disagreement {
      report.warnings.append(TraceWarning(file: mapper.rate.vsyncFile ?? "", line: 1, message: disagreement))
    }
    var header = mapper.header
    header.start = 0
    header.app = tocRun?.app ?? header.app
    header.device = tocRun?.device ?? header.device
    header.recorded = recorded(
      schemas: tocRun.flatMap { $0.schemas.isEmpty ? nil : $0.schemas }, kinds: mapper.kindsRead)
    return TraceReading(
      parts: [TracePart(sink: mapper.sink, symbols: symbols, lineOffset: 0)], header: header, report: report)
  }

  /// The documents of one recording, each table once: a table exported twice (the same
  /// bytes) is read once, a table another of its group is preferred to is left out
  /// (``XCTraceTables``), and two exports of one table whose contents differ are two
  /// recordings, refused. Only the tables tracecli reads are compared (a recording may hold
  /// several `kdebug` tables; `SwiftUIFilteredUpdates` has three instances).
  static func oneRecording(_ documents: [(path: String, name: String)]) throws(TraceReadError)
    -> [(path: String, name: String)]
  {
    let schemas = documents.map { firstSchema($0.path) }
    let superseded = XCTraceTables.superseded(in: Set(schemas.compactMap { $0 }))
    var bySchema: [String: (path: String, name: String)] = [:]
    var kept: [(path: String, name: String)] = []
    for (document, schema) in zip(documents, schemas) {
      guard let schema, XCTraceTables.all.contains(schema), schema != "SwiftUIFilteredUpdates" else {
        kept.append(document)
        continue
      }
      if superseded.contains(schema) { continue }
      if let earlier = bySchema[schema] {
        if SystemFile.sameContents(earlier.path, document.path) { continue }  // exported twice
        throw .ambiguousInput(
          "\(earlier.name) and \(document.name) are two exports of table \(schema) with different rows: "
            + "two recordings (or two runs, or one export cut short); give the exports of one recording, "
            + "or export one run (--xpath '/trace-toc/run[@number=\"N\"]/…')")
      }
      bySchema[schema] = document
      kept.append(document)
    }
    return kept
  }

  /// The name of the first `<schema>` of the document at `path` (in its first 64 KiB).
  static func firstSchema(_ path: String) -> String? {
    let head = head(of: path, count: 64 << 10)
    guard let schema = firstIndex(of: Array("<schema".utf8), in: head) else { return nil }
    let tag = head[schema...].prefix { $0 != UInt8(ascii: ">") }
    guard let name = firstIndex(of: Array("name=".utf8), in: tag), name + 6 < tag.endIndex else { return nil }
    let quote = tag[name + 5]
    guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
    let value = tag[(name + 6)...].prefix { $0 != quote }
    return String(decoding: value, as: UTF8.self)
  }

  /// What a recording captured, in the trace format's words: from the schemas of its table of
  /// contents when there is one, else from the kinds of the tables read.
  static func recorded(schemas: [String]?, kinds: Set<XCTraceTableKind>) -> [String] {
    var found = Set<String>()
    if let schemas {
      for schema in schemas {
        switch schema {
        case "swiftui-updates", "SwiftUIFilteredUpdates", "swiftui-layout-updates": found.insert("updates")
        case "swiftui-causes", "swiftui-full-causes": found.insert("causes")
        case "display-vsyncs-interval", "display-vsyncs": found.insert("frames")
        case "hitches", "hitches-summary": found.insert("hitches")
        case "potential-hangs": found.insert("hangs")
        case "time-profile": found.insert("samples")
        case "os-signpost-interval", "OSSignpostIntervals": found.insert("intervals")
        default: break
        }
      }
    } else {
      for kind in kinds {
        switch kind {
        case .updates, .layoutUpdates: found.insert("updates")
        case .causes: found.insert("causes")
        case .vsyncs: found.insert("frames")
        case .hitches: found.insert("hitches")
        case .hangs: found.insert("hangs")
        case .samples: found.insert("samples")
        case .signposts: found.insert("intervals")
        case .groups, .displays, .frameLifetimes, .cycleSamples, .unused, .unknown: break
        }
      }
    }
    let order = ["updates", "causes", "frames", "hitches", "hangs", "samples", "intervals"]
    return order.filter(found.contains)
  }

  /// The XML documents directly in folder `path`, by name (hidden files and others skipped);
  /// gzipped ones are decompressed into temporary copies, added to `spools`.
  static func folderDocuments(_ path: String, spools: inout [String]) throws(TraceReadError)
    -> [(path: String, name: String)]
  {
    guard let directory = opendir(path) else {
      throw .noInput(path: path, reason: SystemFile.describe(errno))
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      names.append(name)
    }
    var documents: [(path: String, name: String)] = []
    let base = path.hasSuffix("/") ? path : path + "/"
    for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
      let file = base + name
      if SystemFile.isGzip(file) {
        let copy = try SystemFile.spool(gzip: file, name: file)
        spools.append(copy)
        if (try? TraceInput.format(of: copy)) == .xctraceXML { documents.append((copy, file)) }
      } else if (try? TraceInput.format(of: file)) == .xctraceXML {
        documents.append((file, file))
      }
    }
    guard !documents.isEmpty else {
      throw .noInput(path: path, reason: "is a folder without xctrace XML exports")
    }
    return documents
  }

  /// Whether the document at `path` is a table of contents (its first element `<trace-toc>`).
  static func isTableOfContents(_ path: String) -> Bool {
    XCTraceTOC.isTOC(head(of: path, count: 4096))
  }

  /// The first `count` bytes (at most) of the file at `path`; empty when it cannot be read.
  private static func head(of path: String, count: Int) -> ArraySlice<UInt8> {
    guard let file = try? SystemFile(path: path) else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { file.read(into: $0.baseAddress!, count: $0.count, at: 0) }
    return bytes.prefix(max(0, read))
  }

  /// Whether the first `<schema>` of the document at `path` (in its first 64 KiB) is a causes table.
  static func startsWithCauses(_ path: String) -> Bool {
    startsWith(["swiftui-causes", "swiftui-full-causes"], path)
  }

  /// Whether the first `<schema>` of the document at `path` (in its first 64 KiB) is named one
  /// of `names`.
  static func startsWith(_ names: [String], _ path: String) -> Bool {
    let head = head(of: path, count: 64 << 10)
    guard !head.isEmpty else { return false }
    guard let schema = firstIndex(of: Array("<schema".utf8), in: head) else { return false }
    let tag = head[schema...].prefix { $0 != UInt8(ascii: ">") }
    return names.flatMap { ["\"\($0)\"", "'\($0)'"] }.contains {
      firstIndex(of: Array($0.utf8), in: tag) != nil
    }
  }

  private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard needle.count <= haystack.count else { return nil }
    var index = haystack.startIndex
    while index + needle.count <= haystack.endIndex {
      if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}
