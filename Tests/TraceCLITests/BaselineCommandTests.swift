import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `check --baseline`: accepted findings pass, new ones fail, fixed ones are listed;
/// `--write-baseline` writes them and never replaces a file without `--force`.
struct BaselineCommandTests {
  static let before = Fixture.path("traces/landmarks-before.jsonl")
  static let after = Fixture.path("traces/landmarks-after.jsonl")
  static let loop = Fixture.path("traces/update-loop.jsonl")

  /// A path in a fresh temporary folder, and the folder.
  static func scratch(_ name: String) throws -> (path: String, folder: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return (folder.appendingPathComponent(name).path, folder)
  }

  @Test func writtenBaselineIsTheGoldenFile() throws {
    let (path, folder) = try Self.scratch("accepted.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = CLIRun(["check", Self.before, "--forbid", "long-body", "--write-baseline", path])
    // The baseline written now accepts the finding: the check passes with it.
    #expect(run.status == .success)
    #expect(run.output.contains("  accepted  LandmarkListItemView.body runs long"))
    #expect(run.errors.contains("wrote a baseline of 1 finding to \(path)"))
    Fixture.assertSnapshot(
      try String(contentsOfFile: path, encoding: .utf8), named: "landmarks-before.baseline.json")
  }

  @Test func acceptedFindingsPassNewOnesFailFixedOnesAreListed() throws {
    let (path, folder) = try Self.scratch("accepted.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(CLIRun(["check", Self.before, "--write-baseline", path]).status == .success)

    let accepted = CLIRun(["check", Self.before, "--forbid", "long-body,fan-out", "--baseline", path])
    #expect(accepted.status == .success, "\(accepted.output)")
    #expect(accepted.output.contains("  accepted  LandmarkListItemView.body runs long"))
    #expect(accepted.output.contains("within budget: all 2 limits hold (1 finding accepted by \(path))"))

    // The update loop is no part of the baseline: it fails.
    let new = CLIRun([
      "check", Self.loop, "--forbid", "update-loop,long-body", "--baseline", path, "--format", "json",
    ])
    #expect(new.status == .failure)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(new.output.utf8)) as? [String: Any])
    let violations = try #require(json["violations"] as? [[String: Any]])
    #expect(violations.map { $0["limit"] as? String } == ["update-loop"])
    #expect(violations.first?["accepted"] as? Bool == false)
    #expect((violations.first?["fingerprint"] as? String)?.count == 16)
    // ... and the long body it accepted does not occur there: fixed, to be removed.
    let baseline = try #require(json["baseline"] as? [String: Any])
    let fixed = try #require(baseline["fixed"] as? [[String: Any]])
    #expect(fixed.map { $0["rule"] as? String } == ["long-body"])

    let after = CLIRun(["check", Self.after, "--forbid", "long-body", "--baseline", path])
    #expect(after.status == .success)
    #expect(after.output.contains("fixed since \(path) (remove from the baseline):\n  long-body "))
  }

  @Test func aBaselineIsNeverReplacedWithoutForce() throws {
    let (path, folder) = try Self.scratch("accepted.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: path))
    let refused = CLIRun(["check", Self.before, "--write-baseline", path])
    #expect(refused.status == .cannotCreate)
    #expect(refused.errors == "tracecli: \(path) exists; --force replaces it (or give another file)\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me\n")
    let forced = CLIRun(["check", Self.before, "--write-baseline", path, "--force"])
    #expect(forced.status == .success)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""tracecliBaseline": 1"#))
  }

  @Test func misuseIsAUsageError() throws {
    let (path, folder) = try Self.scratch("accepted.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(CLIRun(["check", Self.before, "--write-baseline", path]).status == .success)
    let unforbidden = CLIRun(["check", Self.before, "--max-red", "500", "--baseline", path])
    #expect(unforbidden.status == .usage)
    #expect(unforbidden.errors.contains("--baseline accepts findings of the rules a check forbids"))
    #expect(CLIRun(["check", Self.before, "--max-red", "500", "--force"]).status == .usage)
    #expect(CLIRun(["check", Self.before, "--write-baseline", "-"]).status == .usage)
    // A malformed baseline is bad data at its line and column.
    try Data(#"{"tracecliBaseline": 1, "findings": [{"rule": 3}]}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    let malformed = CLIRun(["check", Self.before, "--forbid", "long-body", "--baseline", path])
    #expect(malformed.status == .dataError)
    #expect(
      malformed.errors.hasPrefix("\(path):1:47: error: \"rule\" must be a string"), "\(malformed.errors)")
  }
}
