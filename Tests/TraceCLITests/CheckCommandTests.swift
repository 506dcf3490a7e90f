import Foundation
import TestSupport
import Testing

@testable import tracecli

/// `tracecli check`: exit codes, formats, budget errors with locations, `--tighten`.
struct CheckCommandTests {
  @Test(arguments: [
    ("landmarks-before", "landmarks", ExitCode.failure), ("landmarks-after", "landmarks", .success),
    ("favorites-before", "favorites", .failure), ("favorites-after", "favorites", .success),
    ("ci/search-main", "search", .success), ("ci/search-pr", "search", .failure),
  ])
  func storyBudgetsPassAfterTheFixAndFailBefore(trace: String, budget: String, status: ExitCode) {
    let run = CLIRun(
      ["check", "Fixtures/traces/\(trace).jsonl", "--budget", "Fixtures/budgets/\(budget).json"]
        .relativeToRoot)
    #expect(run.status == status, "\(run.errors)")
    #expect(run.errors.isEmpty)
    let name = trace.replacing("ci/", with: "")
    Fixture.assertSnapshot(run.output.withoutRoot, named: "\(name).check.txt")
  }

  @Test(arguments: ["json", "junit", "github", "markdown"])
  func formatsOfARegressionMatchTheirGoldenFiles(_ format: String) {
    let run = CLIRun(
      [
        "check", "Fixtures/traces/ci/search-pr.jsonl", "--budget", "Fixtures/budgets/search.json", "--format",
        format,
      ]
      .relativeToRoot)
    #expect(run.status == .failure)
    let ext =
      ["json": "json", "junit": "junit.xml", "github": "github.txt", "markdown": "md"][format] ?? format
    Fixture.assertSnapshot(run.output.withoutRoot, named: "search-pr.check.\(ext)")
  }

  @Test func simpleLimitsNeedNoFile() throws {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let failing = CLIRun(["check", path, "--max-red", "0", "--max-missed-frames", "2", "--format", "json"])
    #expect(failing.status == .failure)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(failing.output.utf8)) as? [String: Any])
    let violations = try #require(object["violations"] as? [[String: Any]])
    #expect(violations.map { $0["measure"] as? String } == ["red", "missed"])
    #expect(violations.map { $0["value"] as? Int } == [118, 6])
    #expect(violations.map { $0["max"] as? Int } == [0, 2])
    #expect(violations.map { $0["subject"] as? String } == ["all updates", "frames"])
    #expect(
      CLIRun(["check", path, "--max-red", "118", "--max-orange", "96", "--max-missed-frames", "6"]).status
        == .success)
    #expect(CLIRun(["check", path, "--max-orange", "95"]).status == .failure)
    // Stricter thresholds on the command line win over the defaults.
    #expect(CLIRun(["check", path, "--max-red", "118", "--red", "0.9ms"]).status == .failure)
  }

  /// A threshold given on the command line wins over the budget file's, even when it is
  /// Instruments' default; one not given leaves the file's in effect.
  @Test func givenThresholdsWinOverTheBudgetFile() throws {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let budget = try TemporaryFile(
      #"{"thresholds": {"red": "0.9ms"}, "trace": {"red": 118}}"#, name: "b.json")
    defer { budget.remove() }
    #expect(CLIRun(["check", path, "--budget", budget.path]).status == .failure)
    #expect(CLIRun(["check", path, "--budget", budget.path, "--orange", "500us"]).status == .failure)
    #expect(CLIRun(["check", path, "--budget", budget.path, "--red", "1ms"]).status == .success)
  }

  /// `--orange` alone is compared with the red threshold in effect: the budget file's when it
  /// sets one, Instruments' 1 ms otherwise.
  @Test func orangeAloneIsComparedWithTheRedInEffect() throws {
    let path = Fixture.path("traces/landmarks-before.jsonl")
    let budget = try TemporaryFile(#"{"thresholds": {"red": "5ms"}, "trace": {"red": 1000}}"#, name: "b.json")
    defer { budget.remove() }
    #expect(CLIRun(["check", path, "--budget", budget.path, "--orange", "2ms"]).status == .success)
    let above = CLIRun(["check", path, "--budget", budget.path, "--orange", "6ms"])
    #expect(above.status == .usage)
    #expect(above.errors.contains("the orange threshold, 6.00 ms, must not be above the red one, 5.00 ms"))
    let noFile = CLIRun(["check", path, "--max-red", "1000", "--orange", "2ms"])
    #expect(noFile.status == .usage && noFile.errors.contains("must not be above the red one, 1.00 ms\n"))
    let summary = CLIRun(["summarize", path, "--orange", "2ms"])
    #expect(
      summary.status == .usage
        && summary.errors.contains("the default red threshold, 1.00 ms (give --red too)"))
  }

  /// The acceptance rule: a budget at exactly the measured values passes, one below fails
  /// with exit 1 naming the view and both numbers.
  @Test(arguments: ["landmarks-before", "favorites-before", "many-small-updates"])
  func budgetsAtTheMeasuredValuesPassAndOneBelowFails(_ trace: String) throws {
    let path = Fixture.path("traces/\(trace).jsonl")
    let summary = try #require(
      try JSONSerialization.jsonObject(
        with: Data(CLIRun(["summarize", path, "--format", "json"]).output.utf8))
        as? [String: Any])
    let views = try #require(summary["views"] as? [[String: Any]])
    let missed = try #require((summary["frames"] as? [String: Any])?["missed"] as? Int)
    func budget(_ adjust: (Int) -> Int) -> String {
      let entries = views.map { view -> String in
        let name = "\(view["module"] as? String ?? "").\(view["name"] as? String ?? "")"
        let figures = ["count", "orange", "red", "p95Ns", "totalNs", "maxNs"].map { key in
          "\"\(key)\": \(adjust(view[key] as? Int ?? 0))"
        }
        return
          "{\"view\": \"\(name)\", \"kind\": \"\(view["kind"] as? String ?? "")\", \(figures.joined(separator: ", "))}"
      }
      return "{\"views\": [\n" + entries.joined(separator: ",\n")
        + "],\n\"frames\": {\"missed\": \(adjust(missed))}}\n"
    }
    let exact = try TemporaryFile(budget { $0 }, name: "budget.json")
    defer { exact.remove() }
    let pass = CLIRun(["check", path, "--budget", exact.path])
    #expect(pass.status == .success, "\(pass.errors)")
    let below = try TemporaryFile(budget { max(0, $0 - 1) }, name: "budget.json")
    defer { below.remove() }
    let fail = CLIRun(["check", path, "--budget", below.path, "--format", "json"])
    #expect(fail.status == .failure)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(fail.output.utf8)) as? [String: Any])
    let violations = try #require(object["violations"] as? [[String: Any]])
    let first = try #require(views.first)
    let subject =
      "\(first["module"] as? String ?? "").\(first["name"] as? String ?? "") (\(first["kind"] as? String ?? ""))"
    let count = try #require(
      violations.first { $0["subject"] as? String == subject && $0["measure"] as? String == "count" })
    #expect(count["value"] as? Int == first["count"] as? Int)
    #expect(count["max"] as? Int == (first["count"] as? Int ?? 0) - 1)
    let text = CLIRun(["check", path, "--budget", below.path]).output
    #expect(text.contains(subject))
  }

  @Test(arguments: [
    (
      #"{"views": [{"view": "LandmarkListItemVeiw", "red": 0}]}"#,
      "budget.json:1:21: error: no view \"LandmarkListItemVeiw\" in the trace"
    ),
    (
      "{\n  \"frames\": {\"missed\": 1.5}\n}",
      "budget.json:2:24: error: \"missed\" must be a whole number without fraction"
    ),
    (
      #"{"frames": {"mised": 1}}"#,
      #"budget.json:1:13: error: unknown key "mised" in "frames"; did you mean "missed"?"#
    ),
    (#"{"frames": {"missed": 1}"#, "budget.json:1:25: error: unexpected end of file, expected ',' or '}'"),
    ("", "budget.json:1:1: error: the file is empty"),
    (#"{"edges": [{"to": "Nope.body", "count": 1}]}"#, #"budget.json:1:19: error: no node "Nope.body""#),
  ])
  func malformedBudgetsExit65WithTheirLocation(text: String, message: String) throws {
    let file = try TemporaryFile(text, name: "budget.json")
    defer { file.remove() }
    let run = CLIRun(["check", Fixture.path("traces/minimal.jsonl"), "--budget", file.path])
    #expect(run.status == .dataError)
    #expect(run.output.isEmpty)
    #expect(run.errors.replacing(file.path, with: "budget.json").hasPrefix(message), "\(run.errors)")
  }

  @Test func usageAndInputErrors() {
    let trace = Fixture.path("traces/minimal.jsonl")
    #expect(CLIRun(["check", trace]).status == .usage)
    #expect(CLIRun(["check", trace, "--max-red", "0", "--tighten"]).status == .usage)
    #expect(CLIRun(["check", trace, "--max-red", "-1"]).status == .usage)
    #expect(CLIRun(["check", trace, "--max-red", "0", "--format", "xml"]).status == .usage)
    #expect(CLIRun(["check", "--max-red", "0"]).status == .usage)
    #expect(CLIRun(["check", trace, "--budget", "/nonexistent/budget.json"]).status == .noInput)
    #expect(CLIRun(["check", "/nonexistent/trace.jsonl", "--max-red", "0"]).status == .noInput)
    let malformed = CLIRun(["check", Fixture.path("traces/malformed/bad-json.jsonl"), "--max-red", "0"])
    #expect(malformed.status == .dataError)
    #expect(malformed.errors.contains("bad-json.jsonl:3:39: error:"))
    #expect(CLIRun(["check", "--help"]).output.contains("--tighten"))
  }

  @Test func tightenLowersLimitsInPlaceAndSaysWhat() throws {
    let original = """
      {
        "note": "ratchet",
        "views": [ { "view": "LandmarkListItemView", "red": 200, "p95": "3ms", "name": "rows" } ],
        "frames": { "missed": 10 }
      }

      """
    let file = try TemporaryFile(original, name: "budget.json")
    defer { file.remove() }
    let trace = Fixture.path("traces/landmarks-before.jsonl")
    let first = CLIRun(["check", trace, "--budget", file.path, "--tighten"])
    #expect(first.status == .success)
    let rewritten = try String(contentsOfFile: file.path, encoding: .utf8)
    // p95 2.2207 ms with 10 % headroom, rounded up; 132 updates over 1 ms / 1.1 (what a 10 %
    // slower run would count red), with 10 % more; frame limits stay.
    #expect(
      rewritten == """
        {
          "note": "ratchet",
          "views": [ { "view": "LandmarkListItemView", "red": 145, "p95": "2.45ms", "name": "rows" } ],
          "frames": { "missed": 10 }
        }

        """)
    let lines = first.errors.replacing(file.path, with: "budget.json").split(separator: "\n")
    #expect(
      lines == [
        #"budget.json:3:55: lowered "rows" (LandmarkListItemView red) from 200 to 145"#,
        #"budget.json:3:67: lowered "rows" (LandmarkListItemView p95) from "3ms" to "2.45ms""#,
        "tracecli: budget.json: tightened 2 limits",
      ])
    let second = CLIRun(["check", trace, "--budget", file.path, "--tighten"])
    #expect(second.errors.contains("nothing to tighten"))
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == rewritten)
  }

  @Test func tightenReadsStandardInputAsItReadsTheFile() throws {
    let budget = #"{ "views": [ { "view": "LandmarkListItemView", "red": 200, "p95": "3ms" } ] }"# + "\n"
    let trace = Fixture.path("traces/landmarks-before.jsonl")
    let fromFile = try TemporaryFile(budget, name: "budget.json")
    let fromInput = try TemporaryFile(budget, name: "budget.json")
    defer {
      fromFile.remove()
      fromInput.remove()
    }
    #expect(CLIRun(["check", trace, "--budget", fromFile.path, "--tighten"]).status == .success)
    // The built binary, fed the trace on standard input (which the headroom reads twice).
    let arguments = ["check", "-", "--budget", fromInput.path, "--tighten"]
    let run = try BuiltBinary.run(arguments, standardInput: trace)
    #expect(run.status == 0)
    let tightened = try String(contentsOfFile: fromFile.path, encoding: .utf8)
    #expect(tightened.contains(#""red": 145"#))
    #expect(try String(contentsOfFile: fromInput.path, encoding: .utf8) == tightened)
  }

}

/// `--tighten` leaves headroom and never edits on failure; `--write-budget` starts a budget.
struct BudgetRatchetTests {
  private let after = Fixture.path("traces/landmarks-after.jsonl")
  private let before = Fixture.path("traces/landmarks-before.jsonl")

  @Test func tightenKeepsAMarginAndSaysWhenANameQuotesTheOldNumber() throws {
    let file = try TemporaryFile(
      #"{ "views": [ { "view": "LandmarkListItemView", "p95": "2ms", "name": "rows under 2 ms" } ] }"# + "\n",
      name: "budget.json")
    defer { file.remove() }
    let run = CLIRun(["check", after, "--budget", file.path, "--tighten", "--margin", "20%"])
    #expect(run.status == .success)
    // p95 230.138 µs × 1.2 = 276.2 µs, three digits up: 277 µs, written "277us" (below 1 ms, a smaller unit).
    #expect(try String(contentsOfFile: file.path, encoding: .utf8).contains(#""p95": "277us""#))
    #expect(run.errors.contains(#"the name "rows under 2 ms" still quotes "2ms""#))
  }

  @Test func tightenOnATraceOverBudgetChangesNothing() throws {
    let text = #"{ "views": [ { "view": "LandmarkListItemView", "p95": "9ms", "red": 0 } ] }"# + "\n"
    let file = try TemporaryFile(text, name: "budget.json")
    defer { file.remove() }
    let run = CLIRun(["check", before, "--budget", file.path, "--tighten"])
    #expect(run.status == .failure)
    #expect(run.errors.contains("not tightened: the trace is over budget"))
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == text)
  }

  @Test func aStarterBudgetPassesItsTraceAndCatchesTheSlowOne() throws {
    let file = try TemporaryFile("", name: "starter.json")
    defer { file.remove() }
    // The file exists (empty): it is replaced only with --force.
    let refused = CLIRun(["check", after, "--write-budget", file.path])
    #expect(refused.status == .cannotCreate)
    #expect(refused.errors == "tracecli: \(file.path) exists; --force replaces it (or give another file)\n")
    let write = CLIRun(["check", after, "--write-budget", file.path, "--force"])
    #expect(write.status == .success)
    #expect(write.output.isEmpty)
    #expect(CLIRun(["check", after, "--budget", file.path]).status == .success)
    #expect(CLIRun(["check", before, "--budget", file.path]).status == .failure)
    // `-` is standard output, and then alone.
    let printed = CLIRun(["check", after, "--write-budget", "-"])
    #expect(printed.status == .success)
    #expect(printed.output == (try String(contentsOfFile: file.path, encoding: .utf8)))
    #expect(CLIRun(["check", after, "--write-budget", "-", "--max-red", "0"]).status == .usage)
  }

  @Test func theMarginIsAPercentage() {
    #expect(CLIRun(["check", after, "--max-red", "9", "--margin", "lots"]).status == .usage)
  }
}

/// A tightened budget keeps headroom: a run whose every update takes 5 % longer still passes.
struct TightenHeadroomTests {
  /// 100 updates just under the red threshold and 10 over it, one a frame.
  private static let nearRed: String = {
    var lines = [#"{"type":"trace","version":1,"refreshRate":60,"start":0}"#]
    for index in 0..<110 {
      let duration = index < 100 ? 960_000 : 1_200_000
      lines.append(
        #"{"type":"update","id":\#(index),"kind":"body","view":"Row","start":\#(index * 16_666_667),"duration":\#(duration)}"#
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  @Test(arguments: ["landmarks-after", "favorites-after", "many-small-updates", "near-red"])
  func aFivePercentSlowerRunStillPasses(_ name: String) throws {
    let synthetic = try TemporaryFile(Self.nearRed)
    defer { synthetic.remove() }
    let trace = name == "near-red" ? synthetic.path : Fixture.path("traces/\(name).jsonl")
    let budget = try TemporaryFile(
      #"{ "trace": { "red": 100000, "orange": 100000, "p95": "1s", "max": "1s", "total": "100s" },"#
        + #" "views": { "*": { "red": 100000, "orange": 100000, "p95": "1s" } } }"# + "\n",
      name: "budget.json")
    defer { budget.remove() }
    let tightened = CLIRun(["check", trace, "--budget", budget.path, "--tighten"])
    #expect(tightened.status == .success, "\(tightened.errors)")
    #expect(tightened.errors.contains("tightened"))
    // Every duration 5 % longer.
    var slower = ""
    for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
      guard let range = line.range(of: #""duration":"#) else {
        slower += line + "\n"
        continue
      }
      let digits = line[range.upperBound...].prefix { $0.isNumber }
      let value = Int64(digits) ?? 0
      let longer = value >= 3_600_000_000_000 ? value : value + value / 20
      slower += line.replacingCharacters(in: range.upperBound..<digits.endIndex, with: String(longer)) + "\n"
    }
    let copy = try TemporaryFile(slower)
    defer { copy.remove() }
    let check = CLIRun(["check", copy.path, "--budget", budget.path])
    #expect(check.status == .success, "\(check.output)")
  }
}
