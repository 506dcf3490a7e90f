import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer
@testable import tracecli

/// Every view by its own name: on random traces whose views often have no module (as real
/// exports), `updates --view V` lists exactly V's updates, and every view's count agrees across
/// summarize, updates, cause-graph, report and `export --format rows`; as JSON Lines and as an
/// xctrace export with empty module cells.
@Suite(.tags(.slow), .notInQuickLoop)
struct ViewIdentityTests {
  /// One random trace: 64 view names (their interned order makes names collide in their low
  /// bits), half the updates without a module.
  private struct RandomTrace {
    var lines: [String] = [#"{"type":"trace","version":1,"app":"Views","refreshRate":60,"start":0}"#]
    /// Update ids by (module, kind, name).
    var ids: [ViewKey: [Int64]] = [:]

    init(seed: UInt64, updates: Int = 600) {
      var random = SplitMix(seed: seed)
      let kinds: [UpdateKind] = [.body, .body, .other, .representable]
      for id in 1...Int64(updates) {
        let name = "V\(random.next() % 64)"
        let module = ["", "", "", "App", "Kit"][Int(random.next() % 5)]
        let kind = kinds[Int(random.next() % 4)]
        // No module: the key left out, or (as some converters write) an empty one.
        let moduleField =
          module.isEmpty ? (random.next() % 4 == 0 ? #","module":"""# : "") : #","module":"\#(module)""#
        let start = id * 400_000
        lines.append(
          #"{"type":"update","id":\#(id),"kind":"\#(kind)","view":"\#(name)"\#(moduleField),"start":\#(start),"duration":\#(random.next() % 2_000_000)}"#
        )
        ids[ViewKey(module: module, kind: kind, name: name), default: []].append(id)
      }
    }

    /// The ids `--view query` must list: every kind and module of the name, or one module's.
    func expected(_ query: String) -> Set<Int64> {
      Set(ids.filter { $0.key.name == query || $0.key.qualifiedName == query }.flatMap(\.value))
    }
  }

  /// The traces to check: JSON Lines, and the same events as an xctrace export.
  private func files(_ trace: RandomTrace, in directory: String) throws -> [[String]] {
    let path = directory + "/trace.jsonl"
    try Data((trace.lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    let (events, symbols, header) = try EventCollector.read([path])
    let exports = directory + "/exports"
    try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
    return [[path], try XCTraceExportWriter(symbols: symbols).write(events, header: header, to: exports)]
  }

  /// Before the fix of the listing's key (a missing module spilled into the name's bits) every
  /// seed listed other views' updates; seed 1 is kept as the first that did.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyViewIsListedAndCountedByItsOwnName(seed: UInt64) throws {
    let trace = RandomTrace(seed: seed)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for (format, paths) in try files(trace, in: directory).enumerated() {
      let expectedCounts = Dictionary(uniqueKeysWithValues: trace.ids.map { ($0.key, $0.value.count) })
      // summarize
      let summary = try TraceAnalysis.summarize(paths: paths)
      let summarized = Dictionary(uniqueKeysWithValues: summary.views.map { ($0.key, $0.statistics.count) })
      #expect(summarized == expectedCounts, "seed \(seed) \(paths[0])")
      // updates, by name and by Module.Name (every one on JSON Lines; a sample on the export,
      // whose reads are slower)
      let queries = Set(trace.ids.keys.flatMap { [$0.name, $0.qualifiedName] }).sorted()
      var listed: [ViewKey: Int] = [:]
      for query in format == 0 ? queries : stride(from: 0, to: queries.count, by: 12).map({ queries[$0] }) {
        let listing = try TraceAnalysis.updates(paths: paths, view: query)
        #expect(Set(listing.entries.map(\.id)) == trace.expected(query), "seed \(seed) --view \(query)")
        #expect(listing.entries.allSatisfy { $0.key.matches(query) }, "seed \(seed) --view \(query)")
        if !query.contains(".") { for entry in listing.entries { listed[entry.key, default: 0] += 1 } }
      }
      if format == 0 { #expect(listed == expectedCounts, "seed \(seed)") }
      // cause-graph: update nodes by (module, kind, name)
      let graph = try TraceAnalysis.causeGraph(paths: paths)
      var graphed: [ViewKey: Int] = [:]
      for node in graph.nodes {
        guard case .update(let kind) = node.kind else { continue }
        graphed[ViewKey(module: node.module ?? "", kind: kind, name: node.name)] = node.events
      }
      #expect(graphed == expectedCounts, "seed \(seed) cause-graph")
      // report: its views table
      let report = try TraceAnalysis.report(paths: paths).report
      #expect(
        Dictionary(uniqueKeysWithValues: report.summary.views.map { ($0.key, $0.statistics.count) })
          == expectedCounts)
      // export --format rows
      var bytes: [UInt8] = []
      _ = try TraceAnalysis.exportRows(runs: paths.count == 1 ? paths : [directory + "/exports"]) {
        bytes += $0
        return true
      }
      var exported: [ViewKey: Int] = [:]
      for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
        let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let kind = try #require(UpdateKind(name: row["kind"] as? String ?? ""))
        exported[ViewKey(module: row["module"] as? String ?? "", kind: kind, name: row["view"] as? String ?? ""), default: 0] += 1
      }
      #expect(exported == expectedCounts, "seed \(seed) export rows")
    }
  }
}
