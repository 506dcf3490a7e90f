import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli cause-graph`: golden DOT, JSON and Mermaid outputs of the stories, the options,
/// the errors, and Graphviz accepting every golden DOT file.
struct CauseGraphCommandTests {
  /// Golden file name → the arguments after `cause-graph` (the trace first).
  static let goldens: [(String, [String])] = [
    (
      "favorites-before.LandmarkListItemView.dot",
      ["Fixtures/traces/favorites-before.jsonl", "--view", "LandmarkListItemView"]
    ),
    (
      "favorites-before.LandmarkListItemView.json",
      [
        "Fixtures/traces/favorites-before.jsonl", "--view", "Landmarks.LandmarkListItemView", "--format",
        "json",
      ]
    ),
    (
      "favorites-before.LandmarkListItemView.mmd",
      ["Fixtures/traces/favorites-before.jsonl", "--view", "LandmarkListItemView", "--format", "mermaid"]
    ),
    (
      "favorites-after.LandmarkListItemView.dot",
      ["Fixtures/traces/favorites-after.jsonl", "--view", "LandmarkListItemView"]
    ),
    (
      "favorites-after.LandmarkListItemView.json",
      ["Fixtures/traces/favorites-after.jsonl", "--view", "LandmarkListItemView", "--format", "json"]
    ),
    ("environment-churn.cause-graph.dot", ["Fixtures/traces/environment-churn.jsonl"]),
    (
      "environment-churn.View2.json",
      ["Fixtures/traces/environment-churn.jsonl", "--view", "View2", "--format", "json"]
    ),
    ("update-loop.cause-graph.dot", ["Fixtures/traces/update-loop.jsonl"]),
    (
      "update-loop.HomeView.downstream.mmd",
      ["Fixtures/traces/update-loop.jsonl", "--view", "HomeView", "--downstream", "--format", "mermaid"]
    ),
    (
      "update-loop.HeaderView.depth-1.json",
      ["Fixtures/traces/update-loop.jsonl", "--view", "HeaderView", "--depth", "1", "--format", "json"]
    ),
    ("landmarks-before.cause-graph.dot", ["Fixtures/traces/landmarks-before.jsonl", "--limit", "4"]),
  ]

  @Test(arguments: goldens)
  func outputMatchesItsGoldenFile(name: String, arguments: [String]) {
    let run = CLIRun((["cause-graph"] + arguments).relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    Fixture.assertSnapshot(run.output.withoutRoot, named: name)
  }

  // MARK: - Graphviz

  @Test(arguments: goldens.map(\.0).filter { $0.hasSuffix(".dot") })
  func graphvizRendersEveryGoldenDOTFileWithoutAWord(name: String) throws {
    guard let dot = Tool.dot.require() else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-Tsvg", Fixture.path("expected/\(name)")]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let svg = output.fileHandleForReading.readDataToEndOfFile()
    let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "dot -Tsvg \(name) failed: \(messages)")
    #expect(messages.isEmpty, "dot -Tsvg \(name) warned: \(messages)")
    #expect(String(decoding: svg, as: UTF8.self).contains("</svg>"))
  }

  // MARK: - Options and errors

  @Test func anUnknownViewExitsOneAndSuggestsTheClosestNames() {
    let run = CLIRun(
      ["cause-graph", "Fixtures/traces/favorites-before.jsonl", "--view", "LandmarkListItem"].relativeToRoot)
    #expect(run.status == .failure)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.withoutRoot == """
        tracecli: no view named 'LandmarkListItem' in Fixtures/traces/favorites-before.jsonl; \
        did you mean 'Landmarks.LandmarkListItemView'?

        """)
  }

  @Test(arguments: [
    ["--downstream"], ["--depth", "2"], ["--format", "svg"], ["--view"], ["--min-count", "-1"], ["--bogus"],
    ["--from", "2s", "--to", "1s"],
  ])
  func badCommandLinesAreUsageErrors(arguments: [String]) {
    let run = CLIRun(["cause-graph", "Fixtures/traces/minimal.jsonl"].relativeToRoot + arguments)
    #expect(run.status == .usage)
    #expect(run.errors.contains("tracecli help cause-graph"))
  }

  @Test func theWholeGraphIsCappedWithANoteInTheOutputAndOnStandardError() throws {
    var text = #"{"type":"source","id":0,"kind":"gesture","label":"Tap","user":true,"time":0}"# + "\n"
    for view in 1...70 {
      text +=
        #"{"type":"update","id":\#(view),"kind":"body","view":"V\#(view)","start":\#(view),"duration":1}"#
        + "\n"
      for _ in 0..<view { text += #"{"type":"cause","from":0,"to":\#(view)}"# + "\n" }
    }
    let file = try TemporaryFile(text)
    defer { file.remove() }
    let capped = CLIRun(["cause-graph", file.path])
    #expect(capped.status == .success)
    let note =
      "only the 60 largest edges are shown: 10 more edges and 10 more nodes left out (limit 60; --all shows everything)"
    #expect(capped.errors == "tracecli: note: \(note)\n")
    #expect(capped.output.contains("// note: \(note)\n"))
    #expect(capped.output.components(separatedBy: " -> ").count == 61)
    #expect(capped.output.contains(#"label="Update ×70""#))
    #expect(!capped.output.contains(#"label="Update ×10""#))
    let all = CLIRun(["cause-graph", file.path, "--all", "--format", "json"])
    #expect(all.errors.isEmpty)
    #expect(all.output.components(separatedBy: #""from": "#).count == 71)
    let limited = CLIRun(["cause-graph", file.path, "--limit", "3", "--format", "mermaid"])
    #expect(limited.output.contains("%% note: only the 3 largest edges are shown"))
    #expect(limited.output.components(separatedBy: "-->").count == 4)
  }

  @Test func danglingCausesAreReportedOnStandardError() throws {
    let file = try TemporaryFile(
      """
      {"type":"update","id":1,"kind":"body","view":"A","start":1,"duration":1}
      {"type":"cause","from":7,"to":1}

      """)
    defer { file.remove() }
    let run = CLIRun(["cause-graph", file.path, "--view", "A"])
    #expect(run.status == .success)
    #expect(
      run.errors
        == "tracecli: note: 1 cause names an id no update or source defines (#7 on line 2); drawn to unknown #ID nodes\n"
    )
    #expect(run.output.contains(#"label=<unknown #7<BR/>"#))
  }

  @Test func theRangeNarrowsTheGraph() {
    let path = "Fixtures/traces/favorites-before.jsonl"
    let all = CLIRun(["cause-graph", path, "--format", "json"].relativeToRoot)
    let first = CLIRun(
      ["cause-graph", path, "--format", "json", "--from", "0s", "--to", "1s"].relativeToRoot)
    #expect(all.output.contains(#""count": 80"#))
    #expect(first.output.contains(#""count": 40"#))
    #expect(!first.output.contains(#""count": 80"#))
  }

  @Test func helpDescribesTheOptions() {
    let run = CLIRun(["help", "cause-graph"])
    #expect(run.status == .success)
    for option in [
      "--view", "--downstream", "--depth", "--min-count", "--from", "--format dot|json|mermaid", "--all",
    ] {
      #expect(run.output.contains(option))
    }
  }
}

/// `--view` takes every name tracecli prints for a view, and a source's label.
struct ViewNameTests {
  private func graph(_ view: String, _ extra: [String] = []) -> String {
    let run = CLIRun(
      (["cause-graph", "Fixtures/traces/favorites-before.jsonl", "--view", view, "--format", "json"] + extra)
        .relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    return run.output.split(separator: "\n").filter { !$0.contains(#""view":"#) }.joined(separator: "\n")
  }

  @Test(arguments: [
    "LandmarkListItemView.body", "Landmarks.LandmarkListItemView", "Landmarks.LandmarkListItemView (body)",
  ])
  func everyPrintedNameGivesTheSameGraph(_ name: String) {
    #expect(graph(name) == graph("LandmarkListItemView"))
  }

  @Test func aSourceLabelStartsADownstreamGraph() {
    let downstream = graph("Gesture: Tap", ["--downstream"])
    #expect(downstream.contains(#""label": "LandmarkListItemView.body""#))
    #expect(downstream.contains(#""focus": true"#))
  }

  @Test func updatesTakesTheGraphsLabel() {
    let run = CLIRun(
      ["updates", "Fixtures/traces/favorites-before.jsonl", "--view", "LandmarkListItemView.body"]
        .relativeToRoot)
    #expect(run.status == .success)
    #expect(run.output.contains("80 updates listed"))
  }
}

/// A name that several views share lists the choices.
struct AmbiguousNameTests {
  private static let trace = """
    {"type":"trace","version":1}
    {"type":"update","id":1,"kind":"body","view":"Row","module":"A","start":0,"duration":5}
    {"type":"update","id":2,"kind":"body","view":"Row","module":"B","start":9,"duration":5}

    """

  @Test func updatesAndCauseGraphNameTheViewsAQueryMatches() throws {
    let file = try TemporaryFile(Self.trace)
    defer { file.remove() }
    let updates = CLIRun(["updates", file.path, "--view", "Row"])
    #expect(updates.errors.contains("'Row' names 2 views: A.Row (body), B.Row (body); all are listed"))
    #expect(updates.output.contains("2 updates listed"))
    let one = CLIRun(["updates", file.path, "--view", "A.Row (body)"])
    #expect(one.errors.isEmpty)
    #expect(one.output.contains("1 update listed"))
    let graph = CLIRun(["cause-graph", file.path, "--view", "Row"])
    #expect(graph.errors.contains("'Row' names 2 nodes: A.Row (body), B.Row (body); all are shown"))
  }
}
