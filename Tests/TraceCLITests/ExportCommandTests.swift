import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli export`: the three formats, several runs for rows, the inspection range,
/// whole-or-nothing files, errors.
struct ExportCommandTests {
  private func rows(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func rowsCoverEveryUpdateOfEveryRun() throws {
    let run = CLIRun(
      [
        "export", "Fixtures/traces/landmarks-before.jsonl", "Fixtures/traces/landmarks-after.jsonl",
        "--format", "rows",
      ].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    let rows = try rows(run.output)
    let before = rows.filter { ($0["run"] as? String)?.hasSuffix("landmarks-before.jsonl") == true }
    let after = rows.filter { ($0["run"] as? String)?.hasSuffix("landmarks-after.jsonl") == true }
    #expect(before.count == 771 && after.count == rows.count - 771)
    #expect(before.filter { $0["severity"] as? String == "red" }.count == 118)
    // The 6 missed frames of the story hold 100 updates (21, 21, 14, 13, 14 and 17): their
    // rows say so, each with the frame that holds its start.
    let missed = before.filter { $0["frameMissed"] as? Bool == true }
    #expect(missed.count == 100)
    #expect(Set(missed.compactMap { $0["frameNumber"] as? Int }).count == 12)
    #expect(before.allSatisfy { ($0["frame"] as? [String: Any])?["kind"] as? String == "grid" })
    #expect(after.allSatisfy { $0["frameMissed"] as? Bool == false })
    let first = try #require(before.first)
    for key in [
      "run", "app", "device", "id", "kind", "module", "view", "start", "duration", "severity", "frame",
      "frameMissed", "thread", "skipped", "group",
    ] {
      #expect(first[key] != nil, "missing \(key)")
    }
    #expect(first["app"] as? String == "Landmarks" && first["thread"] as? String == "main")
  }

  @Test func rowsOfAnUnfinishedUpdateHaveNoDuration() throws {
    let trace = try TemporaryFile(
      """
      {"type":"update","id":1,"kind":"body","view":"A","start":0,"duration":3600000000000}

      """)
    defer { trace.remove() }
    let run = CLIRun(["export", trace.path, "--format", "rows"])
    let row = try #require(try rows(run.output).first)
    #expect(
      row["duration"] is NSNull && row["unfinished"] as? Bool == true && row["severity"] as? String == "none")
  }

  @Test func chromeGoesToAFileWholeWithDashO() throws {
    let file = try TemporaryFile("old\n", name: "trace.json")
    defer { file.remove() }
    let run = CLIRun(
      ["export", "Fixtures/traces/update-loop.jsonl", "--format", "chrome", "-o", file.path].relativeToRoot)
    #expect(run.status == .success, "\(run.errors)")
    #expect(run.output.isEmpty)
    let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((object["traceEvents"] as? [Any])?.isEmpty == false)
    let left = try FileManager.default.contentsOfDirectory(
      atPath: URL(fileURLWithPath: file.path).deletingLastPathComponent().path)
    #expect(left == ["trace.json"])
  }

  @Test func aFileInAMissingFolderExits73() {
    let run = CLIRun(
      ["export", "Fixtures/traces/update-loop.jsonl", "--format", "chrome", "-o", "/nonexistent-dir/t.json"]
        .relativeToRoot)
    #expect(run.status == .cannotCreate)
    #expect(run.errors.hasPrefix("tracecli: cannot write /nonexistent-dir/t.json: its folder does not exist"))
  }

  @Test(arguments: [
    ["export", "Fixtures/traces/update-loop.jsonl"],
    ["export", "Fixtures/traces/update-loop.jsonl", "--format", "svg"],
    ["export", "Fixtures/traces/update-loop.jsonl", "Fixtures/traces/minimal.jsonl", "--format", "chrome"],
    [
      "export", "Fixtures/traces/update-loop.jsonl", "Fixtures/traces/minimal.jsonl", "--format",
      "speedscope",
    ],
    ["export", "Fixtures/traces/update-loop.jsonl", "--format", "rows", "--from", "soon"],
  ])
  func usageErrorsExit64(arguments: [String]) {
    let run = CLIRun(arguments.relativeToRoot)
    #expect(run.status == .usage)
    #expect(run.output.isEmpty)
  }

  @Test(arguments: [
    ("landmarks-before", ["--from", "0.5s", "--to", "1.1s"]), ("favorites-before", ["--from", "1.3s"]),
    ("update-loop", ["--to", "150ms"]),
  ])
  func bothFormatsKeepWhatStartsInTheRange(story: String, range: [String]) throws {
    let trace = "Fixtures/traces/\(story).jsonl"
    let summary = CLIRun((["summarize", trace, "--format", "json"] + range).relativeToRoot)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(summary.output.utf8)) as? [String: Any])
    let kinds = try #require(object["updates"] as? [String: [String: Any]])
    let count = kinds.values.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }
    let finished = count - kinds.values.reduce(0) { $0 + ($1["unfinished"] as? Int ?? 0) }
    let chrome = CLIRun((["export", trace, "--format", "chrome"] + range).relativeToRoot)
    #expect(chrome.status == .success, "\(chrome.errors)")
    let file = try #require(
      try JSONSerialization.jsonObject(with: Data(chrome.output.utf8)) as? [String: Any])
    let events = try #require(file["traceEvents"] as? [[String: Any]])
    #expect(events.filter { $0["cat"] as? String == "update" }.count == finished)
    let rows = CLIRun((["export", trace, "--format", "rows"] + range).relativeToRoot)
    #expect(rows.status == .success, "\(rows.errors)")
    #expect(try self.rows(rows.output).count == count)
    // The whole trace has more.
    let whole = CLIRun(["export", trace, "--format", "rows"].relativeToRoot)
    #expect(try self.rows(whole.output).count > count)
  }

  @Test func helpNamesEveryFormatAndTheRange() {
    let run = CLIRun(["help", "export"])
    #expect(run.status == .success)
    #expect(run.output.contains("--format chrome|rows|speedscope"))
    #expect(run.output.contains("--format speedscope writes the Time Profiler samples"))
    #expect(run.output.contains("--from/--to and --window keep what starts in them"))
    #expect(!run.output.contains("do not apply"))
  }

  // MARK: - Speedscope

  /// The speedscope file `arguments` print, parsed.
  private func speedscope(_ arguments: [String]) throws -> (file: [String: Any], errors: String) {
    let run = CLIRun(["export"] + arguments + ["--format", "speedscope"])
    #expect(run.status == .success, "\(run.errors)")
    let file = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    return (file, run.errors)
  }

  /// A trace's samples as its lines say, by thread (`main` when absent), in time order: time,
  /// weight and the stack's names root first.
  private func samples(of path: String) throws -> [String: [(time: Int64, weight: Int64, names: [String])]] {
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    var names: [Int64: String] = [:]
    for object in objects where object["type"] as? String == "symbol" {
      names[(object["id"] as? NSNumber)?.int64Value ?? -1] = object["name"] as? String
    }
    var threads: [String: [(time: Int64, weight: Int64, names: [String])]] = [:]
    for object in objects where object["type"] as? String == "sample" {
      let stack = (object["stack"] as? [NSNumber] ?? []).map { names[$0.int64Value] ?? "unknown #\($0)" }
      threads[object["thread"] as? String ?? "main", default: []].append(
        (
          (object["time"] as? NSNumber)?.int64Value ?? 0, (object["weight"] as? NSNumber)?.int64Value ?? 0,
          stack.isEmpty ? ["(no frames)"] : stack.reversed()
        ))
    }
    return threads.mapValues { $0.sorted { $0.time < $1.time } }
  }

  /// Checks `file` against the samples of the trace at `path`: one profile a thread, main first,
  /// every frame index in range, the stacks in time order, weights as the trace's, and a span
  /// from the first sample to the end of the last (samples of jittered times may weigh a little
  /// more than it).
  private func expectSamples(_ file: [String: Any], of path: String) throws {
    #expect(file["$schema"] as? String == "https://www.speedscope.app/file-format-schema.json")
    #expect((file["exporter"] as? String)?.hasPrefix("tracecli@") == true)
    let frames = try #require((file["shared"] as? [String: Any])?["frames"] as? [[String: Any]])
    let names = frames.map { $0["name"] as? String ?? "" }
    let profiles = try #require(file["profiles"] as? [[String: Any]])
    let expected = try samples(of: path)
    #expect(profiles.count == expected.count)
    if expected["main"] != nil { #expect(profiles.first?["name"] as? String == "main") }
    for profile in profiles {
      let thread = try #require(profile["name"] as? String)
      let trace = try #require(expected[thread])
      #expect(profile["type"] as? String == "sampled" && profile["unit"] as? String == "nanoseconds")
      let stacks = try #require(profile["samples"] as? [[Int]])
      let weights = try #require(profile["weights"] as? [Int64])
      #expect(stacks.count == trace.count && weights.count == trace.count)
      #expect(stacks.allSatisfy { $0.allSatisfy { names.indices.contains($0) } })
      #expect(stacks.map { $0.map { names[$0] } } == trace.map(\.names), "\(thread)")
      #expect(weights.reduce(0, +) == trace.reduce(0) { $0 + $1.weight })
      let start = try #require(profile["startValue"] as? Int64)
      let end = try #require(profile["endValue"] as? Int64)
      #expect(start == trace.first?.time)
      #expect(end == trace.map { $0.time + $0.weight }.max())
    }
  }

  @Test func speedscopeHasEverySampleOfLandmarksBefore() throws {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let (file, errors) = try speedscope([path])
    #expect(errors.isEmpty)
    try expectSamples(file, of: path)
    // The weights add up to the profile's sampled time.
    let profile = CLIRun(["profile", path, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(profile.output.utf8)) as? [String: Any])
    let profiles = try #require(file["profiles"] as? [[String: Any]])
    let weights = profiles.flatMap { $0["weights"] as? [Int64] ?? [] }
    #expect(weights.count == object["samples"] as? Int)
    #expect(weights.reduce(0, +) == 379_000_000)
  }

  static let threads = """
    {"type":"trace","version":1,"app":"App"}
    {"type":"symbol","id":1,"name":"main","binary":"App","user":true}
    {"type":"symbol","id":2,"name":"App.work()","binary":"App","user":true}
    {"type":"symbol","id":3,"name":"App.work()","binary":"Other"}
    {"type":"sample","time":5000,"weight":1000,"thread":"worker 0x2","stack":[3,1]}
    {"type":"sample","time":3000,"weight":1000,"stack":[2,1]}
    {"type":"sample","time":1000,"weight":2000,"stack":[1]}
    {"type":"sample","time":4000,"weight":500,"thread":"io 0x3","stack":[]}
    {"type":"sample","time":2000,"weight":1000,"thread":"worker 0x2","stack":[99,1]}
    {"type":"sample","time":9000,"weight":1000,"stack":[2,1]}
    {"type":"sample","time":8000,"weight":1000,"thread":"worker 0x2","stack":[1]}

    """

  @Test(arguments: [1, 2, 3])
  func speedscopeHasAProfilePerThreadMainFirst(threads: Int) throws {
    let trace = try TemporaryFile(Self.threads)
    defer { trace.remove() }
    let (file, errors) = try speedscope([trace.path, "--threads", "\(threads)"])
    try expectSamples(file, of: trace.path)
    let profiles = try #require(file["profiles"] as? [[String: Any]])
    #expect(profiles.map { $0["name"] as? String } == ["main", "worker 0x2", "io 0x3"])
    // One frame per function, in order of first use: `App.work()` of two binaries is two frames.
    let frames = try #require((file["shared"] as? [String: Any])?["frames"] as? [[String: Any]])
    #expect(
      frames.filter { $0["name"] as? String == "App.work()" }.map { $0["file"] as? String } == [
        "Other", "App",
      ])
    #expect(frames.contains { $0["name"] as? String == "(no frames)" })
    #expect(
      errors
        == "tracecli: warning: \(trace.path):9: symbol #99 is not defined (1 sample); named \"unknown #99\"\n"
    )
  }

  @Test func speedscopeKeepsTheSamplesOfTheRange() throws {
    let trace = try TemporaryFile(Self.threads)
    defer { trace.remove() }
    // Times from the trace's first (1 000 ns): [3 500, 9 500) ns.
    let (file, _) = try speedscope([trace.path, "--from", "2500ns", "--to", "8500ns"])
    let profiles = try #require(file["profiles"] as? [[String: Any]])
    #expect(profiles.map { $0["name"] as? String } == ["main", "worker 0x2", "io 0x3"])
    #expect(profiles.map { ($0["weights"] as? [Int64])?.count } == [1, 2, 1])
    #expect(profiles.first?["startValue"] as? Int64 == 9000)
  }

  @Test func aTraceWithoutSamplesGivesAFileWithoutProfiles() throws {
    let (file, errors) = try speedscope([Fixture.path("traces/favorites-before.jsonl")])
    #expect((file["profiles"] as? [Any])?.isEmpty == true)
    #expect((file["shared"] as? [String: Any])?["frames"] as? [Any] != nil)
    #expect(
      errors
        == "tracecli: note: no samples: the speedscope file has no profiles (record with the Time Profiler instrument)\n"
    )
  }

  @Test func speedscopeToAFileSaysWhatItWrote() throws {
    let file = try TemporaryFile("", name: "samples.json")
    defer { file.remove() }
    let run = CLIRun(
      ["export", "Fixtures/traces/slow-init.jsonl", "--format", "speedscope", "-o", file.path].relativeToRoot)
    #expect(run.status == .success)
    #expect(run.errors == "tracecli: wrote 57 samples in 1 profile to \(file.path)\n")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file.path)))
    #expect((object as? [String: Any])?["profiles"] != nil)
  }
}
