import Foundation
import TestSupport
import Testing

@testable import TraceAnalyzer
@testable import tracecli

/// `--format sarif` on diagnose and check: SARIF 2.1.0 as GitHub code scanning reads it.
struct SARIFTests {
  /// The output with the trace's and budget's URIs (relative to wherever the tests run)
  /// replaced by placeholders.
  static func normalized(_ output: String, paths: [String: String]) -> String {
    var text = output
    let directory = FileManager.default.currentDirectoryPath
    for (path, placeholder) in paths {
      text = text.replacingOccurrences(
        of: "\"uri\": \"\(SARIFRenderer.uri(for: path, workingDirectory: directory))\"",
        with: "\"uri\": \"\(placeholder)\"")
    }
    return text
  }

  static func results(_ output: String) throws -> [[String: Any]] {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(json["version"] as? String == "2.1.0")
    #expect(json["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = try #require(json["runs"] as? [[String: Any]])
    let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "tracecli")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    for rule in rules {
      #expect(rule["id"] is String)
      #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
      #expect((rule["help"] as? [String: Any])?["text"] is String)
    }
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    for result in results {
      #expect(rules.contains { $0["id"] as? String == result["ruleId"] as? String })
      #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
      #expect((result["message"] as? [String: Any])?["text"] is String)
      #expect((result["partialFingerprints"] as? [String: String])?.isEmpty == false)
      let location = try #require(
        (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      #expect((location["artifactLocation"] as? [String: Any])?["uri"] is String)
      #expect(((location["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1)
    }
    return results
  }

  @Test func diagnoseWritesEveryFindingAtTheTrace() throws {
    let trace = Fixture.path("traces/update-loop.jsonl")
    let run = CLIRun(["diagnose", trace, "--format", "sarif"])
    #expect(run.status == .success)
    let results = try Self.results(run.output)
    #expect(results.map { $0["ruleId"] as? String } == ["update-loop"])
    #expect(results.first?["level"] as? String == "error")
    Fixture.assertSnapshot(
      Self.normalized(run.output, paths: [trace: "TRACE"]), named: "update-loop.diagnose.sarif")
    // The same trace gives the same fingerprints.
    #expect(CLIRun(["diagnose", trace, "--format", "sarif"]).output == run.output)
  }

  @Test func checkPointsALimitAtItsBudgetLine() throws {
    let trace = Fixture.path("traces/landmarks-before.jsonl")
    let budget = Fixture.path("budgets/landmarks.json")
    let run = CLIRun(["check", trace, "--budget", budget, "--forbid", "long-body", "--format", "sarif"])
    #expect(run.status == .failure)
    let results = try Self.results(run.output)
    #expect(results.count == 5)
    let red = try #require(
      results.first { ($0["properties"] as? [String: Any])?["measure"] as? String == "red" })
    #expect(red["ruleId"] as? String == "budget/views")
    let location = try #require(
      (red["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect(location["region"] as? [String: Int] == ["startLine": 8, "startColumn": 14])
    Fixture.assertSnapshot(
      Self.normalized(run.output, paths: [trace: "TRACE", budget: "BUDGET"]),
      named: "landmarks-before.check.sarif")
  }

  @Test func urisAreRelativeToTheWorkingDirectory() {
    #expect(
      SARIFRenderer.uri(for: "Fixtures/traces/a b.jsonl", workingDirectory: "/repo")
        == "Fixtures/traces/a%20b.jsonl")
    #expect(SARIFRenderer.uri(for: "/repo/perf/run.trace", workingDirectory: "/repo") == "perf/run.trace")
    #expect(SARIFRenderer.uri(for: "/tmp/run.trace", workingDirectory: "/repo/app") == "../../tmp/run.trace")
    #expect(SARIFRenderer.uri(for: "./run.jsonl", workingDirectory: "/repo") == "run.jsonl")
    #expect(SARIFRenderer.uri(for: "-", workingDirectory: "/repo") == "stdin")
  }

  @Test func aBundleIsNamedByItsOwnPath() throws {
    let standin = Fixture.path("xctrace/standin/xctrace")
    let run = CLIRun(
      ["diagnose", "Fixtures/xctrace/standin/Landmarks.trace", "--format", "sarif", "--allow-empty"]
        .relativeToRoot,
      environment: ["TRACECLI_XCTRACE": standin, "PATH": "/usr/bin:/bin"])
    #expect(run.status == .success, "\(run.errors)")
    let directory = FileManager.default.currentDirectoryPath
    let uri = SARIFRenderer.uri(
      for: Fixture.path("xctrace/standin/Landmarks.trace"), workingDirectory: directory)
    let results = try Self.results(run.output)
    #expect(run.output.contains("\"uri\": \"\(uri)\"") || results.isEmpty)
    #expect(!run.output.contains("tracecli-"), "a temporary folder leaked into \(run.output)")
  }
}
