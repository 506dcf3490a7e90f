import Synchronization
import TraceModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One trace as a command reads it: its input resolved once, and the settings every read of it
/// shares.
///
/// Standard input and gzipped files are copied once, when the run is made, and removed when it
/// goes; the inspection window in the trace's own clock and the cause spills' partitions are
/// worked out here and nowhere else. ``read(_:)`` is the one read every analysis
/// rides (see ``Pass``); ``readEvents(_:)`` is for the few readers that need no summary.
package final class TraceRun: Sendable {
  /// The files to read (copies in place of standard input and gzipped files).
  let files: [String]
  /// Their formats, where their first bytes told when the run was made (so a read need not
  /// look again).
  private let formats: [TraceInput.Format?]
  /// How messages name the trace.
  package let displayName: String
  let options: AnalysisOptions
  /// The copies the run made, removed with it.
  private let spool: [String]
  private let reads = Atomic<Int>(0)
  /// The trace's named intervals, once read.
  private let catalog = Mutex<WindowCatalog?>(nil)

  /// How many times the trace has been read through this run (a command's cost: one, where
  /// nothing forces another).
  package var readCount: Int { reads.load(ordering: .relaxed) }

  /// Resolves `paths` (one JSON Lines file or `-`, or xctrace exports and folders of them);
  /// `name` overrides the display name.
  package init(paths: [String], name: String? = nil, options: AnalysisOptions = AnalysisOptions())
    throws(TraceReadError)
  {
    let resolved = try TraceInput.resolvingInputs(paths, name: name)
    files = resolved.files
    displayName = resolved.name
    spool = resolved.spool
    formats = resolved.formats
    self.options = options
  }

  deinit { TraceInput.removeSpool(spool) }

  /// The inspection range in the trace's own clock: relative to the header's `start`, else
  /// to the earliest time in the trace (which takes a read of its own, only when a range is
  /// given and the trace has no header start).
  ///
  /// With `--window` (or `windows`, over the options'), the window's intervals are found by a
  /// read of their own, once per run, that parses only the lines that mention them; a name the
  /// trace lacks is reported after a read that checks every line (a malformed trace is bad
  /// data, not a usage error).
  func window(windows: [String]? = nil) throws(TraceReadError) -> TraceWindow {
    var window = try rangeWindow()
    let names = windows ?? options.windows
    if !names.isEmpty {
      do {
        (window.spans, window.matched) = try windowCatalog().window(
          for: names, file: displayName, missing: options.missingWindows)
      } catch {
        _ = try windowCatalog(checked: true)
        throw error
      }
    }
    return window
  }

  /// The inspection range alone.
  private func rangeWindow() throws(TraceReadError) -> TraceWindow {
    let range = options.range
    guard !range.isUnbounded else { return TraceWindow() }
    // The header is looked at only here: the read finds it too, and most commands give no range.
    var start = TraceInput.header(paths: files, formats: formats)?.start
    if start == nil { start = try earliestTime() }
    // A trace without a time has nothing a range could leave out, and no start to place it.
    guard let start else { return TraceWindow() }
    return TraceWindow(range: range, start: start)
  }

  /// The trace's named intervals, by a read of their own; `checked` parses every line (and
  /// throws at the first malformed one), else only those that mention intervals (the read
  /// that follows checks the rest).
  package func windowCatalog(checked: Bool = false) throws(TraceReadError) -> WindowCatalog {
    if !checked, let known = catalog.withLock({ $0 }) { return known }
    let read =
      checked
      ? WindowCatalog(items: try readEvents { IntervalCollector() }.parts.flatMap(\.sink.items))
      : WindowCatalog(items: try readEvents { IntervalFinder() }.parts.flatMap(\.sink.collector.items))
    catalog.withLock { $0 = read }
    return read
  }

  /// Partitions of the cause spills, by the input's size.
  var causePartitions: Int {
    if let given = options.causePartitions { return given }
    let bytes = files.reduce(Int64(0)) { total, file in
      var status = stat()
      return total + (stat(file, &status) == 0 ? Int64(status.st_size) : 0)
    }
    return CauseGraphBuilder.partitions(forInputBytes: bytes)
  }

  /// Reads every event into one `Sink` per reader thread, with the run's threads and process.
  func readEvents<Sink: TraceSink>(_ makeSink: @escaping @Sendable () -> Sink) throws(TraceReadError)
    -> TraceReading<Sink>
  {
    reads.add(1, ordering: .relaxed)
    return try TraceInput.read(
      paths: files, formats: formats, name: displayName, threads: options.readerThreads,
      process: options.process,
      makeSink: makeSink)
  }

  /// The earliest `start`/`time` of any event.
  private func earliestTime() throws(TraceReadError) -> Int64? {
    let reading = try readEvents { EarliestTime() }
    return (reading.parts.compactMap(\.sink.earliest) + [reading.report.unknownEarliest].compactMap { $0 })
      .min()
  }
}

/// Finds the earliest time any event mentions.
private struct EarliestTime: TraceSink {
  var earliest: Int64?

  mutating func consume(_ event: TraceEvent, line: Int, symbols: SymbolTable) {
    if case .header = event { return }
    if let time = event.time { earliest = min(earliest ?? time, time) }
  }
}
