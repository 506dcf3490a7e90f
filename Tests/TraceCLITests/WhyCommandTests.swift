import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli why`: golden explanations of the stories, choosing the update, and the errors.
struct WhyCommandTests {
  static let goldens: [(String, [String])] = [
    ("favorites-before.why-update-6.txt", ["Fixtures/traces/favorites-before.jsonl", "--update", "6"]),
    (
      "environment-churn.why-View2.txt",
      ["Fixtures/traces/environment-churn.jsonl", "--view", "View2", "--at", "0.5s"]
    ),
    (
      "update-loop.why-HeaderView.txt",
      ["Fixtures/traces/update-loop.jsonl", "--view", "HeaderView", "--at", "0.5s"]
    ),
    (
      "update-loop.why-HeaderView.json",
      ["Fixtures/traces/update-loop.jsonl", "--view", "HeaderView", "--at", "0.1s", "--format", "json"]
    ),
    (
      "favorites-after.why-update-8.json",
      ["Fixtures/traces/favorites-after.jsonl", "--update", "8", "--format", "json"]
    ),
  ]

  @Test(arguments: goldens)
  func outputMatchesItsGoldenFile(name: String, arguments: [String]) {
    let run = CLIRun((["why"] + arguments).relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    Fixture.assertSnapshot(run.output.withoutRoot, named: name)
  }

  /// A small trace: a tap, a state change, two updates of Row (the second while the first
  /// still runs), and a root update with no cause.
  private let sample = """
    {"type":"trace","version":1,"start":1000}
    {"type":"source","id":1,"kind":"gesture","label":"Gesture: Tap","user":true,"time":1010}
    {"type":"source","id":2,"kind":"state","label":"@State on","time":1020}
    {"type":"update","id":3,"kind":"body","view":"Row","start":1100,"duration":500}
    {"type":"update","id":4,"kind":"body","view":"Row","start":1300,"duration":50}
    {"type":"update","id":5,"kind":"body","view":"Root","start":1050,"duration":10}
    {"type":"cause","from":1,"to":2,"time":1020}
    {"type":"cause","from":2,"to":3,"changed":"on","valueType":"Bool"}
    {"type":"cause","from":5,"to":3,"label":"creation","time":1060}
    {"type":"cause","from":2,"to":4}

    """

  private func why(_ arguments: [String], format: String = "json") throws -> [String: Any] {
    let file = try TemporaryFile(sample)
    defer { file.remove() }
    let run = CLIRun(["why", file.path, "--format", format] + arguments)
    #expect(run.status == .success, "\(run.errors)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
  }

  private func chainEnds(_ object: [String: Any]) -> [String] {
    (object["chains"] as? [[String: Any]] ?? []).map { chain in
      let hops = (chain["hops"] as? [[String: Any]] ?? []).map { hop in
        ((hop["event"] as? [String: Any])?["label"] as? String) ?? "?"
      }
      return (hops + [chain["end"] as? String ?? "?"]).joined(separator: " <- ")
    }
  }

  @Test func everyChainBackToItsRootNewestFirst() throws {
    let object = try why(["--update", "3"])
    #expect((object["target"] as? [String: Any])?["id"] as? Int == 3)
    // The creation by Root (time 1060) is newer than the state change (it has no time; its
    // source's is 1020), so it comes first.
    #expect(chainEnds(object) == ["Root.body <- noCause", "@State on <- Gesture: Tap <- gesture"])
    let hops = (object["chains"] as? [[String: Any]])?.last?["hops"] as? [[String: Any]] ?? []
    #expect(hops.first?["changed"] as? String == "on")
    #expect(hops.first?["valueType"] as? String == "Bool")
    #expect(hops.first?["timeNs"] is NSNull)
    #expect(hops.last?["timeNs"] as? Int == 20)
    #expect(hops.last?["line"] as? Int == 7)
  }

  @Test(arguments: [("150ns", 3), ("340ns", 4), ("350ns", 3), ("600ns", 4), ("1s", 4), ("0ns", 3)])
  func atPicksTheUpdateRunningThenElseTheNearestStart(at: String, id: Int) throws {
    // Row #3 runs [100, 600), Row #4 [300, 350) relative to the trace start: the latest
    // start among the updates running, else the nearest start.
    let object = try why(["--view", "Row", "--at", at])
    #expect((object["target"] as? [String: Any])?["id"] as? Int == id)
  }

  @Test func aCycleIsCutAndMarked() throws {
    let file = try TemporaryFile(
      """
      {"type":"update","id":1,"kind":"body","view":"A","start":1,"duration":1}
      {"type":"update","id":2,"kind":"body","view":"B","start":2,"duration":1}
      {"type":"update","id":3,"kind":"body","view":"A","start":3,"duration":1}
      {"type":"cause","from":1,"to":2}
      {"type":"cause","from":2,"to":3}
      {"type":"cause","from":3,"to":1}

      """)
    defer { file.remove() }
    let run = CLIRun(["why", file.path, "--update", "3"])
    #expect(run.status == .success)
    #expect(run.output.contains("↻ cycle: A.body is already on this chain (#3): an update loop, cut here"))
    let json = CLIRun(["why", file.path, "--update", "3", "--format", "json"])
    #expect(json.output.contains(#""end": "cycle""#))
    #expect(json.output.contains(#""loopsTo": 0"#))
  }

  @Test func danglingAndDepthLimitsEndChains() throws {
    let file = try TemporaryFile(
      """
      {"type":"update","id":1,"kind":"body","view":"A","start":1,"duration":1}
      {"type":"update","id":2,"kind":"body","view":"B","start":2,"duration":1}
      {"type":"update","id":3,"kind":"body","view":"C","start":3,"duration":1}
      {"type":"cause","from":1,"to":2}
      {"type":"cause","from":2,"to":3}
      {"type":"cause","from":99,"to":1}

      """)
    defer { file.remove() }
    let deep = CLIRun(["why", file.path, "--update", "3", "--format", "json"])
    #expect(deep.output.contains(#""end": "dangling""#))
    #expect(deep.output.contains(#""label": "unknown #99""#))
    let shallow = CLIRun(["why", file.path, "--update", "3", "--depth", "1"])
    #expect(shallow.output.contains("… cut after 1 hops (--depth)"))
  }

  @Test func errorsSayWhatIsWrong() throws {
    let path = "Fixtures/traces/favorites-before.jsonl"
    let missing = CLIRun(["why", path, "--update", "123456"].relativeToRoot)
    #expect(missing.status == .failure)
    #expect(missing.errors.withoutRoot == "tracecli: no update or source with id 123456 in \(path)\n")
    // Without --at, the view's longest update is explained.
    let worst = CLIRun(["why", path, "--view", "LandmarkListItemView"].relativeToRoot)
    #expect(worst.status == .success)
    #expect(worst.output.hasPrefix("why LandmarkListItemView.body #"), "\(worst.output)")
    let unknown = CLIRun(["why", path, "--view", "LandmarkListItemVeiw", "--at", "1s"].relativeToRoot)
    #expect(unknown.status == .failure)
    #expect(unknown.errors.contains("did you mean 'Landmarks.LandmarkListItemView'?"))
    for arguments in [
      [], ["--update", "1", "--view", "A", "--at", "1s"], ["--at", "1s"],
      ["--update", "x"],
    ] {
      let run = CLIRun(["why", path].relativeToRoot + arguments)
      #expect(run.status == .usage, "\(arguments)")
      #expect(run.errors.contains("tracecli help why"))
    }
  }
}
