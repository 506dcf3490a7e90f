import Foundation
import TestSupport
import Testing

@testable import tracecli

struct FrameCommandTests {
  @Test func showsTheThreeWorstMissedFramesAsSummarizeListsThem() {
    let run = CLIRun(["frame", "Fixtures/traces/landmarks-before.jsonl"].relativeToRoot)
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "landmarks-before.frame.txt")
    let summary = CLIRun(["summarize", "Fixtures/traces/landmarks-before.jsonl"].relativeToRoot)
    let listed = Self.summarizedIDs(summary.output)
    #expect(listed.count == 6)
    #expect(Self.shownIDs(run.output) == Array(listed.prefix(3)))
  }

  @Test func showsAnAccumulationFrameWhoseWorkRunsOntoTheGrid() throws {
    let path = "Fixtures/traces/many-small-updates.jsonl"
    let run = CLIRun(["frame", path, "--limit", "1"].relativeToRoot)
    #expect(run.status == .success)
    Fixture.assertSnapshot(run.output.withoutRoot, named: "many-small-updates.frame.txt")
    #expect(run.output.contains("#8  recorded frame at 0.133 s · budget 16.7 ms · deadline +16.7 ms"))
    #expect(run.output.contains("missed by 5.12 ms: accumulation (200 updates, none red)"))
    let rows = Self.updateRows(run.output)
    #expect(rows.count == 200)
    #expect(!rows.contains { $0.contains("red") || $0.contains("orange") })
    // Its work goes on past its cover (which ends at its deadline), into grid frame #9: those
    // updates start after the deadline's column.
    let late = rows.filter { row in
      guard let marker = row.firstIndex(of: "│"), let bar = row.firstIndex(of: "█") else { return false }
      return bar > marker
    }
    #expect(!late.isEmpty)
    let json = try Self.object(
      CLIRun(["frame", path, "--limit", "1", "--format", "json"].relativeToRoot).output)
    let frame = try #require((json["frames"] as? [[String: Any]])?.first)
    let deadline = try #require(frame["deadlineNs"] as? Int64)
    let updates = try #require(frame["updates"] as? [[String: Any]])
    let afterDeadline = updates.count { ($0["startNs"] as? Int64 ?? 0) >= deadline }
    #expect(afterDeadline > 0 && late.count >= afterDeadline)
    let onGrid = CLIRun(["frame", path, "--id", "9"].relativeToRoot)
    #expect(onGrid.status == .usage)
    #expect(onGrid.errors.contains("its updates are part of frame #8's work, which did"), "\(onGrid.errors)")
  }

  @Test func aStretchOnTheGridMissesByAccumulation() throws {
    // No recorded frames, 60 Hz: 30 orange updates of 700 µs, 100 µs apart from 1 ms on: one
    // busy stretch of 23.9 ms across two grid frames, a budget (16.7 ms) and 7.23 ms long.
    var lines = [#"{"type":"trace","version":1,"app":"Grid","refreshRate":60,"start":0}"#]
    for index in 0..<30 {
      lines.append(
        #"{"type":"update","id":\#(index + 1),"kind":"body","view":"Cell","start":\#(1_000_000 + index * 800_000),"duration":700000}"#
      )
    }
    let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
    defer { file.remove() }
    let run = CLIRun(["frame", file.path])
    #expect(run.status == .success, "\(run.errors)")
    let header = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("#") })
    #expect(
      header
        == "#0  grid frame at 0.000 s · budget 16.7 ms · stretch from +1.00 ms · deadline +17.7 ms · "
        + "missed by 7.23 ms: accumulation (30 updates, none red)")
    let rows = Self.updateRows(run.output)
    #expect(rows.count == 30)
    #expect(rows.allSatisfy { $0.contains(" orange ") && $0.hasSuffix("Cell (body)") })
    // The stretch's second grid frame holds some of its updates; it missed nothing itself.
    let second = CLIRun(["frame", file.path, "--id", "#1"])
    #expect(second.status == .usage)
    #expect(second.errors.contains("its updates are part of frame #0's stretch"), "\(second.errors)")
  }

  @Test(arguments: ["landmarks-before", "many-small-updates"])
  func theIDSummarizePrintsShowsThatFrame(_ name: String) throws {
    let path = Fixture.path("traces/\(name).jsonl")
    let summary = CLIRun(["summarize", path]).output
    // The last frame summarize lists (not one the default shows first), and its overrun.
    let id = try #require(Self.summarizedIDs(summary).last)
    let row = try #require(summary.split(separator: "\n").first { $0.hasPrefix("    \(id) ") })
    let overrun = try #require(row.split(separator: "+").last?.split(separator: " ").prefix(2))
    for spelling in [id, String(id.dropFirst())] {
      let run = CLIRun(["frame", path, "--id", spelling])
      #expect(run.status == .success, "\(run.errors)")
      #expect(Self.shownIDs(run.output) == [id])
      #expect(run.output.contains("\n\(id)  "))
      #expect(run.output.contains("missed by \(overrun.joined(separator: " ")):"))
    }
  }

  @Test func anIDNoMissedFrameHasIsAUsageError() {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let far = CLIRun(["frame", path, "--id", "5000"])
    #expect(far.status == .usage)
    #expect(far.output.isEmpty)
    #expect(
      far.errors.contains(
        "missed frames near it: #62, #121, #125, #129, #141 (tracecli frame \(path) --limit 6 lists all 6)"),
      "\(far.errors)")
    #expect(far.errors.contains("run 'tracecli help frame'"))
    let inStretch = CLIRun(["frame", path, "--id", "63"])
    #expect(inStretch.status == .usage)
    #expect(
      inStretch.errors.contains("part of frame #62's stretch, which did (tracecli frame \(path) --id 62)"))
    let none = CLIRun(["frame", Fixture.path("traces/landmarks-after.jsonl"), "--id", "62"])
    #expect(none.status == .usage)
    #expect(none.errors.contains("missed its deadline: there is no missed frame #62"))
    for bad in ["sixty", "#", "6 2", "+62", "62.0", ""] {
      let run = CLIRun(["frame", path, "--id", bad])
      #expect(run.status == .usage && run.errors.contains("is not a frame id"), "\(bad)")
    }
    let both = CLIRun(["frame", path, "--id", "62", "--limit", "2"])
    #expect(both.status == .usage)
  }

  @Test func theProcessExitsWith64ForAnUnknownID() async {
    await #expect(processExitsWith: .exitCode(64)) {
      TraceCLI.exitAfterRunning(["frame", Fixture.path("traces/landmarks-before.jsonl"), "--id", "5000"])
    }
  }

  @Test func aTraceWithoutMissedFramesSaysSoAndSucceeds() throws {
    let run = CLIRun(["frame", "Fixtures/traces/landmarks-after.jsonl"].relativeToRoot)
    #expect(run.status == .success)
    #expect(run.output.hasSuffix("\n  no frame missed its deadline\n"))
    let json = try Self.object(
      CLIRun(["frame", "Fixtures/traces/landmarks-after.jsonl", "--format", "json"].relativeToRoot).output)
    #expect(json["missed"] as? Int == 0)
    #expect((json["frames"] as? [Any])?.isEmpty == true)
  }

  /// The JSON's frames are the summary's worst, in its order, with as many updates as it
  /// counts, spanning the work it times.
  @Test(arguments: ["landmarks-before", "many-small-updates", "slow-init"])
  func jsonFramesAreTheSummarysWithTheirUpdates(_ name: String) throws {
    let path = Fixture.path("traces/\(name).jsonl")
    let json = try Self.object(CLIRun(["frame", path, "--limit", "0", "--format", "json"]).output)
    let summary = try Self.object(CLIRun(["summarize", path, "--format", "json"]).output)
    let figures = try #require(summary["frames"] as? [String: Any])
    let worst = try #require(figures["worst"] as? [[String: Any]])
    let frames = try #require(json["frames"] as? [[String: Any]])
    #expect(frames.count == figures["missed"] as? Int)
    #expect(json["missed"] as? Int == figures["missed"] as? Int)
    #expect(json["budgetNs"] as? Int64 == figures["budgetNs"] as? Int64)
    #expect(!worst.isEmpty && worst.count <= frames.count)
    for (frame, listed) in zip(frames, worst) {
      for key in ["number", "startNs", "deadlineNs", "workEndNs", "overrunNs"] {
        #expect(frame[key] as? Int64 == listed[key] as? Int64, "\(key)")
      }
      #expect(frame["blame"] as? String == listed["blame"] as? String)
      let identity = try #require(frame["frame"] as? [String: Any])
      let listedIdentity = try #require(listed["frame"] as? [String: Any])
      #expect(identity["kind"] as? String == listedIdentity["kind"] as? String)
      #expect(identity["index"] as? Int == listedIdentity["index"] as? Int)
      #expect(identity["start"] as? Int64 == listedIdentity["start"] as? Int64)
      let updates = try #require(frame["updates"] as? [[String: Any]])
      #expect(updates.count == listed["updates"] as? Int)
      let starts = updates.compactMap { $0["startNs"] as? Int64 }
      let ends = updates.compactMap { update in
        (update["startNs"] as? Int64).flatMap { start in (update["durationNs"] as? Int64).map { start + $0 } }
      }
      #expect(starts == starts.sorted())
      // A stretch is timed from its first update, a recorded frame from its start.
      if identity["kind"] as? String == "grid" {
        #expect(starts.first == frame["workStartNs"] as? Int64)
      } else {
        #expect(frame["workStartNs"] as? Int64 == frame["startNs"] as? Int64)
        #expect(starts.first.map { $0 >= frame["startNs"] as? Int64 ?? .max } == true)
      }
      #expect(ends.max() == frame["workEndNs"] as? Int64)
      let red = updates.contains { $0["severity"] as? String == "red" }
      #expect(red == (listed["blame"] as? String == "longUpdate"))
      #expect(Set(updates.compactMap { $0["id"] as? Int64 }).count == updates.count)
      #expect(updates.allSatisfy { $0["view"] is String && $0["kind"] is String && $0["module"] is String })
    }
  }

  /// Without recorded frames a missed frame's updates are one busy run of the main thread
  /// (updates at most G = B/8 after the latest end so far), found here from the trace itself.
  @Test func aStretchHoldsExactlyTheUpdatesOfItsBusyRun() throws {
    let text = String(decoding: try Fixture.data("traces/landmarks-before.jsonl"), as: UTF8.self)
    var updates: [(start: Int64, duration: Int64, id: Int64)] = []
    for line in text.split(separator: "\n") {
      let event = try Self.object(String(line))
      guard event["type"] as? String == "update", event["thread"] == nil,
        let start = event["start"] as? Int64, let duration = event["duration"] as? Int64,
        let id = event["id"] as? Int64, duration < 3_600_000_000_000
      else { continue }
      updates.append((start, duration, id))
    }
    updates.sort { ($0.start, $0.duration, $0.id) < ($1.start, $1.duration, $1.id) }
    let gap: Int64 = 8_333_333 / 8
    var runs: [Int64: Set<Int64>] = [:]
    var first = Int64.min
    var end = Int64.min
    for update in updates {
      if first == .min || update.start > end + gap {
        first = update.start
        end = update.start
      }
      runs[first, default: []].insert(update.id)
      end = max(end, update.start + update.duration)
    }
    let json = try Self.object(
      CLIRun(["frame", Fixture.path("traces/landmarks-before.jsonl"), "--limit", "0", "--format", "json"])
        .output)
    let frames = try #require(json["frames"] as? [[String: Any]])
    #expect(frames.count == 6)
    for frame in frames {
      let start = try #require(frame["workStartNs"] as? Int64)
      let ids = Set((frame["updates"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int64 })
      #expect(ids == runs[start], "frame \(frame["number"] ?? "?")")
    }
  }

  @Test func aPipeGetsPlainTextAsWideAsColumns() throws {
    let arguments = ["frame", "Fixtures/traces/landmarks-before.jsonl"]
    for (columns, width) in [("", 100), ("72", 72), ("140", 140)] {
      let run = try BuiltBinary.run(arguments, environment: ["COLUMNS": columns])
      #expect(run.status == 0)
      #expect(!run.output.contains("\u{1B}"))
      let rows = Self.updateRows(run.output)
      #expect(rows.count == 21 + 21 + 14)
      #expect(rows.map(\.count).max() == width, "COLUMNS=\(columns)")
    }
  }

  // MARK: - Reading the output

  /// The frame ids of summarize's frame table (`#62`), in its order.
  static func summarizedIDs(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("    #") }.compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
  }

  /// The ids of the frames `frame` shows, in order.
  static func shownIDs(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("#") }.compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
  }

  /// The lines of `frame`'s text that draw an update (a bar and a view).
  static func updateRows(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.contains("█") }
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}
