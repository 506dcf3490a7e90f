import Foundation
import TestSupport
import Testing
import TraceModel

@testable import TraceAnalyzer

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every check format parses as what it claims to be, names survive escaping, and the
/// numbers in it are the measured ones.
struct CheckFormatTests {
  /// A result with awkward names: XML, Markdown and workflow-command metacharacters.
  private static let awkward: CheckResult = {
    let nasty = "a<b>&\"c\" 'd' 100% done: yes, no | `x` *y*\nnext line\u{01}"
    let scope = BudgetScope.view(
      ViewSelector(query: nasty, kind: .body, location: TextLocation(line: 3, column: 7, offset: 40)))
    let failing = BudgetLimit(
      scope: scope, measure: .p95, max: 400_000, name: nasty,
      location: TextLocation(line: 3, column: 20, offset: 53))
    let passing = BudgetLimit(scope: .frames, measure: .missed, max: 2)
    return CheckResult(
      trace: "runs/ui test, 100%.jsonl", budget: "ci/perf:budget.json",
      results: [
        LimitResult(limit: failing, subject: "Mod.\(nasty) (body)", value: 2_220_252),
        LimitResult(limit: passing, subject: "frames", value: 1),
      ], warnings: ["t.jsonl:9: warning: truncated last line ignored"])
  }()

  private static func fixtureResult() throws -> CheckResult {
    let budget = try BudgetParser.parse(
      try [UInt8](Fixture.data("budgets/perf-budget.json")), file: "perf-budget.json")
    let options = budget.applying(to: AnalysisOptions())
    let measured = try TraceAnalysis.measure(
      paths: [Fixture.path("traces/landmarks-before.jsonl")], name: "landmarks-before.jsonl", for: budget,
      options: options)
    return try BudgetCheck.evaluate(budget, on: measured)
  }

  // MARK: - JSON

  @Test func jsonHasTheContractKeysAndTheMeasuredNumbers() throws {
    let result = try Self.fixtureResult()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(CheckJSONRenderer.render(result).utf8)) as? [String: Any])
    #expect(object["passed"] as? Bool == false)
    let violations = try #require(object["violations"] as? [[String: Any]])
    #expect(violations.count == result.violations.count)
    for (json, entry) in zip(violations, result.violations) {
      #expect(json["limit"] as? String == entry.limit.name)
      #expect(json["subject"] as? String == entry.subject)
      #expect(json["measure"] as? String == entry.limit.measure.rawValue)
      #expect((json["value"] as? NSNumber)?.int64Value == entry.value)
      #expect((json["max"] as? NSNumber)?.int64Value == entry.limit.max)
    }
    let red = try #require(
      violations.first { $0["subject"] as? String == "Landmarks.LandmarkListItemView (body)" })
    #expect(
      red["limit"] as? String == "list rows stay fast" && red["value"] as? Int == 116
        && red["max"] as? Int == 0)
    #expect(red["location"] as? String == "perf-budget.json:16:14")
    let awkward = try JSONSerialization.jsonObject(with: Data(CheckJSONRenderer.render(Self.awkward).utf8))
    let first = ((awkward as? [String: Any])?["violations"] as? [[String: Any]])?.first
    #expect(first?["limit"] as? String == Self.awkward.results[0].limit.name)
  }

  // MARK: - JUnit

  @Test func junitParsesWithOneTestCasePerLimitAndAFailurePerViolation() throws {
    for result in [try Self.fixtureResult(), Self.awkward] {
      let xml = JUnitRenderer.render(result)
      let parsed = try JUnitSummary(Data(xml.utf8))
      #expect(parsed.suites == 1)
      #expect(parsed.testCases.count == result.results.count)
      #expect(parsed.failures.count == result.violations.count)
      #expect(parsed.attributes["testsuites"]?["tests"] == String(result.results.count))
      #expect(parsed.attributes["testsuites"]?["failures"] == String(result.violations.count))
      for (name, entry) in zip(parsed.testCases, result.results) {
        let expected = "\(entry.limit.name): \(entry.subject) \(entry.limit.measure)"
        #expect(name == expected.replacing("\u{01}", with: "\u{FFFD}"))
      }
    }
    let awkward = try JUnitSummary(Data(JUnitRenderer.render(Self.awkward).utf8))
    #expect(awkward.failures.first?.contains("exceeds max 400 µs") == true)
    #expect(awkward.failures.first?.contains("a<b>&\"c\" 'd' 100% done: yes, no") == true)
  }

  // MARK: - GitHub

  @Test func githubLinesAreWorkflowCommandsWithEscapedValues() throws {
    let pattern = #/^::(error|warning|notice)( [a-z]+=[^,:\r\n]*(,[a-z]+=[^,:\r\n]*)*)?::[^\r\n]*$/#
    for result in [try Self.fixtureResult(), Self.awkward] {
      let lines = GitHubRenderer.render(result).split(separator: "\n", omittingEmptySubsequences: false)
        .dropLast()
      for line in lines { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
      #expect(lines.filter { $0.hasPrefix("::error ") }.count == result.violations.count)
    }
    let lines = GitHubRenderer.render(Self.awkward).split(separator: "\n")
    #expect(lines[0] == "::warning title=tracecli::t.jsonl:9: warning: truncated last line ignored")
    let error = String(lines[1])
    #expect(
      error.hasPrefix(
        "::error file=ci/perf%3Abudget.json,line=3,col=20,title=over budget%3A a<b>&\"c\" 'd' 100%25 done%3A yes%2C no | `x` *y*%0Anext line"
      ))
    #expect(error.contains("::Mod.a<b>"))
    #expect(
      error.contains(
        "p95 2.22 ms exceeds max 400 µs (value 2220252, max 400000; trace runs/ui test, 100%25.jsonl)"))
    #expect(GitHubRenderer.escapeProperty("a%b\r\nc:d,e") == "a%25b%0D%0Ac%3Ad%2Ce")
    #expect(GitHubRenderer.escapeData("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e")
  }

  // MARK: - Markdown and text

  @Test func markdownIsAHeadlineAndATableWithARowPerResult() throws {
    for result in [try Self.fixtureResult(), Self.awkward] {
      let markdown = CheckMarkdownRenderer.render(result)
      let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") }
      #expect(rows.count == result.results.count + 1)
      // Every row has the header's six cells: no unescaped pipe splits one.
      for row in rows {
        let cells = row.replacing("\\|", with: "").split(separator: "|", omittingEmptySubsequences: false)
        #expect(cells.count == 8, "\(row)")
      }
      #expect(markdown.hasPrefix(result.passed ? "### ✅" : "### ❌"))
    }
  }

  @Test func textListsFailuresFirstWithTheirLocation() throws {
    let text = CheckRenderer.render(try Self.fixtureResult())
    let lines = text.split(separator: "\n")
    #expect(lines[2].hasPrefix("  FAIL  all updates"))
    #expect(text.contains("list rows stay fast  (16:14)"))
    #expect(lines.last == "over budget: 12 of 21 limits failed")
  }

  @Test func theTextTableFitsTheTerminal() throws {
    let result = try Self.fixtureResult()
    var long = result
    long.results[0].subject = String(repeating: "a long subject ", count: 10)
    long.results[0].limit.name = String(repeating: "a long name ", count: 10)
    let wide = TextStyle(color: false, width: 120)
    for text in [CheckRenderer.render(result, style: wide), CheckRenderer.render(long, style: wide)] {
      let lines = text.split(separator: "\n" as Character).dropFirst()
      #expect(lines.allSatisfy { $0.count <= 120 }, "\(text)")
    }
    #expect(CheckRenderer.render(long, style: wide).contains("a long subject a long subject a long sub…  red"))
    // Narrower, names are cut further (to 12 characters), as far as the other columns allow.
    let narrow = CheckRenderer.render(long, style: TextStyle(color: false, width: 60))
    let widest = narrow.split(separator: "\n" as Character).dropFirst().map(\.count).max() ?? 0
    #expect(widest < 90, "\(narrow)")
    #expect(narrow.contains("a long subj…"))
    // A pipe (no width) gets every name whole.
    #expect(CheckRenderer.render(long).contains(long.results[0].subject + "  red"))
  }

  @Test func renderingsOfTheFixtureMatchTheirGoldenFiles() throws {
    let result = try Self.fixtureResult()
    Fixture.assertSnapshot(CheckRenderer.render(result), named: "landmarks-before.perf-budget.check.txt")
    Fixture.assertSnapshot(CheckJSONRenderer.render(result), named: "landmarks-before.perf-budget.check.json")
    Fixture.assertSnapshot(
      JUnitRenderer.render(result), named: "landmarks-before.perf-budget.check.junit.xml")
    Fixture.assertSnapshot(
      GitHubRenderer.render(result), named: "landmarks-before.perf-budget.check.github.txt")
    Fixture.assertSnapshot(
      CheckMarkdownRenderer.render(result), named: "landmarks-before.perf-budget.check.md")
  }
}

/// What a JUnit XML document holds, read with Foundation's XMLParser.
final class JUnitSummary: NSObject, XMLParserDelegate {
  private(set) var suites = 0
  private(set) var testCases: [String] = []
  private(set) var failures: [String] = []
  private(set) var attributes: [String: [String: String]] = [:]
  private var text = ""
  private var inFailure = false

  init(_ data: Data) throws {
    super.init()
    let parser = XMLParser(data: data)
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.coderReadCorrupt)
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    attributes[elementName] = attributes[elementName] ?? attributeDict
    switch elementName {
    case "testsuite": suites += 1
    case "testcase": testCases.append(attributeDict["name"] ?? "")
    case "failure":
      inFailure = true
      text = (attributeDict["message"] ?? "") + "\n"
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inFailure { text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if elementName == "failure" {
      failures.append(text)
      inFailure = false
    }
  }
}
