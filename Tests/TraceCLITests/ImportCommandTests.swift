import Foundation
import TestSupport
import Testing
import TraceModel

@testable import tracecli

struct ImportCommandTests {
  /// Every sample export under `Fixtures/xctrace/` (and `more/`), relative to it.
  static let samples: [String] = {
    let root = Fixture.path("xctrace")
    let top = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    let more = (try? FileManager.default.contentsOfDirectory(atPath: root + "/more")) ?? []
    return (top.filter { $0.hasSuffix(".xml") } + more.filter { $0.hasSuffix(".xml") }.map { "more/" + $0 })
      .sorted()
  }()

  /// The golden-file stem of a sample: `xctrace.more.q-hitches-renders`.
  private func stem(_ sample: String) -> String {
    "xctrace." + sample.dropLast(4).replacingOccurrences(of: "/", with: ".")
  }

  @Test(arguments: samples)
  func everySampleImportsOrNamesTheMissingColumn(_ sample: String) {
    let run = CLIRun(["import", "xctrace", "Fixtures/xctrace/\(sample)"].relativeToRoot)
    #expect(run.status == .success || run.status == .dataError, "\(run.errors)")
    if run.status == .success {
      Fixture.assertSnapshot(run.output, named: "\(stem(sample)).jsonl")
      #expect(run.output.hasPrefix(#"{"type":"trace","version":1"#))
    } else {
      #expect(run.output.isEmpty)
      #expect(run.errors.contains("has no column \""), "\(run.errors)")
    }
    if !run.errors.isEmpty {
      Fixture.assertSnapshot(run.errors.withoutRoot, named: "\(stem(sample)).stderr.txt")
    }
  }

  @Test func theSamplesThatCannotBeImportedNameTableAndColumn() {
    let expectations = [
      "more/h-swiftui-causes.xml": #"table "swiftui-causes" has no column "source-node-event-id""#,
      "more/h-swiftui-causes-minimal.xml":
        #"read as swiftui-causes by its columns) has no column "source-node-event-id""#,
      "more/h-update-groups-outlier.xml":
        #"read as swiftui-update-groups by its columns) has no column "start""#,
      "swiftui-update-groups-backtraces.xml": #"has no column "start""#,
    ]
    for (sample, message) in expectations {
      let run = CLIRun(["import", "xctrace", "Fixtures/xctrace/\(sample)"].relativeToRoot)
      #expect(run.status == .dataError, "\(sample)")
      #expect(run.errors.contains(message), "\(sample): \(run.errors)")
      #expect(run.errors.contains("\(sample):4:5: error:"), "\(sample): \(run.errors)")
    }
  }

  @Test func writesTheTraceToAFileWithDashO() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = directory + "/app.jsonl"
    let files = ["swiftui-updates.xml", "device-display-info.xml"].map { Fixture.path("xctrace/\($0)") }
    let run = CLIRun(["import", "xctrace"] + files + ["-o", output])
    #expect(run.status == .success)
    #expect(run.output.isEmpty)
    #expect(run.errors == "tracecli: wrote 3 events to \(output)\n")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(
      text.hasPrefix(
        #"{"type":"trace","version":1,"app":"MyApp","refreshRate":120,"refreshRateSource":"display-max","start":0,"recorded":["updates"],"producer":"tracecli import xctrace"}"#)
    )
    #expect(text == CLIRun(["import", "xctrace"] + files).output)
  }

  @Test func dashOOfADashIsStandardOutputAndTheLastOutputWins() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = [Fixture.path("xctrace/swiftui-updates.xml")]
    let standard = CLIRun(["import", "xctrace"] + files)
    let dash = CLIRun(["import", "xctrace"] + files + ["-o", "-"])
    #expect(dash.status == .success && dash.errors.isEmpty)
    #expect(dash.output == standard.output && dash.output.hasPrefix(#"{"type":"trace""#))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    // `--output a -o b` writes b, and `-o a --output -` standard output, whatever the spelling.
    let last = CLIRun(
      ["import", "xctrace"] + files + ["--output", directory + "/a.jsonl", "-o", directory + "/b.jsonl"])
    #expect(last.status == .success && last.output.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["b.jsonl"])
    let back = CLIRun(["import", "xctrace"] + files + ["-o", directory + "/c.jsonl", "--output", "-"])
    #expect(back.output == standard.output)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["b.jsonl"])
    // The page and the export read `-` the same way.
    let report = CLIRun(["report", Fixture.path("traces/update-loop.jsonl"), "-o", "-"])
    #expect(report.status == .success && report.output.hasPrefix("<!doctype html>"))
    let export = CLIRun(["export", Fixture.path("traces/update-loop.jsonl"), "--format", "chrome", "-o", "-"])
    #expect(export.status == .success && export.output.hasPrefix("{"))
  }

  @Test func readingTheImportGivesTheSameAnalysisAsReadingTheXML() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = [
      "swiftui-updates.xml", "swiftui-causes.xml", "device-display-info.xml", "display-vsyncs-interval.xml",
      "hitches.xml", "potential-hangs.xml", "swiftui-update-groups.xml",
    ].map { Fixture.path("xctrace/\($0)") }
    let output = directory + "/app.jsonl"
    #expect(CLIRun(["import", "xctrace"] + files + ["-o", output]).status == .success)
    let fromXML = CLIRun(["summarize"] + files + ["--format", "json"])
    let fromJSONL = CLIRun(["summarize", output, "--format", "json"])
    #expect(fromXML.status == .success && fromJSONL.status == .success)
    // The same summary; reading the XML also notes that the vsyncs and the display disagree.
    var xml = try summary(fromXML.output)
    var jsonl = try summary(fromJSONL.output)
    for key in ["trace", "warnings"] {
      xml[key] = nil
      jsonl[key] = nil
    }
    #expect(NSDictionary(dictionary: xml) == NSDictionary(dictionary: jsonl))
    #expect(fromXML.output.contains("the vsyncs run at 60 Hz while the display can do 120 Hz"))
    let graphXML = CLIRun(["cause-graph"] + files + ["--format", "json", "--all"])
    let graphJSONL = CLIRun(["cause-graph", output, "--format", "json", "--all"])
    #expect(graphXML.status == .success)
    #expect(withoutFile(graphXML.output) == withoutFile(graphJSONL.output))
  }

  @Test func commandsReadAFolderOfExports() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for file in ["swiftui-updates.xml", "swiftui-causes.xml", "device-display-info.xml"] {
      try FileManager.default.copyItem(
        atPath: Fixture.path("xctrace/\(file)"), toPath: "\(directory)/\(file)")
    }
    try Data("not an export\n".utf8).write(to: URL(fileURLWithPath: "\(directory)/notes.txt"))
    let folder = CLIRun(["summarize", directory, "--format", "json"])
    #expect(folder.status == .success, "\(folder.errors)")
    #expect(folder.output.contains(#""refreshRate": 120"#))
    #expect(folder.output.contains(#""name": "ContentView""#))
    let files = ["swiftui-causes.xml", "device-display-info.xml", "swiftui-updates.xml"].map {
      "\(directory)/\($0)"
    }
    #expect(CLIRun(["import", "xctrace", directory]).output == CLIRun(["import", "xctrace"] + files).output)
    #expect(CLIRun(["cause-graph", directory, "--view", "ContentView"]).status == .success)
  }

  @Test(arguments: Fixture.storyNames)
  func storiesSurviveAnXctraceExport(_ name: String) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let original = Fixture.path("traces/\(name).jsonl")
    let (events, symbols, header) = try EventCollector.read([original])
    var writer = XCTraceExportWriter(symbols: symbols)
    writer.numericReferences = name.hasPrefix("d")
    let files = try writer.write(events, header: header, to: directory)
    let before = try summary(CLIRun(["summarize", original, "--format", "json"]).output)
    let after = try summary(CLIRun(["summarize"] + files + ["--format", "json"]).output)
    #expect(before["views"] as? NSArray == after["views"] as? NSArray, "\(name): per-view numbers differ")
    #expect(before["updates"] as? NSDictionary == after["updates"] as? NSDictionary)
    #expect(
      (before["trace"] as? NSDictionary)?["refreshRate"] as? Double
        == (after["trace"] as? NSDictionary)?["refreshRate"] as? Double)
    // The cause graph: the same edges, and the same sources wherever an edge names them.
    let (imported, importedSymbols, _) = try EventCollector.read(files)
    let edges = { (events: [TraceEvent], symbols: SymbolTable) -> [String] in
      events.compactMap { event -> String? in
        guard case .cause(let cause) = event else { return nil }
        return "\(cause.from)>\(cause.to) \(symbols[cause.label]) \(cause.time ?? -1) "
          + "\(cause.changed.map { symbols[$0] } ?? "-") \(cause.valueType.map { symbols[$0] } ?? "-")"
      }.sorted()
    }
    #expect(edges(events, symbols) == edges(imported, importedSymbols))
    let linked = Set(
      events.flatMap { event -> [Int64] in
        guard case .cause(let cause) = event else { return [] }
        return [cause.from, cause.to]
      })
    let sources = { (events: [TraceEvent], symbols: SymbolTable) -> [String] in
      events.compactMap { event -> String? in
        guard case .source(let source) = event, linked.contains(source.id) else { return nil }
        return "\(source.id) \(source.kind) \(symbols[source.label]) \(source.user)"
      }.sorted()
    }
    #expect(sources(events, symbols) == sources(imported, importedSymbols))
    let graph = { (paths: [String]) in
      CLIRun(["cause-graph"] + paths + ["--format", "json", "--all", "--no-findings"]).output
    }
    #expect(withoutFile(graph([original])) == withoutFile(graph(files)), "\(name): cause graphs differ")
    // Every finding survives the export with its rule and nodes. (Frame counts may differ, and
    // frame-based findings be added: without the header's start, the export's frame grid is
    // anchored at its earliest event.)
    let findings = { (paths: [String]) -> Set<String> in
      let object = try? JSONSerialization.jsonObject(
        with: Data(CLIRun(["diagnose"] + paths + ["--format", "json"]).output.utf8))
      let list = (object as? [String: Any])?["findings"] as? [[String: Any]] ?? []
      return Set(list.map { "\($0["rule"] ?? "") \($0["nodes"] ?? "")" })
    }
    let kept = findings([original])
    #expect(kept.isSubset(of: findings(files)), "\(name): findings lost in the export")
  }

  @Test(arguments: [
    ["import"], ["import", "csv", "a.csv"], ["import", "xctrace"], ["import", "xctrace", "a.xml", "--bogus"],
    ["import", "xctrace", "-", "b.xml"],
  ])
  func usageErrorsExit64(_ arguments: [String]) {
    let run = CLIRun(arguments)
    #expect(run.status == .usage)
    #expect(run.errors.contains("help import"))
  }

  @Test func standardInputImportsLikeItsFile() throws {
    let path = Fixture.path("xctrace/swiftui-causes.xml")
    let run = try BuiltBinary.run(["import", "xctrace", "-"], standardInput: path)
    #expect(run.status == 0)
    let expected = CLIRun(["import", "xctrace", path]).output
    #expect(expected.hasPrefix(#"{"type":"trace""#))
    #expect(run.output == expected)
  }

  @Test func aJSONLinesTraceIsNotAnExport() {
    let run = CLIRun(["import", "xctrace", "Fixtures/traces/minimal.jsonl"].relativeToRoot)
    #expect(run.status == .dataError)
    #expect(
      run.errors.contains(
        "Fixtures/traces/minimal.jsonl:1:1: error: a JSON Lines trace, not an xctrace XML export"))
    #expect(CLIRun(["import", "xctrace", "/nonexistent/updates.xml"]).status == .noInput)
  }

  @Test func aTruncatedExportExits65() async throws {
    let run = CLIRun(
      ["import", "xctrace", "Fixtures/xctrace/malformed/truncated-updates.xml"].relativeToRoot)
    #expect(run.status == .dataError)
    #expect(run.output.isEmpty)
    Fixture.assertSnapshot(run.errors.withoutRoot, named: "xctrace.malformed.truncated-updates.stderr.txt")
    await #expect(processExitsWith: .exitCode(65)) {
      TraceCLI.exitAfterRunning(
        ["import", "xctrace", Fixture.path("xctrace/malformed/truncated-updates.xml"), "-o", "/dev/null"])
    }
  }

  // MARK: - Helpers

  private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tracecli-import-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The output without the lines that name the input files.
  private func withoutFile(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("\"file\"") && !$0.hasPrefix("// tracecli") }.joined(separator: "\n")
  }

  private func summary(_ json: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }
}
