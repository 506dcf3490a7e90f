import TraceModel

/// Exports the tables tracecli reads from an Instruments `.trace` bundle into a temporary folder,
/// through `xctrace export`, so that the exported-folder reader can read them.
///
/// It runs `xctrace export --input B --toc`, picks the run (``run``, or the only one) and the
/// tables it holds that tracecli reads, then exports each with `--xpath
/// '/trace-toc/run[@number="N"]/data/table[@schema="S"]'` to `S.xml`, plus `toc.xml` with the
/// run's header facts. A failed or hung export (``timeout`` each) is tried again, up to
/// ``attempts`` times in all, with a note; the folder is removed when anything fails.
struct XCTraceBundleExporter {
  let program: XCTraceProcess
  /// The run to read (its `number`); nil: the only one.
  var run: Int?
  /// How long one export may take, ns.
  var timeout: Int64 = 600_000_000_000
  /// Tries per export (the first and the retries).
  var attempts = 3
  /// Where the temporary folder goes; nil for `$TMPDIR` (else `/tmp`).
  var temporaryFolder: String?

  /// Exports `bundle` into a new temporary folder and returns the folder and the run read.
  ///
  /// - Parameters:
  ///   - note: receives a line for standard error (a retry).
  ///   - progress: receives a progress line (what is being exported).
  func export(_ bundle: String, note: (String) -> Void, progress: (String) -> Void) throws -> (
    folder: String, run: Int
  ) {
    let folder = try SystemFile.makeTemporaryFolder(prefix: "tracecli-xctrace", in: temporaryFolder)
    do {
      progress("tracecli: reading the table of contents of \(bundle)…")
      let toc = try tableOfContents(of: bundle, in: folder, note: note)
      let chosen = try pickRun(toc, bundle: bundle)
      let tables = XCTraceTables.chosen(in: chosen.schemas)
      guard !tables.isEmpty else {
        throw XCTraceBundleError.noTables(bundle: bundle, run: chosen.number, schemas: chosen.schemas)
      }
      for (index, table) in tables.enumerated() {
        progress("tracecli: exporting \(table) from \(bundle) (\(index + 1) of \(tables.count))…")
        let xpath = "/trace-toc/run[@number=\"\(chosen.number)\"]/data/table[@schema=\"\(table)\"]"
        try exportTable(
          table, bundle: bundle, arguments: ["--xpath", xpath], to: "\(folder)/\(table).xml", folder: folder,
          note: note)
      }
      try AtomicFile.write(XCTraceTOC.document(of: chosen), to: folder + "/toc.xml")
      return (folder, chosen.number)
    } catch {
      SystemFile.removeFolder(folder)
      throw error
    }
  }

  /// The table of contents of `bundle`, exported into `folder` (as `.toc.xml`).
  ///
  /// - Throws: ``XCTraceBundleError`` when the export keeps failing, ``TraceReadError`` when
  ///   what it writes is no table of contents.
  func tableOfContents(of bundle: String, in folder: String, note: (String) -> Void) throws -> XCTraceTOC {
    let path = folder + "/.toc.xml"
    try exportTable(nil, bundle: bundle, arguments: ["--toc"], to: path, folder: folder, note: note)
    return try XCTraceTOC.parse(try SystemFile.contents(of: path), file: "\(bundle) (its table of contents)")
  }

  /// The run to read: ``run`` when given (it must exist), else the only one.
  private func pickRun(_ toc: XCTraceTOC, bundle: String) throws(XCTraceBundleError) -> XCTraceTOC.Run {
    let numbers = toc.runs.map(\.number)
    if let run {
      guard let found = toc.runs.first(where: { $0.number == run }) else {
        throw .runs(bundle: bundle, available: numbers, asked: run)
      }
      return found
    }
    guard toc.runs.count == 1 else {
      if toc.runs.isEmpty { throw .noTables(bundle: bundle, run: 1, schemas: []) }
      throw .runs(bundle: bundle, available: numbers, asked: nil)
    }
    return toc.runs[0]
  }

  /// Runs one export (`table` nil: the table of contents) into `path`, retrying failures.
  private func exportTable(
    _ table: String?, bundle: String, arguments: [String], to path: String, folder: String,
    note: (String) -> Void
  ) throws(XCTraceBundleError) {
    let errorPath = folder + "/.stderr"
    let what = table.map { "table \($0)" } ?? "the table of contents"
    var attempt = 1
    while true {
      let outcome = program.run(
        ["export", "--input", bundle] + arguments, output: path, errorOutput: errorPath, timeout: timeout)
      if outcome.succeeded { return }
      let lastLine = XCTraceProcess.lastLine(of: errorPath)
      guard attempt < attempts else {
        throw .exportFailed(
          bundle: bundle, table: table, outcome: outcome, lastLine: lastLine, attempts: attempt)
      }
      var message = "tracecli: note: \(bundle): xctrace export of \(what) \(outcome)"
      message += lastLine.map { " (\($0))" } ?? ""
      note(message + "; trying again (\(attempt + 1) of \(attempts))")
      attempt += 1
    }
  }
}
